/**
 * The worker thread that reads text out of contents (run by text-extractor.ts through piscina):
 * parsing PDFs and office files is CPU work that must not hold up the server's event loop, and
 * a broken or hostile file can only take this thread down, within its time and heap limits.
 */
import { outcomeOf, type TextOutcome } from './plain-text.ts';
import { readText } from './read-text.ts';
import type { TextFormat } from './text-formats.ts';

export interface ExtractTask {
  readonly bytes: Uint8Array;
  readonly format: TextFormat;
  readonly encoding?: string;
  readonly maxTextChars: number;
  readonly maxUnzippedBytes: number;
}

export type ExtractOutcome = TextOutcome;

export default async function extract(task: ExtractTask): Promise<ExtractOutcome> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  return outcomeOf(await readText(bytes, task.format, task.encoding, task), task.maxTextChars);
}
