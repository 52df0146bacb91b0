import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { HEAD_BYTES, type ContentStore, type StageLimits, type StagedContent } from './content-store.ts';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Content on the local file system: `<root>/objects/<aa>/<bb>/<id>` for published objects,
 * `<root>/staging/<id>` while a write is in progress.
 */
export function createFsContentStore(root: string): ContentStore {
  const stagingDir = path.join(root, 'staging');
  const objectsDir = path.join(root, 'objects');
  const ready = Promise.all([mkdir(stagingDir, { recursive: true }), mkdir(objectsDir, { recursive: true })]);

  const objectPath = (id: string): string => {
    if (!ID_PATTERN.test(id)) throw new Error(`invalid content id ${id}`);
    return path.join(objectsDir, id.slice(0, 2), id.slice(2, 4), id);
  };
  const stagingPath = (id: string): string => path.join(stagingDir, id);

  return {
    async stage(source, limits?: StageLimits): Promise<StagedContent> {
      await ready;
      const id = randomUUID();
      const file = stagingPath(id);
      const handle = await open(file, 'wx', 0o600);
      let size = 0;
      const headChunks: Buffer[] = [];
      let headSize = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          limits?.check?.(size);
          if (headSize < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          let offset = 0;
          while (offset < chunk.length) {
            const { bytesWritten } = await handle.write(chunk, offset);
            offset += bytesWritten;
          }
        }
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(file, { force: true });
        throw error;
      }
      await handle.close();
      return { id, sizeInBytes: size, head: Buffer.concat(headChunks) };
    },

    async publish(staged) {
      const target = objectPath(staged.id);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(stagingPath(staged.id), target);
      await syncDirectory(path.dirname(target));
    },

    async discard(staged) {
      await rm(stagingPath(staged.id), { force: true });
    },

    async read(id, range) {
      const file = objectPath(id);
      await stat(file); // fail here (ENOENT) rather than inside the response stream
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async remove(id) {
      await unlink(objectPath(id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async *list() {
      await ready;
      const now = Date.now();
      for (const a of await readdir(objectsDir)) {
        for (const b of await readdir(path.join(objectsDir, a)).catch(() => [])) {
          const dir = path.join(objectsDir, a, b);
          for (const id of await readdir(dir).catch(() => [])) {
            const info = await stat(path.join(dir, id)).catch(() => null);
            if (info && ID_PATTERN.test(id)) yield { id, ageMs: now - info.mtimeMs };
          }
        }
      }
    },

    async sweepStaging(maxAgeMs) {
      await ready;
      let removed = 0;
      const now = Date.now();
      for (const name of await readdir(stagingDir)) {
        const file = path.join(stagingDir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > maxAgeMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
