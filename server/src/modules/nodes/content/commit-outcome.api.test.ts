import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transact } from '../../../db/group-commit.ts';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { bigContent, contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/**
 * What an upload leaves in the content store when its metadata transaction fails. Its bytes are
 * published before the transaction; they may be removed at once only when nothing can name them:
 * the upload's own work failed (a rolled-back transaction). A failure once that work has ended (the
 * COMMIT, group commit's flush or sync) has an outcome the server cannot know — PostgreSQL's
 * connection lost while COMMIT was in flight may have committed — so the object stays, and the
 * content sweeper removes it later if no row names it.
 *
 * The failures are made by wrapping the real transaction runner (app.ts `wrapTransact`): the
 * next write transaction either commits and then fails to its caller, or fails after the upload's
 * work has ended and rolls back. Real database, real content store (files under DATA_DIR).
 */
type Fault = 'committed, then lost' | 'rolled back after the work';

let fault: Fault | undefined;
const faultyTransact =
  (transact: Transact): Transact =>
  async (work) => {
    const armed = fault;
    fault = undefined;
    if (armed === 'rolled back after the work') {
      return transact(async (tx) => {
        await work(tx);
        throw new Error('connection lost before COMMIT was sent');
      });
    }
    const result = await transact(work);
    if (armed === 'committed, then lost') throw new Error('connection lost while COMMIT was in flight');
    return result;
  };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { wrapTransact: faultyTransact });
});
afterAll(() => server.close());

const objectNames = async () => (await contentFiles(server.dataDir)).map((f) => path.basename(f)).sort();
const childrenOf = async (folderId: string) =>
  (await server.api.get(`/nodes/${folderId}/children`)).body.list.entries.map(
    (e: { entry: { id: string; name: string } }) => e.entry,
  ) as { id: string; name: string }[];
const text = { 'content-type': 'text/plain' };

/** The content at `url` is `expected` (a failed read shows its answer, not a 70 KiB diff). */
async function expectContent(url: string, expected: string) {
  const res = await server.api.get(url);
  expect(res.status, res.raw.toString().slice(0, 500)).toBe(200);
  expect(res.raw.toString() === expected, `${url} has other bytes`).toBe(true);
}

describe('a commit whose outcome the caller did not hear', () => {
  it('keeps the bytes of a new file that committed although the upload answered an error', async () => {
    const folder = await aFolder(server.api);
    fault = 'committed, then lost';
    const res = await server.api.upload(folder.id, 'kept.txt', bigContent('kept'));
    expect(res.status).toBe(500);

    const [file] = await childrenOf(folder.id);
    expect(file?.name).toBe('kept.txt');
    await expectContent(`/nodes/${file!.id}/content`, bigContent('kept'));
    // The sweeper, even with no grace at all, leaves what a node names.
    await server.app.sweep(0);
    await expectContent(`/nodes/${file!.id}/content`, bigContent('kept'));
  });

  it('keeps the bytes of a new version that committed although the update answered an error', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, bigContent('first'));
    fault = 'committed, then lost';
    const res = await server.api.put(`/nodes/${file.id}/content`, bigContent('second'), { headers: text });
    expect(res.status).toBe(500);

    await expectContent(`/nodes/${file.id}/content`, bigContent('second'));
    const versions = await server.api.get(`/nodes/${file.id}/versions`);
    expect(versions.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['1.1', '1.0']);
    await server.app.sweep(0);
    await expectContent(`/nodes/${file.id}/versions/1.1/content`, bigContent('second'));
    await expectContent(`/nodes/${file.id}/versions/1.0/content`, bigContent('first'));
  });

  it('keeps the bytes of an overwriting upload that committed although it answered an error', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id, bigContent('old'), 'same.txt');
    fault = 'committed, then lost';
    const res = await server.api.upload(folder.id, 'same.txt', bigContent('new'), { overwrite: 'true' });
    expect(res.status).toBe(500);

    await expectContent(`/nodes/${file.id}/content`, bigContent('new'));
  });

  it('leaves the bytes of a transaction that in fact rolled back to the sweeper, which removes them', async () => {
    const folder = await aFolder(server.api);
    const before = await objectNames();
    fault = 'rolled back after the work';
    const res = await server.api.upload(folder.id, 'lost.txt', bigContent('lost'));
    expect(res.status).toBe(500);

    expect(await childrenOf(folder.id)).toEqual([]);
    const left = (await objectNames()).filter((n) => !before.includes(n));
    expect(left).toHaveLength(1);
    expect(await server.app.sweep(0)).toMatchObject({ objects: 1 });
    expect(await objectNames()).toEqual(before);
  });
});

describe('a failure of the upload’s own work (its transaction rolled back)', () => {
  it('removes the bytes at once when the name is taken (409)', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'small', 'taken.txt');
    const before = await objectNames();
    const res = await server.api.upload(folder.id, 'taken.txt', bigContent('refused'));
    expect(res.status).toBe(409);
    expect(await objectNames()).toEqual(before);
  });

  it('removes the bytes at once when an overwrite meets a folder of that name (409)', async () => {
    const folder = await aFolder(server.api);
    await aFolder(server.api, folder.id, { name: 'folder.txt' });
    const before = await objectNames();
    const res = await server.api.upload(folder.id, 'folder.txt', bigContent('refused'), { overwrite: 'true' });
    expect(res.status).toBe(409);
    expect(await objectNames()).toEqual(before);
  });

  it('removes the bytes at once when a relativePath element is a file (409)', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'a file', 'plain.txt');
    const before = await objectNames();
    const res = await server.api.upload(folder.id, 'below.txt', bigContent('refused'), { relativePath: 'plain.txt/x' });
    expect(res.status).toBe(409);
    expect(await objectNames()).toEqual(before);
  });
});
