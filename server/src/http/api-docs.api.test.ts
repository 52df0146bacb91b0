import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { apiDocsCsp, forReference } from './api-docs-app.ts';
import { loadContract } from './openapi.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string) => fetch(new URL(path, server.baseUrl));

describe('GET /api-docs/', () => {
  it('serves the reference to anyone, with its script from this server (no CDN)', async () => {
    const res = await get('/api-docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Quire API reference</title>');
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api-docs/theme.js', 'js/scalar.js']);
    expect(html).not.toMatch(/https?:\/\//);
    const script = await get('/api-docs/js/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    // Every body is read: a 4 MB answer left unread holds its connection, and the server's close
    // then waits for it (afterAll timed out at 30 s in loaded runs).
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const theme = await get('/api-docs/theme.js');
    expect(theme.status).toBe(200);
    await theme.arrayBuffer();
  });

  it('sends its 4 MB script again only when it changed', async () => {
    const first = await get('/api-docs/js/scalar.js');
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(new URL('/api-docs/js/scalar.js', server.baseUrl), {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it('has a strict CSP of its own: this origin, and the page’s inline start-up script by its hash', async () => {
    const res = await get('/api-docs/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(apiDocsCsp(await res.text()));
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps its CSP to itself: API answers do not get it', async () => {
    const res = await get('/alfresco/api/-default-/public/alfresco/versions/1/probes/-live-');
    await res.arrayBuffer();
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('serves the contract as the reference reads it, and /api-docs sends to the page', async () => {
    const spec = await get('/api-docs/openapi.json');
    expect(spec.status).toBe(200);
    const document = (await spec.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(Object.keys(document.paths)).toContain('/alfresco/api/discovery');
    const redirect = await fetch(new URL('/api-docs', server.baseUrl), { redirect: 'manual' });
    await redirect.arrayBuffer();
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api-docs/');
  });
});

describe('forReference', () => {
  const contract = loadContract();
  const reference = forReference(contract.document) as {
    paths: Record<string, Record<string, { operationId: string; description?: string }>>;
  };

  it('writes every operation’s path in full from the origin', () => {
    const paths = Object.keys(reference.paths);
    expect(paths).toContain('/alfresco/api/-default-/public/alfresco/versions/1/nodes/{nodeId}');
    expect(paths).toContain('/alfresco/api/-default-/public/authentication/versions/1/tickets');
    expect(paths).toContain('/alfresco/service/api/classes/{className}');
    const operations = Object.values(reference.paths).flatMap((item) => Object.values(item));
    expect(operations.flatMap((op) => op.operationId ?? []).sort()).toEqual(
      contract.operations.map((op) => op.operationId).sort(),
    );
  });

  it('names the other prefixes of a path served under several', () => {
    const op = reference.paths['/alfresco/service/api/classes/{className}']!.get!;
    expect(op.description).toContain('Also served as `/alfresco/s/api/classes/{className}`.');
  });
});
