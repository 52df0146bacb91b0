import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder } from '../../testing/builders.ts';
import { aMember, aSite, aUser } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let admin: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  bob = await aUser(admin, 'bob');
  carol = await aUser(admin, 'carol');
});
afterAll(() => server.close());

type Entry = { targetGuid: string; createdAt: string; target: Record<string, Record<string, unknown>> };
type Page = { body: { list: { pagination: Record<string, unknown>; entries: { entry: Entry }[] } } };
const guids = (res: Page) => res.body.list.entries.map((e) => e.entry.targetGuid);
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;

const favorite = (api: ApiClient, kind: 'file' | 'folder' | 'site', guid: string, query = {}) =>
  api.post('/people/-me-/favorites', { target: { [kind]: { guid } } }, { query });
const listed = (api: ApiClient, query: Record<string, string | number> = {}) =>
  api.get('/people/-me-/favorites', { query: { maxItems: 1000, ...query } }) as Promise<Page & { status: number }>;

/** A person with nothing favorited yet (sites are created without the automatic favorite). */
async function freshUser(id: string) {
  return aUser(admin, id);
}

describe('POST /people/{personId}/favorites', () => {
  it('adds a file with Alfresco legacy target shape', async () => {
    const folder = await aFolder(bob, '-my-');
    const file = await aFile(bob, folder.id, 'hello world', 'report.txt');
    await bob.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'Report', 'cm:description': 'Q3' } });
    const res = await favorite(bob, 'file', file.id);
    expect(res.status).toBe(201);
    expect(res.body.entry).toEqual({
      targetGuid: file.id,
      createdAt: expect.stringMatching(DATE),
      target: {
        file: {
          id: file.id,
          guid: file.id,
          name: 'report.txt',
          title: 'Report',
          description: 'Q3',
          createdAt: expect.stringMatching(DATE),
          createdBy: 'bob',
          createdByUser: { id: 'bob', displayName: 'Bob Tester' },
          modifiedAt: expect.stringMatching(DATE),
          modifiedBy: 'bob',
          modifiedByUser: { id: 'bob', displayName: 'Bob Tester' },
          parentId: folder.id,
          isFile: true,
          isFolder: false,
          mimeType: 'text/plain',
          sizeInBytes: 11,
          versionLabel: '1.0',
          content: {
            mimeType: 'text/plain',
            mimeTypeName: 'Plain Text',
            sizeInBytes: 11,
            encoding: expect.any(String),
          },
        },
      },
    });
  });

  it('adds a folder (no content fields, no nodeType) and a site by guid or by id', async () => {
    const folder = await aFolder(bob, '-my-');
    const res = await favorite(bob, 'folder', folder.id);
    expect(res.status).toBe(201);
    const target = res.body.entry.target.folder;
    expect(target).toMatchObject({ id: folder.id, guid: folder.id, isFolder: true, isFile: false, createdBy: 'bob' });
    for (const key of ['nodeType', 'content', 'mimeType', 'sizeInBytes', 'versionLabel', 'title']) {
      expect(target).not.toHaveProperty(key);
    }
    const site = await aSite(carol, { description: 'Team' });
    const byGuid = await favorite(bob, 'site', site.guid);
    expect(byGuid.status).toBe(201);
    expect(byGuid.body.entry).toEqual({
      targetGuid: site.guid,
      createdAt: expect.stringMatching(DATE),
      target: {
        site: {
          id: site.id,
          guid: site.guid,
          title: site.title,
          description: 'Team',
          visibility: 'PUBLIC',
          preset: 'site-dashboard',
        },
      },
    });
    const other = await aSite(carol);
    await aMember(carol, other.id, 'bob', 'SiteCollaborator');
    const byId = await bob.post('/people/-me-/favorites', { target: { site: { id: other.id.toUpperCase() } } });
    expect(byId.status).toBe(201);
    expect(byId.body.entry.target.site).toMatchObject({ id: other.id, guid: other.guid, role: 'SiteCollaborator' });
  });

  it('is idempotent: adding again is 201 with the first date, and lists it once', async () => {
    const dave = await freshUser('dave');
    const folder = await aFolder(dave, '-my-');
    const first = await favorite(dave, 'folder', folder.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await favorite(dave, 'folder', folder.id);
    expect(again.status).toBe(201);
    expect(again.body.entry).toEqual(first.body.entry);
    expect(guids(await listed(dave))).toEqual([folder.id]);
  });

  it('takes an array (answered with a list), all of them or none', async () => {
    const erin = await freshUser('erin');
    const folder = await aFolder(erin, '-my-');
    const file = await aFile(erin, folder.id);
    const res = await erin.post('/people/erin/favorites', [
      { target: { folder: { guid: folder.id } } },
      { target: { file: { guid: file.id } } },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.list.pagination).toMatchObject({ count: 2, totalItems: 2, hasMoreItems: false });
    expect(guids(res)).toEqual([folder.id, file.id]);
    const other = await aFolder(erin, '-my-');
    const failed = await erin.post('/people/-me-/favorites', [
      { target: { folder: { guid: other.id } } },
      { target: { file: { guid: folder.id } } },
    ]);
    expect(failed.status).toBe(404);
    expect(guids(await listed(erin))).not.toContain(other.id);
  });

  it('gives 404 for a target of another kind, unknown, or that the caller cannot read', async () => {
    const folder = await aFolder(bob, '-my-');
    const file = await aFile(bob, folder.id);
    const site = await aSite(bob);
    const library = (await bob.get(`/sites/${site.id}/containers/documentLibrary`)).body.entry.id;
    const cases: [string, string][] = [
      ['file', folder.id],
      ['folder', file.id],
      ['folder', site.guid],
      ['site', folder.id],
      ['site', library],
      ['file', 'no-such-node'],
      ['site', 'no-such-site'],
    ];
    for (const [kind, guid] of cases) {
      const res = await favorite(bob, kind as 'file', guid);
      expect(res.status, `${kind} ${guid}`).toBe(404);
      expect(res.body.error.errorKey).toBe('framework.exception.RelationshipNotFound');
    }
    expect((await bob.post('/people/-me-/favorites', { target: { site: { id: 'no-such-site' } } })).status).toBe(404);
    const mismatch = { target: { site: { guid: site.guid, id: 'another-site' } } };
    expect((await bob.post('/people/-me-/favorites', mismatch)).status).toBe(404);
    // bob's home is his alone; a PRIVATE site is invisible to non-members.
    expect((await favorite(carol, 'file', file.id)).status).toBe(404);
    expect((await favorite(carol, 'folder', folder.id)).status).toBe(404);
    const secret = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await favorite(carol, 'site', secret.guid)).status).toBe(404);
  });

  it.each([
    [{}],
    [{ target: {} }],
    [{ target: { file: {} } }],
    [{ target: { file: { guid: '' } } }],
    [{ target: { file: { id: 'x' } } }],
    [{ target: { site: {} } }],
    [{ target: { document: { guid: 'x' } } }],
    [{ target: { file: { guid: 'x' }, folder: { guid: 'y' } } }],
    [{ target: { file: { guid: 'x' } }, extra: true }],
    [[]],
  ])('gives 400 for %j', async (body) => {
    expect((await bob.post('/people/-me-/favorites', body)).status).toBe(400);
  });

  it('gives 404 for another person (administrators included) and 401 without credentials', async () => {
    const folder = await aFolder(admin);
    const body = { target: { folder: { guid: folder.id } } };
    expect((await admin.post('/people/bob/favorites', body)).status).toBe(404);
    expect((await carol.post('/people/bob/favorites', body)).status).toBe(404);
    expect((await carol.post('/people/nobody/favorites', body)).status).toBe(404);
    expect((await carol.post('/people/-me-/favorites', body, { auth: null })).status).toBe(401);
    // The caller's own id, in any case, is the caller.
    expect((await carol.post('/people/CAROL/favorites', body)).status).toBe(201);
  });
});

