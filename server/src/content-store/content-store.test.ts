import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, it, vi } from 'vitest';
import { describeContentStore } from './content-store.test-suite.ts';
import { createFsContentStore } from './fs-content-store.ts';
import { createMemoryContentStore } from './memory-content-store.ts';

/** A directory of its own for each store, removed when the file's tests end. */
const roots: string[] = [];
async function aRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-cs-'));
  roots.push(root);
  return root;
}
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

describeContentStore('memory', async () => createMemoryContentStore());
describeContentStore('file system', async () => createFsContentStore(await aRoot()));

it('file system store writes published objects under objects/ and nothing remains in staging', async () => {
  const root = await aRoot();
  const store = createFsContentStore(root);
  const staged = await store.stage(Readable.from([Buffer.from('abc')]));
  await store.publish(staged);
  expect(await readdir(path.join(root, 'staging'))).toEqual([]);
  expect(await readdir(path.join(root, 'objects', staged.id.slice(0, 2), staged.id.slice(2, 4)))).toEqual([staged.id]);
});

it('memory store: an object is as old as its publishing, however long ago it was staged', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const store = createMemoryContentStore();
    const staged = await store.stage(Readable.from([Buffer.from('late')]));
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    await store.publish(staged);
    const listed: { id: string; ageMs: number }[] = [];
    for await (const object of store.list()) listed.push(object);
    expect(listed).toEqual([{ id: staged.id, ageMs: 0 }]);
  } finally {
    vi.useRealTimers();
  }
});
