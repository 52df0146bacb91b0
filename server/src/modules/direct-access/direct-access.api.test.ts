import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { API, startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A folder only `user` (and admin) may read, with one file in it. */
async function privateFile(user: TestUser, content = 'private bytes') {
  const folder = await aFolder(server.api);
  const locallySet = [{ authorityId: user.id, name: 'Consumer', accessStatus: 'ALLOWED' }];
  const res = await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet } });
  expect(res.status).toBe(200);
  return { folder, file: await aFile(server.api, folder.id, content) };
}

async function requestUrl(api: TestServer['api'], path: string, body?: unknown) {
  const res = await api.post(`${path}/request-direct-access-url`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entry as { contentUrl: string; attachment: boolean; expiryTime: string };
}

/** A GET of a URL with no credentials at all. */
const download = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('request-direct-access-url', () => {
  it('gives a short-lived URL that downloads the file without credentials and carries none', async () => {
    const user = await aUser(server.api);
    const { file } = await privateFile(user, 'hello direct');
    const before = Date.now();
    const entry = await requestUrl(user.api, `/nodes/${file.id}`);
    expect(entry.attachment).toBe(true);
    expect(entry.contentUrl.startsWith(`${server.baseUrl}${API}/direct-access/`)).toBe(true);
    // No credential travels in it: no parameter such as alf_ticket or password (its random token
    // may spell "pw" by chance, so the check is on parameter names, not on any letters).
    expect(entry.contentUrl).not.toMatch(/[?&;](alf_ticket|ticket|pw|password)=/i);
    expect(entry.contentUrl).not.toContain(user.password);
    const expiry = Date.parse(entry.expiryTime.replace(/\+0000$/, 'Z'));
    expect(expiry).toBeGreaterThanOrEqual(before + 29_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 31_000);

    const res = await download(entry.contentUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello direct');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Within its lifetime it may be used again (a read-only grant; documented).
    const partial = await download(entry.contentUrl, { range: 'bytes=0-4' });
    expect(partial.status).toBe(206);
    expect(await partial.text()).toBe('hello');
  });

  it('takes attachment=false for a type a browser may show, and no body at all', async () => {
    const folder = await aFolder(server.api);
    const png = await server.api.upload(folder.id, 'pixel.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const inline = await requestUrl(server.api, `/nodes/${png.body.entry.id}`, { attachment: false });
    expect(inline.attachment).toBe(false);
    expect((await download(inline.contentUrl)).headers.get('content-disposition')).toMatch(/^inline;/);
    const bare = await server.api.request('POST', `/nodes/${png.body.entry.id}/request-direct-access-url`);
    expect(bare.status).toBe(200);
    expect(bare.body.entry.attachment).toBe(true);
  });

  it('downloads one version, and only that version', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id, 'first');
    const update = await server.api.put(`/nodes/${file.id}/content`, 'second', {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(update.status).toBe(200);
    const old = await requestUrl(server.api, `/nodes/${file.id}/versions/1.0`);
    expect(await (await download(old.contentUrl)).text()).toBe('first');
    const current = await requestUrl(server.api, `/nodes/${file.id}`);
    expect(await (await download(current.contentUrl)).text()).toBe('second');
    const missing = await server.api.post(`/nodes/${file.id}/versions/9.9/request-direct-access-url`, {});
    expect(missing.status).toBe(404);
  });

  it('is refused for what the caller may not read, for folders, unknown nodes and without credentials', async () => {
    const owner = await aUser(server.api);
    const stranger = await aUser(server.api);
    const { folder, file } = await privateFile(owner);
    expect((await stranger.api.post(`/nodes/${file.id}/request-direct-access-url`, {})).status).toBe(403);
    expect((await server.api.post(`/nodes/${folder.id}/request-direct-access-url`, {})).status).toBe(400);
    expect((await server.api.post(`/nodes/no-such-node/request-direct-access-url`, {})).status).toBe(404);
    const anonymous = await server.api.post(`/nodes/${file.id}/request-direct-access-url`, {}, { auth: null });
    expect(anonymous.status).toBe(401);
    const extra = await server.api.post(`/nodes/${file.id}/request-direct-access-url`, { validFor: 3600 });
    expect(extra.status).toBe(400);
  });
});

describe('a direct access URL', () => {
  it('stops working when its person may no longer read the node, is disabled, or the node is gone', async () => {
    const user = await aUser(server.api);
    const { folder, file } = await privateFile(user);
    const lostAccess = await requestUrl(user.api, `/nodes/${file.id}`);
    const locallySet: unknown[] = [];
    await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet } });
    expect((await download(lostAccess.contentUrl)).status).toBe(403);

    const other = await aUser(server.api);
    const second = await privateFile(other);
    const disabled = await requestUrl(other.api, `/nodes/${second.file.id}`);
    expect((await server.api.put(`/people/${other.id}`, { enabled: false })).status).toBe(200);
    expect((await download(disabled.contentUrl)).status).toBe(403);

    const third = await aFile(server.api, (await aFolder(server.api)).id);
    const deleted = await requestUrl(server.api, `/nodes/${third.id}`);
    expect((await server.api.delete(`/nodes/${third.id}`)).status).toBe(204);
    expect((await download(deleted.contentUrl)).status).toBe(404);
  });

  it('cannot be changed to another node or version, nor forged', async () => {
    const user = await aUser(server.api);
    const { file } = await privateFile(user, 'mine');
    const { file: secret } = await privateFile(await aUser(server.api), 'not mine');
    const entry = await requestUrl(user.api, `/nodes/${file.id}`);
    const token = tokenOf(entry.contentUrl);
    const [payload, signature] = token.split('.') as [string, string];
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const swap = (changes: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...grant, ...changes })).toString('base64url')}.${signature}`;
    const base = entry.contentUrl.slice(0, -token.length);
    for (const forged of [
      swap({ n: secret.id }),
      swap({ u: 'admin' }),
      swap({ e: Date.now() + 3_600_000 }),
      swap({ v: '1.0' }),
      `${payload}.${signature.slice(1)}`,
      `${payload}.`,
      'x',
    ]) {
      const res = await download(base + forged);
      expect(res.status, forged).toBe(403);
      expect(await res.text()).not.toContain('not mine');
    }
    expect((await download(base + 'x'.repeat(1001))).status).toBe(400);
  });

  it('is no credential for anything else', async () => {
    const entry = await requestUrl(
      server.api,
      `/nodes/${(await aFile(server.api, (await aFolder(server.api)).id)).id}`,
    );
    const token = tokenOf(entry.contentUrl);
    const asTicket = await server.api.get('/nodes/-root-', { auth: null, query: { alf_ticket: token } });
    expect(asTicket.status).toBe(401);
    const asBasic = await server.api.get('/nodes/-root-', {
      auth: null,
      headers: { authorization: `Basic ${Buffer.from(token).toString('base64')}` },
    });
    expect(asBasic.status).toBe(401);
  });

  it('expires after DOWNLOAD_URL_TTL_SECONDS', async () => {
    const short = await startTestServer({ DOWNLOAD_URL_TTL_SECONDS: '2' });
    try {
      const file = await aFile(short.api, (await aFolder(short.api)).id, 'soon gone');
      const expiring = await requestUrl(short.api, `/nodes/${file.id}`);
      const expiry = Date.parse(expiring.expiryTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
      const early = (await download(expiring.contentUrl)).status;
      // Answered before the expiry, it is 200; on a loaded machine the answer may come later.
      if (Date.now() < expiry) expect(early).toBe(200);
      else expect([200, 403]).toContain(early);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry - Date.now()) + 100));
      expect((await download(expiring.contentUrl)).status).toBe(403);
    } finally {
      await short.close();
    }
  });

  it('works on every instance of the database: the signing key is shared', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'anywhere');
    const url = await requestUrl(server.api, `/nodes/${file.id}`);
    // A new server on the same database (another instance) signs and checks with the same key.
    await server.restart();
    expect((await download(`${server.baseUrl}${API}/direct-access/${tokenOf(url.contentUrl)}`)).status).toBe(200);
  });
});
