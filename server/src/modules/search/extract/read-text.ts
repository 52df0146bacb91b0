import { convert as htmlToText } from 'html-to-text';
import { Parser as XmlParser } from 'htmlparser2';
import officeParser from 'officeparser';
import { pdfText } from './pdf-text.ts';
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

/** Text in the encoding the content declares, else UTF-8 (or UTF-16 when a byte order mark says so). */
function decode(bytes: Buffer, encoding: string | undefined): string {
  const label = bomEncoding(bytes) ?? encoding ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An encoding label that TextDecoder does not know: read it as UTF-8.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function bomEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
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
