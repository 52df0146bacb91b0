import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const age = async (file: string, hours: number) => {
  const then = new Date(Date.now() - hours * 3600_000);
  await utimes(file, then, then);
};

it('removes content written but never committed, and only when older than the grace period', async () => {
  const file = await aFile(server.api, (await aFolder(server.api)).id, 'committed');
  const store = server.app.contentStore;
  // A crash between publishing the bytes and committing the metadata leaves an object without a row…
  const orphan = await store.stage(Readable.from([Buffer.from('orphan')]));
  await store.publish(orphan);
  // …and a crash during an upload leaves a staging file.
  await store.stage(Readable.from([Buffer.from('abandoned')]));
  const abandoned = await store.stage(Readable.from([Buffer.from('abandoned too')]));

  const young = await server.app.sweep(3600_000);
  expect(young).toEqual({ staging: 0, objects: 0, rows: 0 });

  const files = await contentFiles(server.dataDir);
  for (const f of files) await age(f, 2);
  const result = await server.app.sweep(3600_000);
  expect(result).toEqual({ staging: 2, objects: 1, rows: 0 });
  const left = await contentFiles(server.dataDir);
  expect(left.map((f) => path.basename(f))).not.toContain(orphan.id);
  expect(left.map((f) => path.basename(f))).not.toContain(abandoned.id);
  expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('committed');
});

it('keeps an object just published, whose bytes were staged longer ago than the grace period (its commit is about to name it)', async () => {
  const store = server.app.contentStore;
  // The last byte came two hours ago, and the upload's commit only now: a multipart client that
  // held its fields after the file part, a commit that waited on locks.
  const staged = await store.stage(Readable.from([Buffer.from('late commit')]));
  for (const f of await contentFiles(server.dataDir)) if (path.basename(f) === staged.id) await age(f, 2);
  await store.publish(staged);

  expect(await server.app.sweep(3600_000)).toMatchObject({ objects: 0 });
  expect((await contentFiles(server.dataDir)).map((f) => path.basename(f))).toContain(staged.id);
});