describe('GET /people/{personId}/favorites', () => {
  let frank: ApiClient;
  let files: string[];
  let folders: string[];
  let sites: string[];
  beforeAll(async () => {
    frank = await freshUser('frank');
    const home = await aFolder(frank, '-my-');
    files = [];
    folders = [];
    sites = [];
    // Made in turn, so that each is newer than the one before.
    for (let i = 0; i < 2; i += 1) {
      const folder = await aFolder(frank, home.id);
      const file = await aFile(frank, folder.id);
      const site = await aSite(frank, {}, { skipAddToFavorites: true });
      for (const [kind, guid, into] of [
        ['file', file.id, files],
        ['folder', folder.id, folders],
        ['site', site.guid, sites],
      ] as const) {
        expect((await favorite(frank, kind, guid)).status).toBe(201);
        into.unshift(guid);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    }
  });

  it("lists files, then folders, then sites, the newest first within each (Alfresco's order)", async () => {
    const res = await listed(frank);
    expect(res.status).toBe(200);
    expect(guids(res)).toEqual([...files, ...folders, ...sites]);
    expect(res.body.list.pagination).toEqual({
      count: 6,
      hasMoreItems: false,
      totalItems: 6,
      skipCount: 0,
      maxItems: 1000,
    });
    expect(Object.keys(res.body.list.entries[0]!.entry.target)).toEqual(['file']);
    expect(Object.keys(res.body.list.entries[5]!.entry.target)).toEqual(['site']);
  });

  it('pages with counts of all of them', async () => {
    const res = await frank.get('/people/-me-/favorites', { query: { skipCount: 1, maxItems: 2 } });
    expect(guids(res)).toEqual([files[1], folders[0]]);
    expect(res.body.list.pagination).toEqual({
      count: 2,
      hasMoreItems: true,
      totalItems: 6,
      skipCount: 1,
      maxItems: 2,
    });
    const beyond = await frank.get('/people/-me-/favorites', { query: { skipCount: 10 } });
    expect(beyond.body.list.pagination).toMatchObject({ count: 0, hasMoreItems: false, totalItems: 6 });
    for (const query of [{ maxItems: 0 }, { skipCount: -1 }, { maxItems: 'abc' }]) {
      expect((await frank.get('/people/-me-/favorites', { query })).status).toBe(400);
    }
  });

  it('orders by type, createdAt and title (the name; a site its id) in either direction, as Alfresco', async () => {
    const order = async (orderBy: string) => guids(await listed(frank, { orderBy }));
    const [file1, file0] = files as [string, string];
    const [folder1, folder0] = folders as [string, string];
    const [site1, site0] = sites as [string, string];
    const oldestFirst = [file0, folder0, site0, file1, folder1, site1];
    expect(await order('createdAt')).toEqual(oldestFirst);
    expect(await order('createdAt DESC')).toEqual([...oldestFirst].reverse());
    expect(await order('type DESC,createdAt')).toEqual([site0, site1, folder0, folder1, file0, file1]);
    expect(await order('type ASC,createdAt DESC')).toEqual([...files, ...folders, ...sites]);
    // Names made in turn sort as they were made: file-… < folder-… < site-….
    expect(await order('title')).toEqual([file0, file1, folder0, folder1, site0, site1]);
    expect(await order('title DESC')).toEqual([site1, site0, folder1, folder0, file1, file0]);
    expect(await order('username,createdAt')).toEqual(oldestFirst);
    const page = await frank.get('/people/-me-/favorites', {
      query: { orderBy: 'createdAt', skipCount: 2, maxItems: 2 },
    });
    expect(guids(page)).toEqual([site0, file1]);
    expect(page.body.list.pagination).toMatchObject({ totalItems: 6, hasMoreItems: true });
  });

  it.each(['name', 'Title', 'createdAt UP', 'modifiedAt'])('gives 400 for orderBy=%s', async (orderBy) => {
    const res = await frank.get('/people/-me-/favorites', { query: { orderBy } });
    expect(res.status).toBe(400);
    expect(res.body.error.errorKey).toBe('framework.exception.InvalidArgument');
  });

  it('filters by kind with EXISTS(target/…) joined by OR', async () => {
    expect(guids(await listed(frank, { where: '(EXISTS(target/file))' }))).toEqual(files);
    expect(guids(await listed(frank, { where: '(EXISTS(target/folder))' }))).toEqual(folders);
    expect(guids(await listed(frank, { where: '(EXISTS(target/site))' }))).toEqual(sites);
    const two = await listed(frank, { where: '(EXISTS(target/site) OR EXISTS(target/file))', maxItems: 1 });
    expect(guids(two)).toEqual([files[0]]);
    expect(two.body.list.pagination).toMatchObject({ totalItems: 4, hasMoreItems: true });
    const all = '(EXISTS(target/file) or EXISTS(target/folder) OR EXISTS(target/site))';
    expect(guids(await listed(frank, { where: all }))).toHaveLength(6);
  });

  it.each([
    '(EXISTS(target/file) AND EXISTS(target/folder))',
    '(NOT EXISTS(target/file))',
    '(EXISTS(target/person))',
    '(isFile=true)',
    'EXISTS(target/file)',
    '(EXISTS(target/file)',
  ])('gives 400 for where=%s', async (where) => {
    expect((await frank.get('/people/-me-/favorites', { query: { where } })).status).toBe(400);
  });

  it('adds path inside file and folder targets with include=path, and the rest at the top level', async () => {
    const res = await listed(frank, { include: 'path,properties,aspectNames,allowableOperations' });
    const [file, , folder, , site] = res.body.list.entries.map((e) => e.entry);
    const path = file!.target.file!.path as { name: string; isComplete: boolean; elements: { id: string }[] };
    expect(path.isComplete).toBe(true);
    expect(path.name).toMatch(/^\/Company Home\/User Homes\/frank\/folder-/);
    expect(path.elements.at(-1)!.id).toBe(file!.target.file!.parentId);
    expect(folder!.target.folder).toHaveProperty('path');
    expect(site!.target.site).not.toHaveProperty('path');
    expect(file).toMatchObject({
      aspectNames: expect.arrayContaining(['cm:versionable']),
      properties: { 'cm:versionLabel': '1.0' },
      allowableOperations: ['delete', 'update', 'updatePermissions'],
    });
    expect(site).toMatchObject({ aspectNames: ['cm:titled', 'cm:auditable'] });
    // cm:title, cm:description and the site properties are not repeated: nothing is left.
    expect(site).not.toHaveProperty('properties');
    const plain = await listed(frank);
    expect(plain.body.list.entries[0]!.entry).not.toHaveProperty('aspectNames');
    expect(plain.body.list.entries[0]!.entry.target.file).not.toHaveProperty('path');
  });

  it('returns only the fields asked for (and those included)', async () => {
    const res = await listed(frank, { fields: 'targetGuid', include: 'aspectNames' });
    expect(Object.keys(res.body.list.entries[0]!.entry).sort()).toEqual(['aspectNames', 'targetGuid']);
  });

  it("gives 404 for another person's favorites, administrators included, and for unknown people", async () => {
    for (const api of [carol, admin]) {
      expect((await api.get('/people/frank/favorites')).status).toBe(404);
      expect((await api.get(`/people/frank/favorites/${files[0]}`)).status).toBe(404);
      expect((await api.delete(`/people/frank/favorites/${files[0]}`)).status).toBe(404);
    }
    const unknown = await carol.get('/people/nobody/favorites');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.errorKey).toBe('framework.exception.EntityNotFound');
    expect((await frank.get('/people/Frank/favorites')).status).toBe(200);
    expect((await frank.get('/people/-me-/favorites', { auth: null })).status).toBe(401);
  });
});

