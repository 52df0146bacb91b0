import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ContentMissingError,
  HEAD_BYTES,
  type ContentStore,
  type StageLimits,
  type StagedContent,
} from './content-store.ts';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a store's files are, and the promise that its folders exist. */
interface Layout {
  readonly stagingDir: string;
  readonly objectsDir: string;
  readonly ready: Promise<unknown>;
}

/**
 * Content on the local file system: `<root>/objects/<aa>/<bb>/<id>` for published objects,
 * `<root>/staging/<id>` while a write is in progress.
 */
export function createFsContentStore(root: string): ContentStore {
  const stagingDir = path.join(root, 'staging');
  const objectsDir = path.join(root, 'objects');
  const ready = Promise.all([mkdir(stagingDir, { recursive: true }), mkdir(objectsDir, { recursive: true })]);
  const layout: Layout = { stagingDir, objectsDir, ready };
  return {
    stage: (source, limits?: StageLimits) => stage(layout, source, limits),
    publish: (staged) => publish(layout, staged),
    async discard(staged) {
      await rm(stagingPath(layout, staged.id), { force: true });
    },
    read: (id, range) => read(layout, id, range),
    async remove(id) {
      await unlink(objectPath(layout, id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    list: () => list(layout),
    sweepStaging: (maxAgeMs) => sweepStaging(layout, maxAgeMs),
  };
}

function objectPath(layout: Layout, id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`invalid content id ${id}`);
  return path.join(layout.objectsDir, id.slice(0, 2), id.slice(2, 4), id);
}

const stagingPath = (layout: Layout, id: string): string => path.join(layout.stagingDir, id);

async function stage(
  layout: Layout,
  source: AsyncIterable<Buffer> | Readable,
  limits?: StageLimits,
): Promise<StagedContent> {
  await layout.ready;
  const id = randomUUID();
  const file = stagingPath(layout, id);
  const handle = await open(file, 'wx', 0o600);
  let written: { size: number; head: Buffer };
  try {
    written = await writeAll(handle, source as AsyncIterable<Buffer>, limits);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
  await handle.close();
  return { id, sizeInBytes: written.size, head: written.head };
}

/** Writes the chunks to the file as they come, checking the limits; answers the size and first bytes. */
async function writeAll(
  handle: FileHandle,
  source: AsyncIterable<Buffer>,
  limits: StageLimits | undefined,
): Promise<{ size: number; head: Buffer }> {
  let size = 0;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  for await (const chunk of source) {
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
  return { size, head: Buffer.concat(headChunks) };
}

/**
 * Moves the staged object into place, its time set to now: an object's age (`list`, which the
 * content sweeper's grace period is measured against) counts from its publishing, which its
 * commit follows, not from its last byte (a rename keeps the file's time, and an upload may be
 * committed long after its last byte: fields after the file part, a commit waiting on locks).
 */
async function publish(layout: Layout, staged: StagedContent): Promise<void> {
  const target = objectPath(layout, staged.id);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(stagingPath(layout, staged.id), target);
  const now = new Date();
  await utimes(target, now, now);
  await syncDirectory(path.dirname(target));
}

/**
 * Opens the file before answering, so that a missing object fails here rather than inside the
 * response stream; once open, the bytes stay readable even if the object is removed meanwhile.
 */
async function read(layout: Layout, id: string, range?: { start: number; end: number }): Promise<Readable> {
  const file = objectPath(layout, id);
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new ContentMissingError(id, { cause: error }) : error;
  });
  return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
}

async function* list(layout: Layout): AsyncIterable<{ id: string; ageMs: number }> {
  const { objectsDir } = layout;
  await layout.ready;
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
}

async function sweepStaging(layout: Layout, maxAgeMs: number): Promise<number> {
  const { stagingDir } = layout;
  await layout.ready;
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
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
