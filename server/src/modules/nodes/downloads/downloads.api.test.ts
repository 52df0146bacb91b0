import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aUser, type TestUser } from '../../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { unzip } from '../../../testing/unzip.ts';

let server: TestServer;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  // Zips are built when the test says so (app.runDownloads), not by the server's own loop.
  server = await startTestServer({ DOWNLOAD_MAX_PER_PERSON: '1000' }, { downloadJobs: false });
  bob = await aUser(server.api);
  carol = await aUser(server.api);
});
afterAll(() => server.close());

/** POST /downloads as this client: the 202's entry. */
async function startDownload(api: TestServer['api'], nodeIds: string[]) {
  const res = await api.post('/downloads', { nodeIds });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.entry as { id: string; status: string; [key: string]: unknown };
}

/** Builds the waiting zips, then the download's status. */
async function finished(api: TestServer['api'], id: string) {
  await server.app.runDownloads();
  const res = await api.get(`/downloads/${id}`);
  expect(res.status).toBe(200);
  return res.body.entry as {
    status: string;
    bytesAdded: number;
    filesAdded: number;
    totalBytes: number;
    totalFiles: number;
  };
}

/** The download's zip, unzipped. */
async function zipOf(api: TestServer['api'], id: string) {
  const res = await api.get(`/nodes/${id}/content`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return unzip(res.raw);
}

describe('downloads', () => {
  it('zips a folder with its subfolders and files, as the Content App asks for it', async () => {
    const root = await aFolder(server.api);
    const sub = await aFolder(server.api, root.id, { name: 'sub' });
    const deeper = await aFolder(server.api, sub.id, { name: 'deeper' });
    await aFolder(server.api, root.id, { name: 'empty' });
    const binary = randomBytes(200_000);
    await aFile(server.api, root.id, 'alpha', 'a.txt');
    await aFile(server.api, sub.id, 'beta', 'b.txt');
    await aFile(server.api, deeper.id, binary, 'c.bin');

    const entry = await startDownload(server.api, [root.id]);
    expect(entry).toEqual({
      id: entry.id,
      status: 'PENDING',
      bytesAdded: 0,
      filesAdded: 0,
      totalBytes: 0,
      totalFiles: 0,
    });
    const status = await finished(server.api, entry.id);
    const total = 5 + 4 + binary.length;
    expect(status).toEqual({
      id: entry.id,
      status: 'DONE',
      bytesAdded: total,
      filesAdded: 3,
      totalBytes: total,
      totalFiles: 3,
    });

    // ADF reads the download as a node for the zip's name, then fetches its content.
    const node = await server.api.get(`/nodes/${entry.id}`);
    expect(node.status).toBe(200);
    expect(node.body.entry).toMatchObject({
      id: entry.id,
      name: `${root.name}.zip`,
      nodeType: 'download:download',
      isFile: true,
    });
    const zip = await zipOf(server.api, entry.id);
    expect([...zip.keys()].sort()).toEqual(
      [
        `${root.name}/`,
        `${root.name}/a.txt`,
        `${root.name}/empty/`,
        `${root.name}/sub/`,
        `${root.name}/sub/b.txt`,
        `${root.name}/sub/deeper/`,
        `${root.name}/sub/deeper/c.bin`,
      ].sort(),
    );
    expect(zip.get(`${root.name}/a.txt`)!.toString()).toBe('alpha');
    expect(zip.get(`${root.name}/sub/b.txt`)!.toString()).toBe('beta');
    expect(zip.get(`${root.name}/sub/deeper/c.bin`)!.equals(binary)).toBe(true);
  });

  it('zips several items side by side in archive.zip, an empty file too', async () => {
    const parent = await aFolder(server.api);
    const file = await aFile(server.api, parent.id, 'one', 'one.txt');
    const folder = await aFolder(server.api, parent.id, { name: 'two' });
    await aFile(server.api, folder.id, 'inside', 'inside.txt');
    const empty = await server.api.post(`/nodes/${parent.id}/children`, { name: 'empty.txt', nodeType: 'cm:content' });
    expect(empty.status).toBe(201);

    const entry = await startDownload(server.api, [file.id, folder.id, empty.body.entry.id]);
    expect((await finished(server.api, entry.id)).status).toBe('DONE');
    expect((await server.api.get(`/nodes/${entry.id}`)).body.entry.name).toBe('archive.zip');
    const zip = await zipOf(server.api, entry.id);
    expect(Object.fromEntries([...zip].map(([k, v]) => [k, v.toString()]))).toEqual({
      'one.txt': 'one',
      'two/': '',
      'two/inside.txt': 'inside',
      'empty.txt': '',
    });
  });

  it('leaves out what the caller may not read, and trashed nodes, and fails on none of them', async () => {
    const shared = await aFolder(server.api);
    const everyone = [{ authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED' }];
    expect((await server.api.put(`/nodes/${shared.id}`, { permissions: { locallySet: everyone } })).status).toBe(200);
    await aFile(server.api, shared.id, 'for all', 'public.txt');
    const secret = await aFolder(server.api, shared.id, { name: 'secret' });
    await aFile(server.api, secret.id, 'hidden', 'inside.txt');
    const secretFile = await aFile(server.api, shared.id, 'hidden too', 'secret.txt');
    for (const id of [secret.id, secretFile.id]) {
      const res = await server.api.put(`/nodes/${id}`, { permissions: { isInheritanceEnabled: false } });
      expect(res.status).toBe(200);
    }
    const trashed = await aFile(server.api, shared.id, 'binned', 'trashed.txt');
    expect((await server.api.delete(`/nodes/${trashed.id}`)).status).toBe(204);

    const entry = await startDownload(bob.api, [shared.id]);
    const status = await finished(bob.api, entry.id);
    expect(status).toMatchObject({ status: 'DONE', filesAdded: 1, totalFiles: 1, totalBytes: 7 });
    const zip = await zipOf(bob.api, entry.id);
    expect([...zip.keys()]).toEqual([`${shared.name}/`, `${shared.name}/public.txt`]);

    // The administrator who can read everything gets it all (but the trashed file).
    const all = await startDownload(server.api, [shared.id]);
    expect((await finished(server.api, all.id)).totalFiles).toBe(3);
    expect([...(await zipOf(server.api, all.id)).keys()]).not.toContain(`${shared.name}/trashed.txt`);
  });

  it('shows a download to its creator and administrators only: 404 for anyone else', async () => {
    const folder = await aFolder(bob.api, '-my-');
    await aFile(bob.api, folder.id, 'mine');
    const entry = await startDownload(bob.api, [folder.id]);
    expect((await finished(bob.api, entry.id)).status).toBe('DONE');

    for (const path of [`/downloads/${entry.id}`, `/nodes/${entry.id}`, `/nodes/${entry.id}/content`]) {
      const res = await carol.api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.errorKey).toBe('framework.exception.EntityNotFound');
      expect((await server.api.get(path)).status, path).toBe(200);
    }
    expect((await carol.api.delete(`/downloads/${entry.id}`)).status).toBe(404);
    expect((await carol.api.get(`/downloads/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await bob.api.get(`/downloads/${entry.id}`)).status).toBe(200);
  });

  it('refuses what Alfresco refuses: no nodes or one twice 400, unknown 404, unreadable 403, no sign-in 401', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    const private_ = await aFolder(server.api);
    await server.api.put(`/nodes/${private_.id}`, { permissions: { isInheritanceEnabled: false } });
    const cases: [string[], number][] = [
      [[], 400],
      [[file.id, file.id], 400],
      [[file.id, 'no-such-node'], 404],
      [[private_.id], 403],
    ];
    for (const [nodeIds, status] of cases) {
      const res = await bob.api.post('/downloads', { nodeIds });
      expect(res.status, JSON.stringify(nodeIds)).toBe(status);
    }
    expect((await bob.api.post('/downloads', {})).status).toBe(400);
    expect((await server.api.post('/downloads', { nodeIds: [file.id] }, { auth: null })).status).toBe(401);
    expect((await server.api.get(`/downloads/x`, { auth: null })).status).toBe(401);
  });

  it('cancels a download before its zip is built: CANCELLED, no zip', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id);
    const entry = await startDownload(server.api, [folder.id]);
    expect((await server.api.delete(`/downloads/${entry.id}`)).status).toBe(202);
    expect((await finished(server.api, entry.id)).status).toBe('CANCELLED');
    const content = await server.api.get(`/nodes/${entry.id}/content`);
    expect(content.status).toBe(404);
    // Deleting a finished download removes it and its zip (its creator is done with it).
    const done = await startDownload(server.api, [folder.id]);
    expect((await finished(server.api, done.id)).status).toBe('DONE');
    expect((await server.api.delete(`/downloads/${done.id}`)).status).toBe(202);
    expect((await server.api.get(`/downloads/${done.id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${done.id}/content`)).status).toBe(404);
  });

  it('gives its creator a direct access URL for the zip once built (the web app downloads so, no ticket in a URL)', async () => {
    const folder = await aFolder(bob.api, '-my-');
    await aFile(bob.api, folder.id, 'direct', 'd.txt');
    const entry = await startDownload(bob.api, [folder.id]);
    const url = `/nodes/${entry.id}/request-direct-access-url`;
    const early = await bob.api.post(url, { attachment: true });
    expect(early.status).toBe(404);
    expect(early.body.error.briefSummary).toContain('not ready: PENDING');
    expect((await finished(bob.api, entry.id)).status).toBe('DONE');
    const issued = await bob.api.post(url, { attachment: true });
    expect(issued.status).toBe(200);
    const res = await fetch(issued.body.entry.contentUrl as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(files.get(`${folder.name}/d.txt`)?.toString()).toBe('direct');
    // Another person gets the node's 404.
    expect((await carol.api.post(url, { attachment: true })).status).toBe(404);
  });

  it('keeps names safe in the zip and distinct', async () => {
    const parent = await aFolder(server.api);
    const a = await aFolder(server.api, parent.id, { name: 'same' });
    const b = await aFolder(server.api, (await aFolder(server.api, parent.id)).id, { name: 'same' });
    await aFile(server.api, a.id, 'A', 'x.txt');
    await aFile(server.api, b.id, 'B', 'x.txt');
    const entry = await startDownload(server.api, [a.id, b.id]);
    expect((await finished(server.api, entry.id)).status).toBe('DONE');
    const zip = await zipOf(server.api, entry.id);
    expect(Object.fromEntries([...zip].map(([k, v]) => [k, v.toString()]))).toEqual({
      'same/': '',
      'same/x.txt': 'A',
      'same (2)/': '',
      'same (2)/x.txt': 'B',
    });
  });
});

describe('downloads per person', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ DOWNLOAD_MAX_PER_PERSON: '3' }, { downloadJobs: false });
  });
  afterAll(() => limited.close());

  it('keeps at most DOWNLOAD_MAX_PER_PERSON per person, finished ones too: 429 beyond, others unaffected', async () => {
    const dora = await aUser(limited.api);
    const file = await aFile(dora.api, '-my-', 'x', 'one.txt');
    for (let i = 0; i < 3; i++) expect((await dora.api.post('/downloads', { nodeIds: [file.id] })).status).toBe(202);
    await limited.app.runDownloads();
    const refused = await dora.api.post('/downloads', { nodeIds: [file.id] });
    expect(refused.status).toBe(429);
    expect(refused.body.error.briefSummary).toContain('At most 3 downloads per person');
    const eve = await aUser(limited.api);
    const hers = await aFile(eve.api, '-my-', 'x', 'two.txt');
    expect((await eve.api.post('/downloads', { nodeIds: [hers.id] })).status).toBe(202);
  });

  it('counts and records in one step: of 6 made at once, 3 are kept and 3 refused', async () => {
    const fay = await aUser(limited.api);
    const file = await aFile(fay.api, '-my-', 'x', 'f.txt');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fay.api.post('/downloads', { nodeIds: [file.id] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
  });
});
