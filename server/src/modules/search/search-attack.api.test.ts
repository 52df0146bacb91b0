import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser } from '../../testing/builders.ts';
import { aSite, documentLibrary } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// An attacker's look at POST /search and GET /queries/*: leaks, consistency, what a client can send
// (never a 500) and single requests that would take seconds (refused, or answered in time).

const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';

let server: TestServer;
let bob: ApiClient;
let carol: ApiClient;
let root: { id: string };
let companyHome: string;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '1' });
  bob = (await aUser(server.api, { id: 'bob' })).api;
  carol = (await aUser(server.api, { id: 'carol' })).api;
  root = await aSharedFolder(server.api, { bob: 'Collaborator' });
  companyHome = (await server.api.get('/nodes/-root-')).body.entry.id as string;
});
afterAll(() => server.close());

type Body = Record<string, unknown>;
const Q = (query: string, extra: Body = {}) => ({ query: { query }, ...extra });
type Page = { list: { pagination: { totalItems: number }; context: Body; entries: { entry: { name: string } }[] } };

async function found(api: ApiClient, query: string, extra: Body = {}): Promise<Page> {
  const res = await api.post(SEARCH, Q(query, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}
const names = async (api: ApiClient, query: string, extra: Body = {}) =>
  (await found(api, query, extra)).list.entries.map((e) => e.entry.name).sort();

/** `count` copies of node `template` under `parentId`, straight into `nodes` (the triggers index them). */
async function seed(parentId: string, template: string, count: number, prefix: string) {
  const { db } = server.app.database;
  const tpl = await db.selectFrom('nodes').selectAll().where('id', '=', template).executeTakeFirstOrThrow();
  for (let at = 0; at < count; at += 100) {
    const rows = [];
    for (let i = at; i < Math.min(count, at + 100); i++) {
      const name = `${prefix}-${i}-w${i % 97}.txt`;
      rows.push({ ...tpl, id: `${prefix}-${i}`, parentId, name, nameKey: name.toLowerCase() });
    }
    await db.insertInto('nodes').values(rows).execute();
  }
}

async function timed(api: ApiClient, body: Body) {
  const start = performance.now();
  const res = await api.post(SEARCH, body);
  return { status: res.status, ms: performance.now() - start };
}

describe('what a user may not read stays unseen (holds)', () => {
  it('a private site: no hits, no totalItems, no facet buckets, no /queries/sites entry', async () => {
    const site = await aSite(server.api, { id: 'hushsite', title: 'Hush hush', visibility: 'PRIVATE' });
    const library = await documentLibrary(server.api, site.id);
    await aFile(server.api, library, 'the plan', 'octopusplan.txt');
    expect((await found(server.api, 'octopusplan')).list.pagination.totalItems).toBe(1);
    const asBob = await found(bob, 'octopusplan OR SITE:hushsite', {
      facetFields: { facets: [{ field: 'cm:creator' }, { field: 'cm:name' }, { field: 'cm:content.mimetype' }] },
      facetQueries: [{ query: 'SITE:hushsite' }, { query: `PATH:"/app:company_home/st:sites/cm:hushsite//*"` }],
      facetFormat: 'V2',
    });
    expect(asBob.list.pagination.totalItems).toBe(0);
    expect(JSON.stringify(asBob.list.context)).not.toMatch(/octopus|"count":[1-9]/);
    expect((await bob.get('/queries/sites', { query: { term: 'hush' } })).body.list.entries).toEqual([]);
    expect((await bob.get('/queries/nodes', { query: { term: 'octopusplan' } })).body.list.entries).toEqual([]);
  });

  it('trashed nodes are found by nobody, neither their owner nor others; nor is the archive root', async () => {
    const mine = await aFile(bob, root.id, 'x', 'trashedwalrus.txt');
    expect((await bob.delete(`/nodes/${mine.id}`)).status).toBe(204);
    for (const api of [bob, carol, server.api]) {
      expect(await names(api, 'trashedwalrus')).toEqual([]);
      expect(await names(api, `ID:"${mine.id}"`)).toEqual([]);
    }
    expect(await names(server.api, 'TYPE:"sys:archiveRoot"')).toEqual([]);
  });

  it('ANCESTOR, PARENT, PATH and ID of an unreadable folder answer nothing', async () => {
    const hidden = await aFolder(server.api, '-root-', { name: 'hiddenkraken' });
    const closed = { permissions: { isInheritanceEnabled: false, locallySet: [] } };
    expect((await server.api.put(`/nodes/${hidden.id}`, closed)).status).toBe(200);
    expect((await carol.get(`/nodes/${hidden.id}`)).status).toBe(403);
    await aFile(server.api, hidden.id, 'x', 'krakenfile.txt');
    for (const q of [
      `ANCESTOR:"${hidden.id}"`,
      `PARENT:"${hidden.id}"`,
      `ID:"${hidden.id}"`,
      'PATH:"/app:company_home/cm:hiddenkraken//."',
      'PATH:"//cm:hiddenkraken//."',
      'PATH:"//cm:hiddenkraken/*"',
      'PNAME:"0/hiddenkraken"',
    ]) {
      const page = await found(carol, q, { facetQueries: [{ query: q }] });
      expect(page.list.pagination.totalItems, q).toBe(0);
      expect(JSON.stringify(page.list.context), q).toMatch(/"count":0/);
    }
  });
});

describe('PNAME and PATH do not confirm the names of folders a reader may not read', () => {
  it('confirm the name of the unreadable folder of a readable file (GET /nodes hides its path)', async () => {
    const hidden = await aFolder(server.api, '-root-', { name: 'sealedsquid' });
    const closed = { permissions: { isInheritanceEnabled: false, locallySet: [] } };
    expect((await server.api.put(`/nodes/${hidden.id}`, closed)).status).toBe(200);
    const file = await aFile(server.api, hidden.id, 'x', 'squidnote.txt');
    const open = { permissions: { locallySet: [{ authorityId: 'carol', name: 'Consumer', accessStatus: 'ALLOWED' }] } };
    expect((await server.api.put(`/nodes/${file.id}`, open)).status).toBe(200);
    const got = await carol.get(`/nodes/${file.id}`, { query: { include: 'path' } });
    expect(got.body.entry.path).toEqual({ isComplete: false });
    expect(await names(carol, 'PNAME:"0/wrongname"')).toEqual([]);
    expect(await names(carol, 'PNAME:"0/sealedsquid"')).toEqual([]);
    expect(await names(carol, 'PATH:"/app:company_home/cm:sealedsquid/*"')).toEqual([]);
    expect(await names(carol, 'PATH:"//cm:sealedsquid/*"')).toEqual([]);
    expect(await names(carol, 'PATH:"//cm:sealedsquid//*"')).toEqual([]);
  });
});

describe('every write path is searched right after it commits (holds)', () => {
  it('rename, properties, move, copy, new version, revert, lock, trash, restore, purge, permissions', async () => {
    const a = await aFolder(server.api, root.id);
    const b = await aFolder(server.api, root.id);
    const file = await aFile(server.api, a.id, 'first lemurtext', 'lemur.txt');
    await server.app.extractText();
    const within = { filterQueries: [{ query: `ANCESTOR:"${root.id}"` }] };
    const q = (query: string) => names(server.api, query, within);
    expect(await q('lemurtext')).toEqual(['lemur.txt']);
    expect((await server.api.put(`/nodes/${file.id}`, { name: 'gecko.txt' })).status).toBe(200);
    expect([await q('lemur'), await q('gecko')]).toEqual([[], ['gecko.txt']]);
    await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'ibex' } });
    expect(await q('cm:title:ibex')).toEqual(['gecko.txt']);
    expect((await server.api.post(`/nodes/${file.id}/move`, { targetParentId: b.id })).status).toBe(200);
    expect([await q(`PARENT:"${a.id}"`), await q(`PARENT:"${b.id}"`)]).toEqual([[], ['gecko.txt']]);
    const copy = await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: a.id, name: 'gecko-copy.txt' });
    expect(copy.status).toBe(201);
    expect(await q('lemurtext')).toEqual(['gecko-copy.txt', 'gecko.txt']);
    const put = await server.api.put(`/nodes/${file.id}/content`, 'second okapitext', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    await server.app.extractText();
    expect([await q('okapitext'), await q('lemurtext')]).toEqual([['gecko.txt'], ['gecko-copy.txt']]);
    expect((await server.api.post(`/nodes/${file.id}/versions/1.0/revert`, {})).status).toBe(200);
    await server.app.extractText();
    expect([await q('okapitext'), await q('lemurtext')]).toEqual([[], ['gecko-copy.txt', 'gecko.txt']]);
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    expect(await q('gecko')).toEqual(['gecko-copy.txt', 'gecko.txt']);
    await server.api.post(`/nodes/${file.id}/unlock`, {});
    expect(await names(bob, 'gecko', within)).toEqual(['gecko-copy.txt', 'gecko.txt']);
    const deny = await server.api.put(`/nodes/${b.id}`, {
      permissions: { isInheritanceEnabled: false, locallySet: [] },
    });
    expect(deny.status).toBe(200);
    expect(await names(bob, 'gecko', within)).toEqual(['gecko-copy.txt']);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect(await q('gecko')).toEqual(['gecko-copy.txt']);
    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, {})).status).toBe(200);
    expect(await q('gecko')).toEqual(['gecko-copy.txt', 'gecko.txt']);
    await server.api.delete(`/nodes/${file.id}`);
    expect((await server.api.delete(`/deleted-nodes/${file.id}`)).status).toBe(204);
    expect(await q('gecko')).toEqual(['gecko-copy.txt']);
  });

  it('access follows a folder two levels up, a move, a file of its own ACL and an owner change', async () => {
    // Search reads each match's ACL from its search document (migration 0018): a file without an
    // ACL of its own carries its folder's, which must follow every change that reaches it.
    const outer = await aFolder(server.api, root.id);
    const inner = await aFolder(server.api, outer.id);
    const open = await aFolder(server.api, root.id);
    const deep = await aFile(server.api, inner.id, 'x', 'tapir-deep.txt');
    const own = await aFile(server.api, inner.id, 'x', 'tapir-own.txt');
    const visible = async () => names(bob, 'tapir', { filterQueries: [{ query: `ANCESTOR:"${root.id}"` }] });
    expect(await visible()).toEqual(['tapir-deep.txt', 'tapir-own.txt']);
    const bobReads = {
      permissions: { locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }] },
    };
    expect((await server.api.put(`/nodes/${own.id}`, bobReads)).status).toBe(200);
    // Closing the outer folder passes its new ACL down to the inner folder and the inner's files.
    const close = { permissions: { isInheritanceEnabled: false, locallySet: [] } };
    expect((await server.api.put(`/nodes/${outer.id}`, close)).status).toBe(200);
    expect(await visible()).toEqual(['tapir-own.txt']);
    expect((await server.api.post(`/nodes/${deep.id}/move`, { targetParentId: open.id })).status).toBe(200);
    expect(await visible()).toEqual(['tapir-deep.txt', 'tapir-own.txt']);
    expect((await server.api.post(`/nodes/${deep.id}/move`, { targetParentId: inner.id })).status).toBe(200);
    expect(await visible()).toEqual(['tapir-own.txt']);
    // What carol owns she finds, even in a folder she may not read.
    expect(await names(carol, 'tapir')).toEqual([]);
    expect((await server.api.put(`/nodes/${deep.id}`, { properties: { 'cm:owner': 'carol' } })).status).toBe(200);
    expect(await names(carol, 'tapir')).toEqual(['tapir-deep.txt']);
    const reopen = { permissions: { isInheritanceEnabled: true } };
    expect((await server.api.put(`/nodes/${outer.id}`, reopen)).status).toBe(200);
    expect(await visible()).toEqual(['tapir-deep.txt', 'tapir-own.txt']);
  });

  it('two concurrent renames are both found', async () => {
    const one = await aFile(server.api, root.id, 'x', 'concur-one.txt');
    const two = await aFile(server.api, root.id, 'x', 'concur-two.txt');
    const renames = await Promise.all([
      server.api.put(`/nodes/${one.id}`, { name: 'hoopoe-one.txt' }),
      server.api.put(`/nodes/${two.id}`, { name: 'hoopoe-two.txt' }),
    ]);
    expect(renames.map((r) => r.status)).toEqual([200, 200]);
    const stored = await server.app.database.db
      .selectFrom('nodes')
      .select('name')
      .where('id', 'in', [one.id, two.id])
      .execute();
    expect(stored.map((r) => r.name).sort()).toEqual(['hoopoe-one.txt', 'hoopoe-two.txt']);
    expect(await names(server.api, 'hoopoe')).toEqual(['hoopoe-one.txt', 'hoopoe-two.txt']);
  });
});

