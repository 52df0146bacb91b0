import { TextDecoder } from 'node:util';

/**
 * Plain text: decoding, and the tidying and cutting every extracted text gets. Small plain-text
 * contents are read here, on the server's thread (text-extractor.ts): handing a few kilobytes to
 * a worker thread costs more than reading them.
 */

/**
 * Plain-text contents up to this size are read on the server's thread (a fraction of a
 * millisecond; a worker's round trip costs more), in the upload's own transaction when they are
 * stored with it (inline-text.ts); larger ones, and every other format, in a worker.
 */
export const INLINE_PLAIN_BYTES = 64 * 1024;

/** What reading a content's text came to. */
export interface TextOutcome {
  readonly text: string;
  readonly truncated: boolean;
}

/** A text read out of a content, tidied and cut to `maxTextChars`. */
export function outcomeOf(raw: string, maxTextChars: number): TextOutcome {
  const text = tidy(raw);
  if (text.length <= maxTextChars) return { text, truncated: false };
  return { text: cut(text, maxTextChars), truncated: true };
}

/** Text in the encoding the content declares, else UTF-8 (or UTF-16 when a byte order mark says so). */
export function decode(bytes: Buffer, encoding: string | undefined): string {
  return decoderFor(bomEncoding(bytes) ?? encoding ?? 'utf-8').decode(bytes);
}

/** One decoder per label (a decoder keeps no state between whole-buffer decodes); at most a few dozen labels. */
const decoders = new Map<string, TextDecoder>();

function decoderFor(label: string): TextDecoder {
  let decoder = decoders.get(label);
  if (!decoder) {
    try {
      decoder = new TextDecoder(label);
    } catch {
      // An encoding label that TextDecoder does not know: read it as UTF-8.
      decoder = new TextDecoder('utf-8');
    }
    if (decoders.size < 64) decoders.set(label, decoder);
  }
  return decoder;
}

function bomEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Runs of spaces become one, three or more line breaks two; NUL (which PostgreSQL text cannot hold) goes. */
function tidy(text: string): string {
  return text
    .replaceAll('\u0000', '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `length` characters, never ending in half a surrogate pair. */
function cut(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