describe('GET and DELETE /people/{personId}/favorites/{favoriteId}', () => {
  it('gets one favorite, removes it, and then 404', async () => {
    const folder = await aFolder(bob, '-my-');
    const added = await favorite(bob, 'folder', folder.id);
    const got = await bob.get(`/people/-me-/favorites/${folder.id}`, { query: { include: 'path' } });
    expect(got.status).toBe(200);
    expect(got.body.entry).toMatchObject({ targetGuid: folder.id, createdAt: added.body.entry.createdAt });
    expect(got.body.entry.target.folder.path.name).toBe('/Company Home/User Homes/bob');
    expect((await bob.delete(`/people/-me-/favorites/${folder.id}`)).status).toBe(204);
    expect((await bob.get(`/people/-me-/favorites/${folder.id}`)).status).toBe(404);
    expect((await bob.delete(`/people/-me-/favorites/${folder.id}`)).status).toBe(404);
    expect((await bob.get('/people/-me-/favorites/no-such-node')).status).toBe(404);
  });
});

describe('favorites and access', () => {
  it('skips favorites whose target the caller can no longer read, and counts only the others', async () => {
    const gina = await freshUser('gina');
    const shared = await aFolder(admin);
    const file = await aFile(admin, shared.id);
    const open = await aFolder(admin);
    expect((await favorite(gina, 'file', file.id)).status).toBe(201);
    expect((await favorite(gina, 'folder', open.id)).status).toBe(201);
    expect(guids(await listed(gina))).toEqual([file.id, open.id]);

    const closed = await admin.put(`/nodes/${shared.id}`, {
      permissions: { isInheritanceEnabled: false, locallySet: [] },
    });
    expect(closed.status).toBe(200);
    const res = await listed(gina);
    expect(guids(res)).toEqual([open.id]);
    expect(res.body.list.pagination).toMatchObject({ count: 1, totalItems: 1 });
    const paged = await gina.get('/people/-me-/favorites', { query: { maxItems: 1 } });
    expect(paged.body.list.pagination).toMatchObject({ count: 1, totalItems: 1, hasMoreItems: false });
    expect((await gina.get(`/people/-me-/favorites/${file.id}`)).status).toBe(404);
    expect((await favorite(gina, 'file', file.id)).status).toBe(404);

    // Access given back brings the favorite back; it can be removed while hidden.
    await admin.put(`/nodes/${shared.id}`, { permissions: { isInheritanceEnabled: true } });
    expect(guids(await listed(gina))).toEqual([file.id, open.id]);
    await admin.put(`/nodes/${shared.id}`, { permissions: { isInheritanceEnabled: false } });
    expect((await gina.delete(`/people/-me-/favorites/${file.id}`)).status).toBe(204);
    await admin.put(`/nodes/${shared.id}`, { permissions: { isInheritanceEnabled: true } });
    expect(guids(await listed(gina))).toEqual([open.id]);
  });

  it('skips a site that turns PRIVATE for a non-member', async () => {
    const hank = await freshUser('hank');
    const site = await aSite(bob);
    expect((await favorite(hank, 'site', site.guid)).status).toBe(201);
    expect(guids(await listed(hank))).toEqual([site.guid]);
    expect((await bob.put(`/sites/${site.id}`, { visibility: 'PRIVATE' })).status).toBe(200);
    expect(guids(await listed(hank))).toEqual([]);
    expect((await listed(hank)).body.list.pagination).toMatchObject({ totalItems: 0 });
  });

  it('removes favorites with their nodes and sites', async () => {
    const ivan = await freshUser('ivan');
    const folder = await aFolder(ivan, '-my-');
    const file = await aFile(ivan, folder.id);
    const site = await aSite(ivan);
    await favorite(ivan, 'folder', folder.id);
    await favorite(ivan, 'file', file.id);
    expect(guids(await listed(ivan)).sort()).toEqual([file.id, folder.id, site.guid].sort());
    expect((await ivan.delete(`/nodes/${folder.id}`)).status).toBe(204);
    expect((await ivan.delete(`/sites/${site.id}`)).status).toBe(204);
    const res = await listed(ivan);
    expect(guids(res)).toEqual([]);
    expect(res.body.list.pagination).toMatchObject({ totalItems: 0 });
    expect((await ivan.get(`/people/-me-/favorites/${file.id}`)).status).toBe(404);
  });
});