describe('what a client sends gets an answer or a clear 400, never a 500', () => {
  it('a FIELD sort on a namespace URI Quire does not know (both databases)', async () => {
    const res = await server.api.post(SEARCH, Q('*', { sort: [{ type: 'FIELD', field: '{http://nosuch}x' }] }));
    expect(res.status).toBe(400);
  });

  it('a fractional size (PostgreSQL: bigint compared with "1.5")', async () => {
    for (const body of [
      Q('cm:content.size:1.5'),
      Q('cm:content.size:[1.5 TO 2]'),
      Q('*', { facetIntervals: { intervals: [{ field: 'cm:content.size', sets: [{ start: '1.5', end: '2' }] }] } }),
    ]) {
      expect((await server.api.post(SEARCH, body)).status, JSON.stringify(body)).toBe(200);
    }
  });

  it('a word longer than 500 characters (PostgreSQL indexes none over 2,047 bytes) is a 400', async () => {
    const res = await server.api.post(SEARCH, Q('a'.repeat(3000)));
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toContain('more than 500 characters');
    expect((await server.api.get('/queries/nodes', { query: { term: 'a'.repeat(3000) } })).status).toBe(400);
  });

  it('skipCount or a facet offset of 1e19 (SQLite: integer overflow)', async () => {
    expect((await server.api.post(SEARCH, Q('*', { paging: { skipCount: 1e19 } }))).status).toBe(400);
    const facets = { facetFields: { facets: [{ field: 'cm:name', offset: 1e19 }] } };
    expect((await server.api.post(SEARCH, Q('*', facets))).status).toBe(400);
  });

  it('an OR of 1,200 clauses (SQLite: expression tree too deep) is over the budget: 400', async () => {
    const words = Array.from({ length: 1200 }, (_, i) => `w${i}`).join(' OR ');
    expect(words.length).toBeLessThan(16_384);
    const res = await server.api.post(SEARCH, Q(words));
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toContain('at most 256 are answered');
  });
});

