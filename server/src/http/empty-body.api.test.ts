import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../testing/builders.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { loadContract } from './openapi.ts';

// The official Alfresco JavaScript client (@alfresco/js-api) sends `Content-Type: application/json`
// with no body on operations that take none (DELETE /nodes/{id}, POST …/unlock, …). Alfresco
// accepts that; so does Quire, with any declared type.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const adminAuth = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
const contract = loadContract();
const bodyless = contract.operations.filter((op) => op.method !== 'GET' && !op.requestBody);

/** A request as js-api sends it: a content type and no body. */
const send = (method: string, path: string, contentType = 'application/json', extra: Record<string, string> = {}) =>
  fetch(new URL(path, server.baseUrl), {
    method,
    headers: { authorization: adminAuth, 'content-type': contentType, ...extra },
  });
const api = (path: string) => `${contract.basePath}${path}`;

describe('an operation that takes no body', () => {
  it.each(bodyless.map((op) => [op.operationId, op] as const))(
    '%s accepts a declared content type with an empty body',
    async (_id, op) => {
      for (const contentType of ['application/json', 'application/json;charset=UTF-8', 'text/plain']) {
        const res = await send(op.method, op.urls[0]!.replace(/:\w+/g, 'no-such-thing'), contentType);
        const text = await res.text();
        // The request reaches the operation: whatever it says of the made-up ids, it is not about the body.
        expect([413, 415, 500], `${op.operationId} ${contentType}: ${text}`).not.toContain(res.status);
        expect(text, `${op.operationId} ${contentType}`).not.toMatch(/body|content.type/i);
      }
    },
  );

  it('deletes a node, unlocks a file and removes a favorite as js-api asks', async () => {
    const file = await aFile(server.api, '-my-', 'locked');
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    expect((await send('POST', api(`/nodes/${file.id}/unlock`))).status).toBe(200);
    expect((await server.api.post('/people/-me-/favorites', { target: { file: { guid: file.id } } })).status).toBe(201);
    expect((await send('DELETE', api(`/people/-me-/favorites/${file.id}`))).status).toBe(204);
    expect((await send('DELETE', api(`/nodes/${file.id}`))).status).toBe(204);
    expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(404);
  });

  it('takes them as js-api sends them from a browser (XHR): JSON accepted, a zero length declared', async () => {
    const xhr = { accept: 'application/json', 'content-length': '0', 'x-requested-with': 'XMLHttpRequest' };
    const file = await aFile(server.api, '-my-', 'xhr');
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    const unlocked = await send('POST', api(`/nodes/${file.id}/unlock`), 'application/json', xhr);
    expect(unlocked.status).toBe(200);
    expect((await server.api.get(`/nodes/${file.id}`, { query: { include: 'isLocked' } })).body.entry.isLocked).toBe(
      false,
    );
    expect((await send('DELETE', api(`/nodes/${file.id}`), 'application/json;charset=UTF-8', xhr)).status).toBe(204);
    const ticket = await server.api.post('/alfresco/api/-default-/public/authentication/versions/1/tickets', {
      userId: 'admin',
      password: 'admin',
    });
    const signOut = await fetch(
      new URL('/alfresco/api/-default-/public/authentication/versions/1/tickets/-me-', server.baseUrl),
      {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${btoa(ticket.body.entry.id as string)}`,
          'content-type': 'application/json',
          ...xhr,
        },
      },
    );
    expect(signOut.status).toBe(204);
  });

  it('reads as usual when a GET declares a JSON body it does not send', async () => {
    const folder = await aFolder(server.api);
    expect((await send('GET', api(`/nodes/${folder.id}`))).status).toBe(200);
  });
});

describe('an operation whose body is optional', () => {
  it('takes a declared content type with an empty body as no body', async () => {
    const file = await aFile(server.api, '-my-', 'direct');
    const res = await send('POST', api(`/nodes/${file.id}/request-direct-access-url`));
    const body = await res.clone().text();
    expect(res.status, body).toBe(200);
    expect(((await res.json()) as { entry: { attachment: boolean } }).entry.attachment).toBe(true);
  });
});

describe('an operation that takes a body', () => {
  it('still says that its body is missing (400)', async () => {
    const folder = await aFolder(server.api);
    const res = await send('POST', api(`/nodes/${folder.id}/children`));
    expect(res.status).toBe(400);
  });
});