describe('site creation', () => {
  it("adds a new site to its creator's favorites, unless skipAddToFavorites=true", async () => {
    const site = await aSite(bob);
    const res = await bob.get(`/people/-me-/favorites/${site.guid}`);
    expect(res.status).toBe(200);
    expect(res.body.entry.target.site).toMatchObject({ id: site.id, role: 'SiteManager' });
    const skipped = await aSite(bob, {}, { skipAddToFavorites: true });
    expect((await bob.get(`/people/-me-/favorites/${skipped.guid}`)).status).toBe(404);
  });
});

describe('include=isFavorite on nodes', () => {
  it("tells the caller's favorites apart on GET, PUT, children and secondary children", async () => {
    const folder = await aFolder(bob, '-my-');
    const liked = await aFile(bob, folder.id);
    const other = await aFile(bob, folder.id);
    await favorite(bob, 'file', liked.id);
    const isFavorite = { include: 'isFavorite' };

    expect((await bob.get(`/nodes/${liked.id}`, { query: isFavorite })).body.entry.isFavorite).toBe(true);
    expect((await bob.get(`/nodes/${other.id}`, { query: isFavorite })).body.entry.isFavorite).toBe(false);
    expect((await bob.get(`/nodes/${liked.id}`)).body.entry).not.toHaveProperty('isFavorite');

    const children = await bob.get(`/nodes/${folder.id}/children`, { query: isFavorite });
    const flags = Object.fromEntries(
      children.body.list.entries.map((e: { entry: { id: string; isFavorite: boolean } }) => [
        e.entry.id,
        e.entry.isFavorite,
      ]),
    );
    expect(flags).toEqual({ [liked.id]: true, [other.id]: false });

    const holder = await aFolder(bob, '-my-');
    await bob.post(`/nodes/${holder.id}/secondary-children`, { childId: liked.id, assocType: 'cm:contains' });
    const secondary = await bob.get(`/nodes/${holder.id}/secondary-children`, { query: isFavorite });
    expect(secondary.body.list.entries[0].entry).toMatchObject({ id: liked.id, isFavorite: true });

    const updated = await bob.put(`/nodes/${liked.id}`, { properties: { 'cm:title': 'x' } }, { query: isFavorite });
    expect(updated.body.entry.isFavorite).toBe(true);
  });

  it("is per person: another reader's favorites are not the caller's", async () => {
    const folder = await aFolder(admin);
    await favorite(admin, 'folder', folder.id);
    expect((await admin.get(`/nodes/${folder.id}`, { query: { include: 'isFavorite' } })).body.entry.isFavorite).toBe(
      true,
    );
    expect((await carol.get(`/nodes/${folder.id}`, { query: { include: 'isFavorite' } })).body.entry.isFavorite).toBe(
      false,
    );
  });
});

