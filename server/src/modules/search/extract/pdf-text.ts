import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page by page (pdf.js), reading no further once `maxChars` are had. Fonts are
 * not loaded and no code in the file is evaluated (isEvalSupported: false).
 */
export async function pdfText(bytes: Buffer, maxChars: number): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    let text = '';
    for (let number = 1; number <= document.numPages && text.length <= maxChars; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.hasEOL ? `${item.str}\n` : item.str;
      }
      text += '\n\n';
      page.cleanup();
    }
    return text;
  } finally {
    await document.destroy();
  }
}
