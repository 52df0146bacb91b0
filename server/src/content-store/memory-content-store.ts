import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ContentMissingError, HEAD_BYTES, type ContentStore, type StagedContent } from './content-store.ts';

/** Content in memory, for unit tests of code that needs a ContentStore. Not for the server. */
export function createMemoryContentStore(): ContentStore {
  const staging = new Map<string, { bytes: Buffer; at: number }>();
  const objects = new Map<string, { bytes: Buffer; at: number }>();

  return {
    async stage(source, limits) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        limits?.check?.(size);
        chunks.push(chunk);
      }
      const id = randomUUID();
      const bytes = Buffer.concat(chunks);
      staging.set(id, { bytes, at: Date.now() });
      return { id, sizeInBytes: size, head: bytes.subarray(0, HEAD_BYTES) } satisfies StagedContent;
    },
    async publish(staged) {
      const entry = staging.get(staged.id);
      if (!entry) throw new Error(`nothing staged as ${staged.id}`);
      staging.delete(staged.id);
      // Its age counts from now, as the other stores' (the content sweeper's grace period).
      objects.set(staged.id, { bytes: entry.bytes, at: Date.now() });
    },
    async discard(staged) {
      staging.delete(staged.id);
    },
    async read(id, range) {
      const entry = objects.get(id);
      if (!entry) throw new ContentMissingError(id);
      const bytes = range ? entry.bytes.subarray(range.start, range.end + 1) : entry.bytes;
      return Readable.from([bytes]);
    },
    async remove(id) {
      objects.delete(id);
    },
    async *list() {
      const now = Date.now();
      for (const [id, entry] of objects) yield { id, ageMs: now - entry.at };
    },
    async sweepStaging(maxAgeMs) {
      const now = Date.now();
      let removed = 0;
      for (const [id, entry] of staging) {
        if (now - entry.at > maxAgeMs) {
          staging.delete(id);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
