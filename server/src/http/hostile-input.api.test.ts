import { mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, uniqueName } from '../testing/builders.ts';
import { contentFiles } from '../testing/content-files.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// What a client can send that no contract rule used to catch: each gets a 4xx in the interface's
// error object, and changes nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const API = '/alfresco/api/-default-/public/alfresco/versions/1';
const adminAuth = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

function expectErrorObject(body: unknown, status: number) {
  expect(body).toMatchObject({
    error: { statusCode: status, errorKey: expect.any(String), logId: expect.any(String) },
  });
}

/** Sends raw bytes on a new connection and returns what came back (the server closes or answers). */
function rawExchange(payload: string): Promise<string> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
      // One answer is enough; the connection may stay open.
      if (/\r\n\r\n/.test(answer) && /"error"/.test(answer)) socket.end();
    });
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** A multipart request with a hand-made body. */
function multipart(parentId: string, contentType: string, body: string | Buffer) {
  return fetch(`${server.baseUrl}${API}/nodes/${parentId}/children`, {
    method: 'POST',
    headers: { authorization: adminAuth, 'content-type': contentType },
    body,
  });
}

describe('hostile input', () => {
  it('refuses a lock that would expire past any date with 400, and locks nothing', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id);
    const res = await server.api.post(`/nodes/${file.id}/lock`, { timeToExpire: 9_000_000_000_000 });
    expect(res.status).toBe(400);
    expectErrorObject(res.body, 400);
    const after = await server.api.get(`/nodes/${file.id}`, { query: { include: 'isLocked' } });
    expect(after.status).toBe(200);
    expect(after.body.entry.isLocked).toBe(false);
    expect((await server.api.get(`/nodes/${folder.id}/children`)).status).toBe(200);
    // The largest accepted value still locks, with an expiry date that can be shown.
    const longest = await server.api.post(`/nodes/${file.id}/lock`, { timeToExpire: 2_147_483_647 });
    expect(longest.status).toBe(200);
    expect(longest.body.entry.properties['cm:expiryDate']).toMatch(/^2\d{3}-/);
  });

  it.each([
    ['skipCount', '1e20'],
    ['skipCount', '99999999999999999999'],
    ['maxItems', '9223372036854775807'],
  ])('answers %s=%s with 400 on every listing', async (name, value) => {
    for (const path of ['/nodes/-root-/children', '/people', '/sites', '/groups', '/people/-me-/favorites']) {
      const res = await server.api.get(path, { query: { [name]: value } });
      expect(res.status, path).toBe(400);
      expectErrorObject(res.body, 400);
    }
  });

  it('answers malformed multipart bodies with 400 and keeps nothing', async () => {
    const folder = await aFolder(server.api);
    const before = await contentFiles(server.dataDir);
    const truncated = [
      '--abc',
      'Content-Disposition: form-data; name="filedata"; filename="t.txt"',
      '',
      'hello, and then the body stops',
    ].join('\r\n');
    const truncatedBig = truncated + 'x'.repeat(300_000);
    for (const [contentType, body] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=abc', 'garbage'],
      ['multipart/form-data; boundary=abc', truncated],
      ['multipart/form-data; boundary=abc', truncatedBig],
    ] as const) {
      const res = await multipart(folder.id, contentType, body);
      expect(res.status, `${contentType} ${body.slice(0, 20)}`).toBe(400);
      expectErrorObject(await res.json(), 400);
    }
    expect((await server.api.get(`/nodes/${folder.id}/children`)).body.list.pagination.totalItems).toBe(0);
    expect(await contentFiles(server.dataDir)).toEqual(before);
  });

  it('answers a part without a name with 400', async () => {
    const folder = await aFolder(server.api);
    const body = ['--abc', 'Content-Disposition: form-data; filename="a.txt"', '', 'hello', '--abc--', ''].join('\r\n');
    const res = await multipart(folder.id, 'multipart/form-data; boundary=abc', body);
    expect(res.status).toBe(400);
    expectErrorObject(await res.json(), 400);
  });

  it("reports a failure of the content store as the server's (500), not as a bad body", async () => {
    const folder = await aFolder(server.api);
    const staging = path.join(server.dataDir, 'content', 'staging');
    await rm(staging, { recursive: true, force: true });
    await writeFile(staging, 'not a directory');
    try {
      const res = await server.api.upload(folder.id, 'big.bin', Buffer.alloc(200 * 1024));
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain(server.dataDir);
    } finally {
      await rm(staging, { force: true });
      await mkdir(staging, { recursive: true });
    }
    expect((await server.api.upload(folder.id, 'big.bin', Buffer.alloc(200 * 1024))).status).toBe(201);
  });

  it('refuses a multipart field longer than 1 MiB with 413 instead of cutting it', async () => {
    const folder = await aFolder(server.api);
    const res = await server.api.upload(folder.id, 'a.txt', 'hello', { 'cm:description': 'd'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expectErrorObject(res.body, 413);
    expect((await server.api.get(`/nodes/${folder.id}/children`)).body.list.pagination.totalItems).toBe(0);
    const fits = await server.api.upload(folder.id, 'a.txt', 'hello', { 'cm:description': 'd'.repeat(1024 * 1024) });
    expect(fits.status).toBe(201);
    expect(fits.body.entry.properties['cm:description']).toHaveLength(1024 * 1024);
  });

  it('answers NUL characters in ids and user names with a 4xx on both databases', async () => {
    for (const path of ['/nodes/%00', '/people/a%00b', '/sites/a%00b', '/groups/GROUP_a%00b']) {
      const res = await server.api.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const nulUser = await server.api.get('/nodes/-root-', { auth: { user: 'ad\u0000min', password: 'x' } });
    expect(nulUser.status).toBeGreaterThanOrEqual(400);
    expect(nulUser.status).toBeLessThan(500);
    const person = await server.api.post('/people', {
      id: 'nul\u0000x',
      firstName: 'N',
      email: 'n@example.com',
      password: 'a-long-password',
    });
    expect(person.status).toBeGreaterThanOrEqual(400);
    expect(person.status).toBeLessThan(500);
  });

  it('answers a malformed URL and an unsupported method in the interface error object', async () => {
    const badUrl = await fetch(`${server.baseUrl}${API}/nodes/%ZZ`, { headers: { authorization: adminAuth } });
    expect(badUrl.status).toBe(400);
    expectErrorObject(await badUrl.json(), 400);

    for (const [method, path] of [
      ['DELETE', '/people/admin'],
      ['POST', '/nodes/-root-'],
      ['PUT', '/nodes/-root-/children'],
    ] as const) {
      const res = await server.api.request(method, path, method === 'DELETE' ? {} : { body: {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.body.error.errorKey).toBe('framework.exception.UnsupportedResourceOperation');
      expect(res.headers.get('allow')).toBeTruthy();
    }
    // A list sent where one object is taken (copy, move, sites) is 405 too; lists still work where taken.
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    for (const path of [`/nodes/${file.id}/copy`, `/nodes/${file.id}/move`, '/sites']) {
      const res = await server.api.post(path, [{ targetParentId: '-root-', id: 'x', title: 'x' }]);
      expect(res.status, path).toBe(405);
      expect(res.body.error.errorKey).toBe('framework.exception.UnsupportedResourceOperation');
    }
    const list = await server.api.post(`/nodes/-root-/children`, [
      { name: uniqueName('in-a-list'), nodeType: 'cm:folder' },
    ]);
    expect(list.status).toBe(201);
    // A path that is no resource at all stays 404.
    expect((await server.api.get('/nothing-here')).status).toBe(404);
  });

  it('answers headers too large for the parser with 431 in the interface error object', async () => {
    const answer = await rawExchange(
      `GET ${API}/nodes/-root- HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expectErrorObject(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), 431);
  });

  it('refuses a secondary child that is the parent or one of its ancestors (a cycle) with 400', async () => {
    const top = await aFolder(server.api);
    const middle = await aFolder(server.api, top.id);
    const bottom = await aFolder(server.api, middle.id);
    const other = await aFolder(server.api);
    // top -> middle -> bottom (primary); other files bottom as a secondary child.
    expect(
      (await server.api.post(`/nodes/${other.id}/secondary-children`, { childId: bottom.id, assocType: 'cm:contains' }))
        .status,
    ).toBe(201);
    for (const [parent, child] of [
      [bottom.id, top.id], // primary ancestor
      [bottom.id, bottom.id], // itself
      [bottom.id, other.id], // secondary parent
    ]) {
      const res = await server.api.post(`/nodes/${parent}/secondary-children`, {
        childId: child,
        assocType: 'cm:contains',
      });
      expect(res.status, `${parent} <- ${child}`).toBe(400);
      expectErrorObject(res.body, 400);
    }
    // A create whose secondary child is its own parent is refused whole.
    const create = await server.api.post(`/nodes/${middle.id}/children`, {
      name: 'sub',
      nodeType: 'cm:folder',
      secondaryChildren: [{ childId: middle.id, assocType: 'cm:contains' }],
    });
    expect(create.status).toBe(400);
    const children = await server.api.get(`/nodes/${middle.id}/children`);
    expect(children.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).not.toContain('sub');
    // Nor may a move close a loop through a secondary parent: bottom is filed under other, so
    // moving other below bottom is refused.
    const move = await server.api.post(`/nodes/${other.id}/move`, { targetParentId: bottom.id });
    expect(move.status).toBe(400);
    expect((await server.api.get(`/nodes/${other.id}`)).body.entry.parentId).not.toBe(bottom.id);
    // Two opposite additions sent together: one wins, the other would close a loop and is refused.
    for (let round = 0; round < 5; round += 1) {
      const a = await aFolder(server.api);
      const b = await aFolder(server.api);
      const [ab, ba] = await Promise.all([
        server.api.post(`/nodes/${a.id}/secondary-children`, { childId: b.id, assocType: 'cm:contains' }),
        server.api.post(`/nodes/${b.id}/secondary-children`, { childId: a.id, assocType: 'cm:contains' }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([201, 400]);
    }
    // Filing a node elsewhere in the tree is still fine.
    expect(
      (await server.api.post(`/nodes/${top.id}/secondary-children`, { childId: other.id, assocType: 'cm:contains' }))
        .status,
    ).toBe(201);
  });
});
