import { convert as htmlToText } from 'html-to-text';
import { Parser as XmlParser } from 'htmlparser2';
import officeParser from 'officeparser';
import { pdfText } from './pdf-text.ts';
import { decode } from './plain-text.ts';
import type { TextFormat } from './text-formats.ts';
import { assertZipWithin } from './zip-limits.ts';

export interface ReadTextLimits {
  /** Most bytes a zipped document (DOCX, ODT, …) may unpack to. */
  readonly maxUnzippedBytes: number;
  /** Characters wanted: a reader that can stop early (PDF, page by page) stops past them. */
  readonly maxTextChars: number;
}

/** The text of one content, read as its format says. Throws when the content cannot be read. */
export async function readText(
  bytes: Buffer,
  format: TextFormat,
  encoding: string | undefined,
  limits: ReadTextLimits,
): Promise<string> {
  switch (format) {
    case 'plain':
      return decode(bytes, encoding);
    case 'html':
      return htmlToText(decode(bytes, encoding), {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { ignoreHref: true } },
          { selector: 'img', format: 'skip' },
        ],
      });
    case 'xml':
      return xmlText(decode(bytes, encoding));
    case 'zipped-office':
      await assertZipWithin(bytes, limits.maxUnzippedBytes);
      return officeParser.parseOfficeAsync(bytes, { newlineDelimiter: '\n' });
    case 'pdf':
      return pdfText(bytes, limits.maxTextChars);
  }
}

/** The text of an XML document, each element on its own line (a streaming parser: no tree, no entities fetched). */
function xmlText(xml: string): string {
  let text = '';
  const lineBreak = () => {
    text += '\n';
  };
  const parser = new XmlParser(
    {
      ontext: (chunk) => {
        text += chunk;
      },
      onopentag: lineBreak,
      onclosetag: lineBreak,
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return text;
}
