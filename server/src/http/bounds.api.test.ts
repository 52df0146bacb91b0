import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, uniqueName } from '../testing/builders.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

// Bounded work per request: pages, list bodies and custom person properties have upper bounds,
// and names that spoof other names are refused under the strict policy.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('maxItems', () => {
  it('is capped at 1,000, and the page says so', async () => {
    const folder = await aFolder(server.api);
    const res = await server.api.get(`/nodes/${folder.id}/children`, { query: { maxItems: 5000 } });
    expect(res.status).toBe(200);
    expect(res.body.list.pagination.maxItems).toBe(1000);
    const people = await server.api.get('/people', { query: { maxItems: 2147483647 } });
    expect(people.status).toBe(200);
    expect(people.body.list.pagination.maxItems).toBe(1000);
  });

  it('returns at most 1,000 entries, with hasMoreItems', async () => {
    const parent = await aFolder(server.api);
    for (let i = 0; i < 11; i += 1) {
      const items = Array.from({ length: 100 }, (_, j) => ({ name: `n${i}-${j}`, nodeType: 'cm:folder' }));
      expect((await server.api.post(`/nodes/${parent.id}/children`, items)).status).toBe(201);
    }
    const first = await server.api.get(`/nodes/${parent.id}/children`, { query: { maxItems: 1100 } });
    expect(first.body.list.pagination).toMatchObject({
      count: 1000,
      hasMoreItems: true,
      totalItems: 1100,
      maxItems: 1000,
    });
    const rest = await server.api.get(`/nodes/${parent.id}/children`, { query: { skipCount: 1000, maxItems: 1100 } });
    expect(rest.body.list.pagination).toMatchObject({ count: 100, hasMoreItems: false });
  });
});

describe('a list body', () => {
  it('takes at most 100 items (400 beyond, nothing created)', async () => {
    const parent = await aFolder(server.api);
    const items = Array.from({ length: 101 }, (_, i) => ({ name: `x${i}`, nodeType: 'cm:folder' }));
    const res = await server.api.post(`/nodes/${parent.id}/children`, items);
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toMatch(/100/);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
    const favorites = Array.from({ length: 101 }, () => ({ target: { file: { guid: parent.id } } }));
    expect((await server.api.post('/people/-me-/favorites', favorites)).status).toBe(400);
  });
});

describe('custom person properties', () => {
  it('are refused beyond 64 KiB in all (400), on create and by adding to them', async () => {
    const big = 'x'.repeat(40 * 1024);
    const id = uniqueName('props');
    const create = await server.api.post('/people', {
      id,
      firstName: 'P',
      email: 'p@example.com',
      password: 'a-good-password',
      properties: { 'my:a': big, 'my:b': big },
    });
    expect(create.status, JSON.stringify(create.body)).toBe(400);
    expect(create.body.error.briefSummary).toMatch(/64 KiB/);
    const ok = await server.api.post('/people', {
      id,
      firstName: 'P',
      email: 'p@example.com',
      password: 'a-good-password',
      properties: { 'my:a': big },
    });
    expect(ok.status).toBe(201);
    const grow = await server.api.put(`/people/${id}`, { properties: { 'my:b': big } });
    expect(grow.status).toBe(400);
    expect((await server.api.get(`/people/${id}`)).body.entry.properties).toEqual({ 'my:a': big });
    const replace = await server.api.put(`/people/${id}`, { properties: { 'my:a': null, 'my:b': big } });
    expect(replace.status).toBe(200);
  });
});

describe('names under the strict policy', () => {
  it.each([
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a left-to-right isolate', 'a\u2066b'],
    ['a zero-width space', 'report\u200B.txt'],
    ['a zero-width joiner', 'a\u200Db'],
    ['a byte order mark', '\uFEFFreport'],
    ['a soft hyphen', 'in\u00ADvoice'],
  ])('refuses %s (422)', async (_what, name) => {
    const parent = await aFolder(server.api);
    const res = await server.api.post(`/nodes/${parent.id}/children`, { name, nodeType: 'cm:folder' });
    expect(res.status).toBe(422);
    expect(res.body.error.briefSummary).toMatch(/invisible|direction/);
  });
});