// Seeding 10,000 nodes row by row takes minutes on PostgreSQL in CI; the limits checked here are the
// same on both databases (PostgreSQL also stops a search's statements after 20 s).
if (process.env.QUIRE_TEST_DB === 'postgres') {
  console.log('[skipped on PostgreSQL] single requests on 10,000 nodes: the same limits as on SQLite, checked there.');
}
describe.skipIf(process.env.QUIRE_TEST_DB === 'postgres')(
  'single requests over 10,000 nodes: refused by the budget, or answered within a second',
  () => {
    beforeAll(async () => {
      const template = await aFile(server.api, root.id, 'hello', 'template.txt');
      await seed(root.id, template.id, 10_000, 'seed');
    }, 120_000);

    const anc = () => `ANCESTOR:"${companyHome}"`;

    it('ANCESTOR of the root OR-ed 50 times: refused (at most 8 tree walks), at once', async () => {
      const query = Array.from({ length: 50 }, anc).join(' OR ');
      const { status, ms } = await timed(bob, Q(query));
      expect(status).toBe(400);
      expect(Math.round(ms)).toBeLessThan(1000);
    }, 120_000);

    it('50 filter queries, or 50 facet queries, each ANCESTOR of the root: refused; 8 of them answered in time', async () => {
      const filters = await timed(bob, Q('*', { filterQueries: Array.from({ length: 50 }, () => ({ query: anc() })) }));
      const facets = await timed(
        bob,
        Q(anc(), { facetQueries: Array.from({ length: 50 }, (_, i) => ({ query: `${anc()} AND w${i}` })) }),
      );
      expect([filters.status, facets.status]).toEqual([400, 400]);
      const allowed = await timed(
        bob,
        Q(anc(), { facetQueries: Array.from({ length: 7 }, (_, i) => ({ query: `${anc()} AND w${i}` })) }),
      );
      expect(allowed.status).toBe(200);
      expect(Math.round(allowed.ms)).toBeLessThan(1000);
    }, 120_000);

    it('facetIntervals: 50 sets, each a count of the whole query again', async () => {
      const sets = Array.from({ length: 50 }, (_, i) => ({ label: `s${i}`, start: `NOW-${i + 1}DAYS`, end: 'NOW' }));
      const { status, ms } = await timed(
        bob,
        Q(anc(), { facetIntervals: { intervals: [{ field: 'cm:created', label: 'c', sets }] } }),
      );
      expect(status).toBe(200);
      expect(Math.round(ms)).toBeLessThan(1000);
    }, 120_000);

    it('highlight of cm:content over 10 copies of a 1,000,000-character text', async () => {
      const big = await aFile(bob, root.id, 'zebra '.repeat(166_000), 'bigzebra.txt');
      await server.app.extractText();
      await seed(root.id, big.id, 10, 'zebracopy');
      const highlight = { fields: [{ field: 'cm:content', snippetCount: 10, fragmentSize: 10_000 }] };
      const { status, ms } = await timed(bob, Q('zebra', { paging: { maxItems: 100 }, highlight }));
      expect(status).toBe(200);
      expect(Math.round(ms)).toBeLessThan(1000);
    }, 120_000);
  },
);

