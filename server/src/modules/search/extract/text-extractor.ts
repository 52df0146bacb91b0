import Piscina from 'piscina';
import type { ExtractOutcome, ExtractTask } from './extract-worker.ts';
import { decode, INLINE_PLAIN_BYTES, outcomeOf } from './plain-text.ts';
import { textFormatOf } from './text-formats.ts';

export interface TextExtractorOptions {
  /** Worker threads reading text at once (each parses one file at a time). */
  readonly threads: number;
  /** Longest a file may take; the worker reading it is then stopped. */
  readonly timeoutMs: number;
  /** Largest content read; larger ones are not read at all. */
  readonly maxInputBytes: number;
  /** Most characters kept of one content's text; the rest is cut off. */
  readonly maxTextChars: number;
  /** Most bytes a zipped document (DOCX, ODT, …) may unpack to. */
  readonly maxUnzippedBytes: number;
  /** The JavaScript heap of each worker, in MiB; a file that needs more fails alone. */
  readonly maxHeapMb: number;
}

export const DEFAULT_EXTRACTION: TextExtractorOptions = {
  threads: 1,
  timeoutMs: 30_000,
  maxInputBytes: 64 * 1024 * 1024,
  maxTextChars: 1_000_000,
  maxUnzippedBytes: 256 * 1024 * 1024,
  maxHeapMb: 512,
};

/** What reading a content's text came to: its text, no text to read in this format, or why it failed. */
export type ExtractionResult =
  | { readonly status: 'extracted'; readonly text: string; readonly truncated: boolean }
  | { readonly status: 'none' }
  | { readonly status: 'failed'; readonly reason: string };

export interface TextExtractor {
  extract(bytes: Uint8Array, mimeType: string, encoding?: string): Promise<ExtractionResult>;
  close(): Promise<void>;
}

// From the sources (tsx, tests) the worker is a TypeScript module; in the bundle (dist-server/) it
// is extract-worker.js beside main.js (scripts/build-server.ts).
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSources ? './extract-worker.ts' : './extract-worker.js', import.meta.url).href;

/** Reads text out of contents in worker threads, within the limits given. */
export function createTextExtractor(options: TextExtractorOptions = DEFAULT_EXTRACTION): TextExtractor {
  const pool = new Piscina<ExtractTask, ExtractOutcome>({
    filename: workerFile,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
  });
  return {
    async extract(bytes, mimeType, encoding) {
      const format = textFormatOf(mimeType);
      if (!format) return { status: 'none' };
      if (bytes.byteLength > options.maxInputBytes) {
        return { status: 'failed', reason: `larger than the ${options.maxInputBytes} bytes whose text is read` };
      }
      if (format === 'plain' && bytes.byteLength <= INLINE_PLAIN_BYTES) {
        const text = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
        return { status: 'extracted', ...outcomeOf(text, options.maxTextChars) };
      }
      const task: ExtractTask = { bytes, format, encoding, ...options };
      try {
        const outcome = await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) });
        return { status: 'extracted', ...outcome };
      } catch (error) {
        return { status: 'failed', reason: failureReason(error, options) };
      }
    },
    close: () => pool.close({ force: true }),
  };
}

function failureReason(error: unknown, options: TextExtractorOptions): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError' || name === 'TimeoutError') return `took longer than ${options.timeoutMs} ms`;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return `needed more than ${options.maxHeapMb} MiB`;
  return (message ?? String(error)).slice(0, 500);
}
