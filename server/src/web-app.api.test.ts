import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from './testing/builders.ts';
import { API, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'quire-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Quire</title><div id="root"></div>');
  await writeFile(path.join(webRoot, 'assets', 'app.js'), 'console.log(1);');
  server = await startTestServer({}, { webRoot });
});
afterAll(async () => {
  await server.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${server.baseUrl}${url}`);
const adminAuth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

describe('the web app', () => {
  it('answers its pages with a Content-Security-Policy and the other security headers', async () => {
    for (const url of ['/', '/index.html', '/browse/abc?x=1', '/login?next=%2F', '/assets/app.js']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
      );
      expect(Object.fromEntries(directives), url).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('referrer-policy'), url).toBe('same-origin');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
    }
    expect(await (await get('/browse/abc')).text()).toContain('<div id="root">');
  });

  it('leaves the API answers their own headers (content downloads keep their sandbox)', async () => {
    const live = await get(`${API}/probes/-live-`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-security-policy')).toBeNull();
    expect(live.headers.get('x-frame-options')).toBeNull();
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'bytes');
    const content = await fetch(`${server.baseUrl}${API}/nodes/${file.id}/content`, { headers: adminAuth });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(content.headers.get('x-frame-options')).toBeNull();
    const unknown = await get(`${API}/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(unknown.headers.get('content-security-policy')).toBeNull();
  });
});
