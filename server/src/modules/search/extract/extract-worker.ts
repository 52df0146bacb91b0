/**
 * The worker thread that reads text out of contents (run by text-extractor.ts through piscina):
 * parsing PDFs and office files is CPU work that must not hold up the server's event loop, and
 * a broken or hostile file can only take this thread down, within its time and heap limits.
 */
import { readText } from './read-text.ts';
import type { TextFormat } from './text-formats.ts';

export interface ExtractTask {
  readonly bytes: Uint8Array;
  readonly format: TextFormat;
  readonly encoding?: string;
  readonly maxTextChars: number;
  readonly maxUnzippedBytes: number;
}

export interface ExtractOutcome {
  readonly text: string;
  readonly truncated: boolean;
}

export default async function extract(task: ExtractTask): Promise<ExtractOutcome> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const text = tidy(await readText(bytes, task.format, task.encoding, task));
  if (text.length <= task.maxTextChars) return { text, truncated: false };
  return { text: cut(text, task.maxTextChars), truncated: true };
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
