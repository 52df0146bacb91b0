import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ContentStore } from './content-store.ts';
import type { S3ContentStore } from './s3-content-store.ts';

/** What happened to one object. */
export type MigrationOutcome =
  | { id: string; outcome: 'copied'; sizeInBytes: number }
  | { id: string; outcome: 'skipped'; sizeInBytes: number }
  | { id: string; outcome: 'failed'; error: unknown };

export interface MigrationSummary {
  copied: number;
  skipped: number;
  failed: number;
  bytesCopied: number;
}

export interface MigrateOptions {
  /** Where the objects are now (the filesystem store). */
  from: ContentStore;
  /** Where they go, under the same ids. */
  to: Pick<S3ContentStore, 'put' | 'sizeOf' | 'read'>;
  /** Objects copied at once (each holds at most the S3 store's (queueSize + 1) parts in memory). */
  concurrency?: number;
  /** Called after each object, with the totals so far. */
  onObject?(result: MigrationOutcome, summary: Readonly<MigrationSummary>): void;
}

/**
 * Copies every published object of `from` into `to` under its own id (`npm run content:migrate`).
 * An object already in `to` with the same size and SHA-256 is skipped, so a rerun copies only
 * what is missing or different. Each copy streams (bounded memory) and is verified by reading it
 * back and comparing the SHA-256. A failure (an object that vanished, a read or write error, a
 * digest that differs) is counted and reported; the run goes on with the others.
 */
export async function migrateContent(options: MigrateOptions): Promise<MigrationSummary> {
  const { from, to } = options;
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: 0, bytesCopied: 0 };
  const ids = from.list()[Symbol.asyncIterator]();
  // Concurrent next() calls on an async generator are queued: each worker takes the next id.
  const worker = async () => {
    for (let next = await ids.next(); !next.done; next = await ids.next()) {
      const result = await migrateObject(from, to, next.value.id);
      if (result.outcome === 'copied') {
        summary.copied += 1;
        summary.bytesCopied += result.sizeInBytes;
      } else if (result.outcome === 'skipped') summary.skipped += 1;
      else summary.failed += 1;
      options.onObject?.(result, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}

async function migrateObject(from: ContentStore, to: MigrateOptions['to'], id: string): Promise<MigrationOutcome> {
  try {
    const there = await to.sizeOf(id);
    if (there !== undefined) {
      const source = await digestOf(await from.read(id));
      if (source.size === there && (await digestOf(await to.read(id))).sha256 === source.sha256) {
        return { id, outcome: 'skipped', sizeInBytes: there };
      }
    }
    const hash = createHash('sha256');
    let size = 0;
    const source = await from.read(id);
    await to.put(
      id,
      (async function* () {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    const sent = hash.digest('hex');
    const back = await digestOf(await to.read(id));
    if (back.size !== size || back.sha256 !== sent) {
      throw new Error(`read back ${back.size} bytes, SHA-256 ${back.sha256}; wrote ${size} bytes, SHA-256 ${sent}`);
    }
    return { id, outcome: 'copied', sizeInBytes: size };
  } catch (error) {
    return { id, outcome: 'failed', error };
  }
}

/** Size and SHA-256 (hex) of a stream, read to its end. */
export async function digestOf(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
