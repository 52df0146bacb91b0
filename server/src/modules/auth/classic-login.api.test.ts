import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser, type TestUser } from '../../testing/builders.ts';
import { API, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Alfresco's classic login web scripts, which Share and many scripts use to get a ticket.

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api, { id: 'alice' });
});
afterAll(() => server.close());

const call = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, init);
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ticketIn = (xml: string) => /<ticket>(TICKET_[^<]+)<\/ticket>/.exec(xml)?.[1];

describe('classic login web scripts', () => {
  it('gives a ticket as XML for u and pw, under both servlet paths, that works on the public API', async () => {
    for (const base of ['/alfresco/service', '/alfresco/s']) {
      const res = await call(`${base}/api/login?u=alice&pw=${encodeURIComponent(alice.password)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
      const ticket = ticketIn(await res.text());
      expect(ticket).toBeDefined();
      const me = await call(`${API}/people/-me-?alf_ticket=${ticket}`);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { entry: { id: string } }).entry.id).toBe('alice');
    }
  });

  it('gives JSON with format=json and for a JSON POST', async () => {
    const get = await call(`/alfresco/service/api/login?u=alice&pw=${encodeURIComponent(alice.password)}&format=json`);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: { ticket: string } }).data.ticket).toMatch(/^TICKET_/);
    const post = await call('/alfresco/service/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: alice.password }),
    });
    expect(post.status).toBe(200);
    const ticket = ((await post.json()) as { data: { ticket: string } }).data.ticket;
    expect((await call(`${API}/nodes/-my-`, { headers: { authorization: basic('', ticket) } })).status).toBe(200);
  });

  it("refuses a wrong password with 403 and missing details with 400, in the web script runtime's status object", async () => {
    const wrong = await call('/alfresco/service/api/login?u=alice&pw=nope');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      status: { code: 403, name: 'Forbidden' },
      message: 'Login failed',
      callstack: [],
    });
    const missing = await call('/alfresco/service/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: { code: 400 } });
  });

  it("validates and ends the caller's own ticket; another's or an unknown one is 404", async () => {
    const login = await call(`/alfresco/service/api/login?u=alice&pw=${encodeURIComponent(alice.password)}`);
    const ticket = ticketIn(await login.text())!;
    const asAlice = { authorization: basic('alice', alice.password) };
    const valid = await call(`/alfresco/service/api/login/ticket/${ticket}`, { headers: asAlice });
    expect(valid.status).toBe(200);
    expect(ticketIn(await valid.text())).toBe(ticket);
    // The administrator did not sign in with it: not theirs.
    const notTheirs = await call(`/alfresco/service/api/login/ticket/${ticket}`, {
      headers: { authorization: basic('admin', 'admin') },
    });
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toMatchObject({ status: { code: 404 } });
    // Without credentials: 401 in the same status object.
    const anonymous = await call(`/alfresco/service/api/login/ticket/${ticket}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: { code: 401 } });

    const logout = await call(`/alfresco/service/api/login/ticket/${ticket}`, { method: 'DELETE', headers: asAlice });
    expect(logout.status).toBe(200);
    expect((await call(`${API}/people/-me-?alf_ticket=${ticket}`)).status).toBe(401);
    expect((await call(`/alfresco/service/api/login/ticket/${ticket}`, { headers: asAlice })).status).toBe(404);
  });

  it('answers other paths under the web script servlet in its status object; the org chart keeps its envelope', async () => {
    const unknown = await call('/alfresco/service/api/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: { code: 404, name: 'Not Found' } });
    const orgchart = await call('/alfresco/service/api/ext/orgchart/nothing');
    expect(orgchart.status).toBe(404);
    expect(await orgchart.json()).toEqual({ data: null, message: expect.any(String), status: { code: 404 } });
  });
});