describe('/people/{personId}/favorite-sites (Alfresco’s older form, which ADF’s library star asks)', () => {
  it('lists, reads, adds and removes site favorites by site id; the same favorites as /favorites', async () => {
    const dora = await freshUser('dora');
    const site = await aSite(carol, { visibility: 'PUBLIC' });
    const path = `/people/-me-/favorite-sites`;
    expect((await dora.get(`${path}/${site.id}`)).status).toBe(404);
    const added = await dora.post(path, { id: site.id });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ entry: { id: site.id } });
    expect((await dora.post(path, { id: site.id })).status).toBe(409);
    const one = await dora.get(`${path}/${site.id}`, { query: { fields: 'id,title' } });
    expect(one.body).toEqual({ entry: { id: site.id, title: site.title } });
    expect(guids(await listed(dora, { where: '(EXISTS(target/site))' }))).toEqual([site.guid]);
    const page = await dora.get(path);
    expect(page.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual([site.id]);
    expect(page.body.list.pagination).toMatchObject({ count: 1, totalItems: 1 });
    expect((await dora.delete(`${path}/${site.id}`)).status).toBe(204);
    expect((await dora.delete(`${path}/${site.id}`)).status).toBe(404);
    expect(guids(await listed(dora))).toEqual([]);
  });

  it('is 404 for another person, an unknown site and a private site the caller cannot see', async () => {
    const secret = await aSite(carol, { visibility: 'PRIVATE' });
    expect((await bob.get(`/people/carol/favorite-sites`)).status).toBe(404);
    expect((await carol.get(`/people/-me-/favorite-sites/${secret.id}`)).status).toBe(200);
    expect((await bob.get(`/people/-me-/favorite-sites/no-such-site`)).status).toBe(404);
    expect((await bob.post(`/people/-me-/favorite-sites`, { id: secret.id })).status).toBe(404);
    expect((await bob.get(`/people/-me-/favorite-sites/${secret.id}`)).status).toBe(404);
  });
});
