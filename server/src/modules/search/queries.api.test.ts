import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser } from '../../testing/builders.ts';
import { aMember, aSite } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let bob: ApiClient;
let carol: ApiClient;
/** A folder bob may work in; carol may read nothing of it. */
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer();
  bob = (await aUser(server.api, { id: 'bob' })).api;
  carol = (await aUser(server.api, { id: 'carol' })).api;
  root = await aSharedFolder(server.api, { bob: 'Collaborator' });
});
afterAll(() => server.close());

type Entry = { id: string; [key: string]: unknown };
type Query = Record<string, string | number | undefined>;
type Page = { list: { pagination: Record<string, unknown>; entries: { entry: Entry }[] } };

async function find(api: ApiClient, what: 'nodes' | 'people' | 'sites', query: Query, status = 200) {
  const res = await api.get(`/queries/${what}`, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Page;
}

/** What a query finds, by a key of each entry (in the order of the answer). */
async function found(api: ApiClient, what: 'nodes' | 'people' | 'sites', query: Query, key = 'name') {
  return (await find(api, what, query)).list.entries.map((e) => e.entry[key]);
}

describe('GET /queries/nodes', () => {
  it('finds files and folders by a word, or the start of one, in their name, title or description', async () => {
    const folder = await aFolder(server.api, root.id, { name: 'wombat-burrows' });
    const named = await aFile(server.api, folder.id, 'nothing to see', 'wombat-diet.txt');
    const titled = await aFile(server.api, folder.id, 'nothing', 'plain.txt');
    const put = await server.api.put(`/nodes/${titled.id}`, {
      properties: { 'cm:title': 'Marsupial census', 'cm:description': 'Counting wombats at dusk' },
    });
    expect(put.status).toBe(200);
    await aFile(server.api, folder.id, 'nothing at all', 'other.txt');

    // Words begin: "wombat" finds the description's "wombats" too.
    expect((await found(server.api, 'nodes', { term: 'wombat' })).sort()).toEqual([
      'plain.txt',
      'wombat-burrows',
      'wombat-diet.txt',
    ]);
    expect(await found(server.api, 'nodes', { term: 'wombats' })).toEqual(['plain.txt']);
    expect(await found(server.api, 'nodes', { term: 'ombat' })).toEqual([]);
    expect(await found(server.api, 'nodes', { term: 'marsupial cens' })).toEqual(['plain.txt']);
    expect(await found(server.api, 'nodes', { term: '"wombat diet"' })).toEqual(['wombat-diet.txt']);
    expect(await found(server.api, 'nodes', { term: 'wombat-diet.txt' })).toEqual(['wombat-diet.txt']);
    expect(await found(server.api, 'nodes', { term: 'diet*' })).toEqual(['wombat-diet.txt']);
    const entry = (await find(server.api, 'nodes', { term: 'wombat-diet', include: 'path,properties' })).list
      .entries[0]!.entry;
    expect(entry).toMatchObject({ id: named.id, isFile: true, parentId: folder.id, path: { isComplete: true } });
    expect(entry).not.toHaveProperty('search');
  });

  it('refuses a term of fewer than 3 letters or digits, a missing term and an unknown type or sort field', async () => {
    for (const term of ['ab', '  "a b *"  ', '**', 'a-b']) {
      const res = await server.api.get('/queries/nodes', { query: { term } });
      expect(res.status, term).toBe(400);
      expect(res.body.error.briefSummary).toContain(
        "Query 'term' is too short. Must have at least 3 alphanumeric chars",
      );
    }
    const missing = await server.api.get('/queries/nodes', { query: { rootNodeId: '-my-' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.briefSummary).toContain("Query 'term' not specified");
    const type = await server.api.get('/queries/nodes', { query: { term: 'abc', nodeType: 'cm:dummy' } });
    expect(type.status).toBe(400);
    expect(type.body.error.briefSummary).toContain('Unknown filter nodeType: cm:dummy');
    const sort = await server.api.get('/queries/nodes', { query: { term: 'abc', orderBy: 'invalid asc' } });
    expect(sort.status).toBe(400);
    expect(sort.body.error.briefSummary).toContain('Invalid sort field: invalid');
    expect((await server.api.get('/queries/nodes', { query: { term: 'abc', rootNodeId: 'dummy' } })).status).toBe(404);
  });

  it('finds only what the caller may read, and refuses a root they may not read', async () => {
    const vault = await aSharedFolder(server.api, { bob: 'Consumer' }, root.id);
    const put = await server.api.put(`/nodes/${vault.id}`, {
      permissions: {
        isInheritanceEnabled: false,
        locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }],
      },
    });
    expect(put.status).toBe(200);
    const secret = await aFile(server.api, vault.id, 'x', 'platypus-secret.txt');
    expect(await found(bob, 'nodes', { term: 'platypus' })).toEqual(['platypus-secret.txt']);
    expect(await found(carol, 'nodes', { term: 'platypus' })).toEqual([]);
    const own = await aFile(carol, '-my-', 'y', 'platypus-mine.txt');
    expect(await found(carol, 'nodes', { term: 'platypus' }, 'id')).toEqual([own.id]);
    expect((await find(carol, 'nodes', { term: 'platypus', rootNodeId: vault.id }, 403)).list).toBeUndefined();
    expect(await found(server.api, 'nodes', { term: 'platypus', rootNodeId: vault.id }, 'id')).toEqual([secret.id]);
    expect((await find(carol, 'nodes', { term: 'platypus' })).list.pagination).toMatchObject({
      count: 1,
      totalItems: 1,
    });
  });

  it('keeps the nodes below rootNodeId, aliases included, and of nodeType', async () => {
    const a = await aFolder(bob, root.id, { name: 'echidna-a' });
    const b = await aFolder(bob, root.id, { name: 'echidna-b' });
    await aFile(bob, a.id, 'x', 'echidna-1.txt');
    await aFile(bob, b.id, 'x', 'echidna-2.txt');
    const mine = await aFile(bob, '-my-', 'x', 'echidna-home.txt');
    expect(await found(bob, 'nodes', { term: 'echidna', rootNodeId: a.id })).toEqual(['echidna-1.txt']);
    expect((await found(bob, 'nodes', { term: 'echidna', rootNodeId: root.id })).sort()).toEqual([
      'echidna-1.txt',
      'echidna-2.txt',
      'echidna-a',
      'echidna-b',
    ]);
    expect(await found(bob, 'nodes', { term: 'echidna', rootNodeId: '-my-' }, 'id')).toEqual([mine.id]);
    expect(await found(bob, 'nodes', { term: 'echidna', rootNodeId: '-shared-' })).toEqual([]);
    expect(await found(bob, 'nodes', { term: 'echidna', rootNodeId: '-root-' })).toHaveLength(5);
    expect((await found(bob, 'nodes', { term: 'echidna', nodeType: 'cm:folder' })).sort()).toEqual([
      'echidna-a',
      'echidna-b',
    ]);
    expect(await found(bob, 'nodes', { term: 'echidna', nodeType: 'cm:content', rootNodeId: b.id })).toEqual([
      'echidna-2.txt',
    ]);
  });

  it('leaves out sites, their containers and what the system made', async () => {
    const site = await aSite(server.api, { id: 'quokka-site', title: 'Quokka' });
    expect(await found(server.api, 'nodes', { term: 'quokka' })).toEqual([]);
    expect(await found(server.api, 'nodes', { term: 'documentLibrary' })).toEqual([]);
    expect(await found(server.api, 'nodes', { term: 'sites' })).toEqual([]);
    expect((await found(server.api, 'nodes', { term: 'quokka', nodeType: 'st:site' }, 'id')).length).toBe(1);
    expect(site.id).toBe('quokka-site');
  });

  it('orders by modifiedAt descending by default, or by name and createdAt; pages with totalItems', async () => {
    const folder = await aFolder(bob, root.id, { name: 'sorting' });
    for (const name of ['numbat-b.txt', 'numbat-c.txt', 'numbat-a.txt']) {
      await aFile(bob, folder.id, 'x', name);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct times to order by
    }
    const base = { term: 'numbat' };
    expect(await found(bob, 'nodes', base)).toEqual(['numbat-a.txt', 'numbat-c.txt', 'numbat-b.txt']);
    expect(await found(bob, 'nodes', { ...base, orderBy: 'name' })).toEqual([
      'numbat-a.txt',
      'numbat-b.txt',
      'numbat-c.txt',
    ]);
    expect(await found(bob, 'nodes', { ...base, orderBy: 'name DESC' })).toEqual([
      'numbat-c.txt',
      'numbat-b.txt',
      'numbat-a.txt',
    ]);
    expect(await found(bob, 'nodes', { ...base, orderBy: 'createdAt asc' })).toEqual([
      'numbat-b.txt',
      'numbat-c.txt',
      'numbat-a.txt',
    ]);
    const page = await find(bob, 'nodes', { ...base, orderBy: 'name', skipCount: 1, maxItems: 1, fields: 'id,name' });
    expect(page.list.pagination).toEqual({ count: 1, hasMoreItems: true, totalItems: 3, skipCount: 1, maxItems: 1 });
    expect(Object.keys(page.list.entries[0]!.entry).sort()).toEqual(['id', 'name']);
    expect(page.list.entries[0]!.entry.name).toBe('numbat-b.txt');
  });
});

describe('GET /queries/people', () => {
  beforeAll(async () => {
    for (const [id, firstName, lastName] of [
      ['kiwi-zed', 'Alma', 'Kiwison'],
      ['kiwi-amy', 'Bea', 'Kiwison'],
      ['kiwi-bo', 'Alma', 'Arden'],
      ['tui-kiwi', 'Cara', 'Zed'],
    ]) {
      await aUser(server.api, { id, firstName, lastName });
    }
  });

  it('finds people whose id, first or last name contain each word, by first then last name', async () => {
    expect(await found(carol, 'people', { term: 'kiwi' }, 'id')).toEqual([
      'kiwi-bo',
      'kiwi-zed',
      'kiwi-amy',
      'tui-kiwi',
    ]);
    expect(await found(carol, 'people', { term: 'iwis' }, 'id')).toEqual(['kiwi-zed', 'kiwi-amy']);
    expect(await found(carol, 'people', { term: 'alma kiwi' }, 'id')).toEqual(['kiwi-bo', 'kiwi-zed']);
    expect(await found(carol, 'people', { term: 'KIWI-A' }, 'id')).toEqual(['kiwi-amy']);
    expect(await found(carol, 'people', { term: 'kiwi', orderBy: 'id' }, 'id')).toEqual([
      'kiwi-amy',
      'kiwi-bo',
      'kiwi-zed',
      'tui-kiwi',
    ]);
    expect(await found(carol, 'people', { term: 'kiwi', orderBy: 'lastName desc,firstName' }, 'id')).toEqual([
      'tui-kiwi',
      'kiwi-zed',
      'kiwi-amy',
      'kiwi-bo',
    ]);
    const page = await find(carol, 'people', { term: 'kiwi', orderBy: 'id', skipCount: 2, maxItems: 1, fields: 'id' });
    expect(page.list.pagination).toEqual({ count: 1, hasMoreItems: true, totalItems: 4, skipCount: 2, maxItems: 1 });
    expect(page.list.entries).toEqual([{ entry: { id: 'kiwi-zed' } }]);
  });

  it('shows entries as GET /people does, disabled people included', async () => {
    expect((await server.api.put('/people/kiwi-amy', { enabled: false })).status).toBe(200);
    const entries = (await find(carol, 'people', { term: 'kiwi-amy' })).list.entries;
    expect(entries).toEqual([
      { entry: (await carol.get('/people', { query: { where: "(search='kiwi-amy')" } })).body.list.entries[0].entry },
    ]);
    expect(entries[0]!.entry).toMatchObject({ id: 'kiwi-amy', enabled: false, firstName: 'Bea' });
    expect((await find(server.api, 'people', { term: 'kiwi-amy' })).list.entries[0]!.entry).toHaveProperty('quota');
  });

  it('refuses a term of fewer than 2 letters or digits and an unknown sort field', async () => {
    const short = await carol.get('/queries/people', { query: { term: ' k* ' } });
    expect(short.status).toBe(400);
    expect(short.body.error.briefSummary).toContain('Must have at least 2 alphanumeric chars');
    expect((await carol.get('/queries/people', { query: { term: 'ki', orderBy: 'email' } })).status).toBe(400);
    const missing = await carol.get('/queries/people');
    expect(missing.status).toBe(400);
    expect(missing.body.error.briefSummary).toContain("Query 'term' not specified");
  });
});

describe('GET /queries/sites', () => {
  beforeAll(async () => {
    await aSite(bob, { id: 'kea-public', title: 'Alpine parrots', description: 'Kea sightings' });
    await aSite(bob, { id: 'kea-moderated', title: 'Mountain birds', visibility: 'MODERATED' });
    await aSite(bob, {
      id: 'kakapo-private',
      title: 'Night parrots',
      description: 'kea cousins',
      visibility: 'PRIVATE',
    });
  });

  it('finds sites by id, title or description, private ones only for members and administrators', async () => {
    expect(await found(carol, 'sites', { term: 'kea' }, 'id')).toEqual(['kea-public', 'kea-moderated']);
    expect(await found(bob, 'sites', { term: 'kea' }, 'id')).toEqual(['kea-public', 'kea-moderated', 'kakapo-private']);
    expect(await found(server.api, 'sites', { term: 'parrots' }, 'id')).toEqual(['kea-public', 'kakapo-private']);
    expect(await found(carol, 'sites', { term: 'parrots' }, 'id')).toEqual(['kea-public']);
    await aMember(bob, 'kakapo-private', 'carol', 'SiteConsumer');
    expect(await found(carol, 'sites', { term: 'night parr' }, 'id')).toEqual(['kakapo-private']);
    const entry = (await find(carol, 'sites', { term: 'kakapo' })).list.entries[0]!.entry;
    expect(entry).toEqual((await carol.get('/sites/kakapo-private')).body.entry);
    expect(entry).toMatchObject({ role: 'SiteConsumer', visibility: 'PRIVATE' });
  });

  it('orders by title unless asked, pages, and refuses a short term or an unknown sort field', async () => {
    expect(await found(bob, 'sites', { term: 'ke', orderBy: 'id desc' }, 'id')).toEqual([
      'kea-public',
      'kea-moderated',
      'kakapo-private',
    ]);
    const page = await find(bob, 'sites', { term: 'ke', skipCount: 1, maxItems: 1, fields: 'id' });
    expect(page.list.pagination).toEqual({ count: 1, hasMoreItems: true, totalItems: 3, skipCount: 1, maxItems: 1 });
    expect(page.list.entries).toEqual([{ entry: { id: 'kea-moderated' } }]);
    expect((await bob.get('/queries/sites', { query: { term: 'k' } })).status).toBe(400);
    expect((await bob.get('/queries/sites', { query: { term: 'kea', orderBy: 'visibility' } })).status).toBe(400);
  });
});