describe('a reader in 400 groups: every step of a path tests what they may read', () => {
  it('8 paths of the most steps, from anywhere and from the root: not past the bound parameters (a 500)', async () => {
    const id = 'grouped';
    const grouped = (await aUser(server.api, { id })).api;
    const now = Date.now();
    const groups = Array.from({ length: 400 }, (_, i) => `GROUP_many${i}`);
    const db = server.app.database.db;
    await db
      .insertInto('groups')
      .values(
        groups.map((g) => ({
          id: g,
          idKey: g.toLowerCase(),
          displayName: g,
          description: null,
          createdAt: now,
          nodeUuid: crypto.randomUUID(),
        })),
      )
      .execute();
    await db
      .insertInto('groupMembers')
      .values(groups.map((groupId) => ({ groupId, memberId: id, memberType: 'PERSON' as const, createdAt: now })))
      .execute();
    const steps = (n: number) => Array.from({ length: n }, (_, i) => `cm:s${i}`).join('/');
    for (const clause of [`PATH:"//${steps(7)}//."`, `PATH:"/app:company_home/${steps(14)}//."`]) {
      const res = await grouped.post(SEARCH, {
        query: { query: Array(8).fill(clause).join(' OR ') },
        facetQueries: [{ query: 'cm:name:x' }],
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    }
  });
});
