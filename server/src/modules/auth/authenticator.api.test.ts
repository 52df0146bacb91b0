import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.ts';
import { API, startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('authentication', () => {
  it('answers the probes without credentials', async () => {
    expect((await server.api.get('/probes/-ready-', { auth: null })).body).toEqual({
      entry: { message: 'readyProbe: Success - Tested' },
    });
    expect((await server.api.get('/probes/-live-', { auth: null })).status).toBe(200);
  });

  it('refuses a request without credentials with 401, the AlfTicket challenge and the error object', async () => {
    const res = await server.api.get('/nodes/-root-', { auth: null });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('AlfTicket realm="Alfresco -default- tenant"');
    expect(res.body.error).toMatchObject({ statusCode: 401, errorKey: 'framework.exception.ApiDefault' });
    expect(res.body.error.briefSummary).toMatch(/^\d{8} Authentication failed/);
  });

  it('gives a wrong password and an unknown user the same 401', async () => {
    const wrong = await server.api.as('admin', 'nope').get('/nodes/-root-');
    const unknown = await server.api.as('nobody', 'admin').get('/nodes/-root-');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.errorKey).toBe(unknown.body.error.errorKey);
  });

  it('refuses malformed Authorization headers', async () => {
    for (const value of ['Basic', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, 'Bearer x']) {
      const res = await server.api.get('/nodes/-root-', { auth: null, headers: { authorization: value } });
      expect(res.status, value).toBe(401);
    }
  });

  it('accepts the admin password on repeated requests (verified credentials are remembered)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await server.api.get('/nodes/-root-')).status).toBe(200);
  });

  it('answers unknown API paths with a 404 error object', async () => {
    const res = await fetch(`${server.baseUrl}/alfresco/api/-default-/public/alfresco/versions/1/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { statusCode: number } }).error.statusCode).toBe(404);
  });
});

describe('authentication on a keep-alive connection', () => {
  /** GET -me- with these credentials, on the agent's one connection; the caller's id (or the status) and whether the socket was reused. */
  function me(agent: http.Agent, user: string, password: string) {
    return new Promise<{ who: string | number; reused: boolean }>((resolve, reject) => {
      const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const req = http.get(
        `${server.baseUrl}${API}/people/-me-`,
        { agent, headers: { authorization: auth } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => {
            const who =
              res.statusCode === 200 ? (JSON.parse(text) as { entry: { id: string } }).entry.id : res.statusCode!;
            resolve({ who, reused: req.reusedSocket });
          });
        },
      );
      req.on('error', reject);
    });
  }

  it('authenticates each request by its own credentials when they change on the same connection', async () => {
    const other = await aUser(server.api);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await me(agent, 'admin', 'admin')).toEqual({ who: 'admin', reused: false });
      expect(await me(agent, 'admin', 'admin')).toEqual({ who: 'admin', reused: true });
      expect(await me(agent, other.id, other.password)).toEqual({ who: other.id, reused: true });
      expect(await me(agent, 'admin', 'wrong')).toEqual({ who: 401, reused: true });
      expect(await me(agent, 'admin', 'admin')).toEqual({ who: 'admin', reused: true });
    } finally {
      agent.destroy();
    }
  });
});
