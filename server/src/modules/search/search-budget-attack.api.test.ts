import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFolder, aUser } from '../../testing/builders.ts';
import { aSite } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { MAX_ANYWHERE_PATH_STEPS, MAX_PATH_STEPS } from './query/budget.ts';

// What an attacker's probe of the session-20 additions found (PATH from anywhere, people and
// groups through /search, /types where, /favorite-sites): a caller's own chain of folders and
// a long PATH made searches of minutes (on SQLite holding every request) or 500s; contradicting
// type filters were a 500 on PostgreSQL; parallel adds of one favorite site were all 201 there.

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';
const CHAIN = 20;

let server: TestServer;
let bob: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  bob = (await aUser(server.api, { id: 'bob' })).api;
  // What anyone may make in their own home: a chain of folders all named `a`.
  let parent = (await aFolder(bob, '-my-', { name: 'deep' })).id;
  for (let depth = 0; depth < CHAIN; depth++) parent = (await aFolder(bob, parent, { name: 'a' })).id;
}, 60_000);
afterAll(() => server.close());

const steps = (n: number, name = 'a') => Array.from({ length: n }, () => `cm:${name}`).join('/');
const search = (query: string, extra: Record<string, unknown> = {}) =>
  bob.post(SEARCH, { query: { query }, paging: { maxItems: 1 }, ...extra });

describe('PATH: the steps of a path are bounded', () => {
  it('a path from anywhere of more than 8 steps, or from the root of more than 16, is a 400 that says so', async () => {
    for (const [path, most] of [
      [`//${steps(MAX_ANYWHERE_PATH_STEPS + 1)}`, MAX_ANYWHERE_PATH_STEPS],
      [`//${steps(70)}`, MAX_ANYWHERE_PATH_STEPS],
      [`/app:company_home/${steps(MAX_PATH_STEPS)}`, MAX_PATH_STEPS],
      [`/app:company_home/${steps(1000)}`, MAX_PATH_STEPS],
      [`//${steps(3000, 'b')}`, MAX_ANYWHERE_PATH_STEPS],
    ] as const) {
      const res = await search(`PATH:"${path}"`);
      expect(res.status, path.slice(0, 40)).toBe(400);
      expect(res.body.error.briefSummary).toContain(`at most ${most}`);
    }
  });

  it('paths at the bounds are answered: 8 clauses of 8 steps over the chain', async () => {
    const query = Array.from({ length: 8 }, () => `PATH:"//${steps(MAX_ANYWHERE_PATH_STEPS)}"`).join(' OR ');
    const res = await search(query);
    expect(res.status, 'anywhere').toBe(200);
    // The folders `a` with at least 7 more `a` above them.
    expect(res.body.list.pagination.totalItems).toBe(CHAIN - MAX_ANYWHERE_PATH_STEPS + 1);
    const rooted = await search(
      `PATH:"/app:company_home/cm:user_x0020_homes/cm:bob/cm:deep/${steps(MAX_PATH_STEPS - 4)}"`,
    );
    expect(rooted.status, 'rooted').toBe(200);
    expect(rooted.body.list.pagination.totalItems).toBe(1);
  });
});

describe('people and groups through POST /search', () => {
  it('filter queries of types with nothing in common find nothing (PostgreSQL: a 500 before)', async () => {
    const res = await search('userName:bob', {
      filterQueries: [{ query: "TYPE:'cm:person'" }, { query: "TYPE:'cm:authorityContainer'" }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.pagination.totalItems).toBe(0);
  });
});

describe('GET /types where namespaceUri matches(…)', () => {
  it('reads a pattern of many .* as text and anything (a regular expression backtracked for seconds)', async () => {
    for (const path of ['/types', '/aspects']) {
      const res = await bob.get(path, { query: { where: "(namespaceUri matches('.*.*.*.*.*.*.*!'))" } });
      expect(res.status).toBe(200);
      expect(res.body.list.entries).toEqual([]);
    }
  });
});

describe('POST /people/-me-/favorite-sites', () => {
  it('the same site added 10 times at once: one 201, the others 409, as one after another', async () => {
    await aSite(server.api, { id: 'racesite', title: 'Race', visibility: 'PUBLIC' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => bob.post('/people/-me-/favorite-sites', { id: 'racesite' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
  });
});
