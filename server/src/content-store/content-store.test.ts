import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeContentStore } from './content-store.test-suite.ts';
import { createFsContentStore } from './fs-content-store.ts';
import { createMemoryContentStore } from './memory-content-store.ts';

describeContentStore('memory', async () => createMemoryContentStore());
describeContentStore('file system', async () => createFsContentStore(await mkdtemp(path.join(tmpdir(), 'quire-cs-'))));

it('file system store writes published objects under objects/ and nothing remains in staging', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-cs-'));
  const store = createFsContentStore(root);
  const staged = await store.stage(Readable.from([Buffer.from('abc')]));
  await store.publish(staged);
  expect(await readdir(path.join(root, 'staging'))).toEqual([]);
  expect(await readdir(path.join(root, 'objects', staged.id.slice(0, 2), staged.id.slice(2, 4)))).toEqual([staged.id]);
});
