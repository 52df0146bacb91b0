import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// A client served from another origin (an ADF or Content App dev server) calling the API from a
// browser: the browser sends Origin, and a preflight OPTIONS before DELETE, PUT and JSON POSTs.

const ALLOWED = 'http://localhost:4200';
const adminAuth = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
const NODES = '/alfresco/api/-default-/public/alfresco/versions/1/nodes';

function call(server: TestServer, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return fetch(new URL(path, server.baseUrl), { method: init.method ?? 'GET', headers: init.headers });
}

const preflight = (server: TestServer, origin: string, method = 'DELETE') =>
  call(server, `${NODES}/-my-`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('with CORS_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: `${ALLOWED}, https://acs-client.example` });
  });
  afterAll(() => server.close());

  it('lets a listed origin read answers, with credentials and the headers clients need', async () => {
    const res = await call(server, `${NODES}/-my-`, { headers: { origin: ALLOWED, authorization: adminAuth } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/);
  });

  it('lets it read refusals too, so a client can tell a 401 from a network failure', async () => {
    const res = await call(server, `${NODES}/-my-`, { headers: { origin: 'https://acs-client.example' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://acs-client.example');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });

  it('answers a listed origin’s preflight, cached for 10 minutes', async () => {
    const res = await preflight(server, ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('gives any other origin no CORS headers, on answers and on preflights', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:4201', 'null']) {
      const res = await call(server, `${NODES}/-my-`, { headers: { origin, authorization: adminAuth } });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const pre = await preflight(server, origin);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-methods'), origin).toBeNull();
    }
  });

  it('lets a listed origin delete as js-api does: a preflight, then DELETE with a JSON type and no body', async () => {
    const folder = await server.api.post('/nodes/-my-/children', { name: 'cross-origin', nodeType: 'cm:folder' });
    expect((await preflight(server, ALLOWED)).status).toBe(204);
    const res = await call(server, `${NODES}/${folder.body.entry.id}`, {
      method: 'DELETE',
      headers: { origin: ALLOWED, authorization: adminAuth, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('changes nothing for same-origin and non-browser callers', async () => {
    const res = await call(server, `${NODES}/-my-`, { headers: { authorization: adminAuth } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('without CORS_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives no origin CORS headers and answers no preflight', async () => {
    const res = await call(server, `${NODES}/-my-`, { headers: { origin: ALLOWED, authorization: adminAuth } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(server, ALLOWED);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.status).toBeGreaterThanOrEqual(400);
  });
});
