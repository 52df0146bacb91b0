import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, uniqueName } from '../../testing/builders.ts';
import { bigContent, contentFiles } from '../../testing/content-files.ts';
import { aMember, aSite, aUser, documentLibrary } from '../../testing/site-builders.ts';
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

const ids = (res: { body: { list: { entries: { entry: { id: string } }[] } } }) =>
  res.body.list.entries.map((e) => e.entry.id);

describe('POST /sites', () => {
  it('creates a site with its documentLibrary and groups; the creator is its SiteManager', async () => {
    const res = await bob.post('/sites', { title: '  Q3 Sales & Ops! ', description: 'Numbers', visibility: 'PUBLIC' });
    expect(res.status).toBe(201);
    expect(res.body.entry).toEqual({
      id: 'q3-sales-ops',
      guid: expect.any(String),
      title: 'Q3 Sales & Ops!',
      description: 'Numbers',
      visibility: 'PUBLIC',
      preset: 'site-dashboard',
      role: 'SiteManager',
    });
    expect((await bob.get('/sites/q3-sales-ops')).body.entry).toEqual(res.body.entry);
    const node = (await admin.get(`/nodes/${res.body.entry.guid}`)).body.entry;
    expect(node).toMatchObject({
      name: 'q3-sales-ops',
      nodeType: 'st:site',
      properties: { 'cm:title': 'Q3 Sales & Ops!', 'st:siteVisibility': 'PUBLIC', 'st:sitePreset': 'site-dashboard' },
    });
    const containers = await bob.get('/sites/q3-sales-ops/containers');
    expect(containers.body.list.entries).toEqual([{ entry: { id: expect.any(String), folderId: 'documentLibrary' } }]);
    const library = (await admin.get(`/nodes/${containers.body.list.entries[0].entry.id}`)).body.entry;
    expect(library).toMatchObject({ name: 'documentLibrary', parentId: node.id, nodeType: 'cm:folder' });
    expect(library.aspectNames).toContain('st:siteContainer');
    const managers = await admin.get('/groups/GROUP_site_q3-sales-ops_SiteManager/members');
    expect(managers.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['bob']);
    const parts = await admin.get('/groups/GROUP_site_q3-sales-ops/members');
    expect(ids(parts).sort()).toEqual(
      ['SiteCollaborator', 'SiteConsumer', 'SiteContributor', 'SiteManager'].map((r) => `GROUP_site_q3-sales-ops_${r}`),
    );
  });

  it('takes an explicit id and accepts skipConfiguration and skipAddToFavorites', async () => {
    const res = await carol.post(
      '/sites',
      { id: 'Carol-Space', title: 'Carol', visibility: 'MODERATED' },
      { query: { skipConfiguration: true, skipAddToFavorites: true } },
    );
    expect(res.status).toBe(201);
    expect(res.body.entry).toMatchObject({ id: 'Carol-Space', visibility: 'MODERATED', role: 'SiteManager' });
    expect(res.body.entry).not.toHaveProperty('description');
    expect((await carol.get('/sites/carol-space')).body.entry.id).toBe('Carol-Space');
  });

  it('gives 409 for an id that is taken, in any case', async () => {
    const site = await aSite(bob);
    const again = await carol.post('/sites', { id: site.id.toUpperCase(), title: 'Again', visibility: 'PUBLIC' });
    expect(again.status).toBe(409);
    expect(again.body.error.briefSummary).toContain('already in use');
  });

  it.each([
    [{ visibility: 'PUBLIC' }],
    [{ title: 'No visibility' }],
    [{ title: 'x', visibility: 'SECRET' }],
    [{ title: '   ', visibility: 'PUBLIC' }],
    [{ title: '***', visibility: 'PUBLIC' }],
    [{ id: 'bad id', title: 'x', visibility: 'PUBLIC' }],
    [{ id: 'under_score', title: 'x', visibility: 'PUBLIC' }],
    [{ id: 'a'.repeat(73), title: 'x', visibility: 'PUBLIC' }],
    [{ title: 'x'.repeat(80), visibility: 'PUBLIC' }],
    [{ title: 'x'.repeat(257), visibility: 'PUBLIC' }],
    [{ title: 'x', description: 'd'.repeat(513), visibility: 'PUBLIC' }],
    [{ title: 'x', visibility: 'PUBLIC', preset: 'site-dashboard' }],
    [{ title: 'x', visibility: 'PUBLIC', guid: 'abc' }],
  ])('gives 400 for %j', async (body) => {
    expect((await bob.post('/sites', body)).status).toBe(400);
  });

  it('gives 405 for a list of sites (as Alfresco: one site per request)', async () => {
    const res = await bob.post('/sites', [{ title: 'x', visibility: 'PUBLIC' }]);
    expect(res.status).toBe(405);
    expect(res.body.error.errorKey).toBe('framework.exception.UnsupportedResourceOperation');
  });

  it('gives 401 without credentials', async () => {
    expect((await bob.post('/sites', { title: 'x', visibility: 'PUBLIC' }, { auth: null })).status).toBe(401);
  });
});

describe('GET /sites and GET /sites/{id}', () => {
  let open: string;
  let moderated: string;
  let secret: string;
  beforeAll(async () => {
    const prefix = uniqueName('list');
    open = (await aSite(carol, { id: `${prefix}-c`, title: `${prefix} Alpha` })).id;
    moderated = (
      await aSite(carol, { id: `${prefix}-b`, title: `${prefix} Beta`, visibility: 'MODERATED', description: 'a' })
    ).id;
    secret = (
      await aSite(carol, { id: `${prefix}-a`, title: `${prefix} Gamma`, visibility: 'PRIVATE', description: 'B' })
    ).id;
  });
  const listed = async (api: ApiClient, query: Record<string, string> = {}) =>
    ids(await api.get('/sites', { query: { maxItems: 1000, ...query } })).filter((id) =>
      [open, moderated, secret].includes(id),
    );

  it('lists PUBLIC and MODERATED sites to everyone, PRIVATE ones to members and administrators, by title', async () => {
    expect(await listed(bob)).toEqual([open, moderated]);
    expect(await listed(carol)).toEqual([open, moderated, secret]);
    expect(await listed(admin)).toEqual([open, moderated, secret]);
    const page = await carol.get('/sites', { query: { maxItems: 1000 } });
    const entry = page.body.list.entries.find((e: { entry: { id: string } }) => e.entry.id === secret).entry;
    expect(entry).toMatchObject({ visibility: 'PRIVATE', role: 'SiteManager' });
    const asBob = (await bob.get('/sites', { query: { maxItems: 1000 } })).body.list.entries;
    expect(asBob.find((e: { entry: { id: string } }) => e.entry.id === open).entry).not.toHaveProperty('role');
  });

  it('orders by id or title in either direction, and pages', async () => {
    expect(await listed(carol, { orderBy: 'id' })).toEqual([secret, moderated, open]);
    expect(await listed(carol, { orderBy: 'title DESC' })).toEqual([secret, moderated, open]);
    const all = await admin.get('/sites', { query: { maxItems: 1000 } });
    const second = await admin.get('/sites', { query: { skipCount: 1, maxItems: 1 } });
    expect(second.body.list.pagination).toEqual({
      count: 1,
      hasMoreItems: true,
      totalItems: all.body.list.pagination.totalItems,
      skipCount: 1,
      maxItems: 1,
    });
    expect(second.body.list.entries[0].entry.id).toBe(all.body.list.entries[1].entry.id);
    const fields = await bob.get('/sites', { query: { fields: 'id,title' } });
    expect(Object.keys(fields.body.list.entries[0].entry)).toEqual(['id', 'title']);
  });

  it('orders by description (none first, case-insensitively), as Alfresco allows', async () => {
    expect(await listed(carol, { orderBy: 'description' })).toEqual([open, moderated, secret]);
    expect(await listed(carol, { orderBy: 'description DESC' })).toEqual([secret, moderated, open]);
  });

  it('filters by visibility, several joined with OR, as far as the caller sees', async () => {
    expect(await listed(carol, { where: "(visibility='PRIVATE')" })).toEqual([secret]);
    expect(await listed(bob, { where: "(visibility='PRIVATE')" })).toEqual([]);
    expect(await listed(carol, { where: "(visibility='MODERATED' OR visibility='PRIVATE')" })).toEqual([
      moderated,
      secret,
    ]);
    expect(await listed(bob, { where: "(visibility='PUBLIC' or visibility='PRIVATE')" })).toEqual([open]);
    const filtered = await admin.get('/sites', { query: { where: "(visibility='MODERATED')", maxItems: 1000 } });
    const visibilities = filtered.body.list.entries.map((e: { entry: { visibility: string } }) => e.entry.visibility);
    expect(new Set(visibilities)).toEqual(new Set(['MODERATED']));
    expect(filtered.body.list.pagination.totalItems).toBe(visibilities.length);
  });

  it.each([
    [{ maxItems: 0 }],
    [{ skipCount: -1 }],
    [{ orderBy: 'visibility' }],
    [{ orderBy: 'title UP' }],
    [{ where: "(visibility='SECRET')" }],
    [{ where: "(visibility='public')" }],
    [{ where: "(title='x')" }],
    [{ where: "(visibility='PUBLIC' AND visibility='PRIVATE')" }],
    [{ where: "visibility='PUBLIC'" }],
  ])('gives 400 for %j', async (query) => {
    expect((await bob.get('/sites', { query })).status).toBe(400);
  });

  it('hides a PRIVATE site from non-members (404) but shows it to members and administrators', async () => {
    expect((await bob.get(`/sites/${secret}`)).status).toBe(404);
    expect((await carol.get(`/sites/${secret}`)).body.entry.role).toBe('SiteManager');
    const asAdmin = await admin.get(`/sites/${secret}`, { query: { fields: 'id,visibility' } });
    expect(asAdmin.body.entry).toEqual({ id: secret, visibility: 'PRIVATE' });
    expect((await bob.get(`/sites/${moderated}`)).status).toBe(200);
    expect((await bob.get('/sites/no-such-site')).status).toBe(404);
  });
});

describe('PUT /sites/{id}', () => {
  it('lets a SiteManager change the title and description (an empty one removes it)', async () => {
    const site = await aSite(bob, { description: 'first' });
    const res = await bob.put(`/sites/${site.id}`, { title: 'Renamed', description: '' });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: site.id, title: 'Renamed', role: 'SiteManager' });
    expect(res.body.entry).not.toHaveProperty('description');
  });

  it('gives 403 to members who are not SiteManagers and to non-members, 404 for an invisible site', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    expect((await carol.put(`/sites/${site.id}`, { title: 'Mine' })).status).toBe(403);
    const secret = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await carol.put(`/sites/${secret.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await admin.put(`/sites/${secret.id}`, { title: 'Admin may' })).status).toBe(200);
    expect((await bob.get(`/sites/${site.id}`)).body.entry.title).toBe(site.title);
  });

  it.each([[{ id: 'x' }], [{ visibility: 'OPEN' }], [{ title: '' }], [{ title: '  ' }], [{ role: 'SiteManager' }]])(
    'gives 400 for %j',
    async (body) => {
      const site = await aSite(bob);
      expect((await bob.put(`/sites/${site.id}`, body)).status).toBe(400);
    },
  );

  it('changes who can see the site and read its content when the visibility changes', async () => {
    const site = await aSite(bob);
    const library = await documentLibrary(admin, site.id);
    const file = await aFile(bob, library);
    expect((await carol.get(`/nodes/${file.id}`)).status).toBe(200);
    await bob.put(`/sites/${site.id}`, { visibility: 'PRIVATE' }).then((r) => expect(r.status).toBe(200));
    expect((await carol.get(`/sites/${site.id}`)).status).toBe(404);
    expect((await carol.get(`/nodes/${site.guid}`)).status).toBe(403);
    expect((await carol.get(`/nodes/${file.id}`)).status).toBe(403);
    await bob.put(`/sites/${site.id}`, { visibility: 'MODERATED' });
    expect((await carol.get(`/sites/${site.id}`)).body.entry.visibility).toBe('MODERATED');
    expect((await carol.get(`/nodes/${file.id}`)).status).toBe(403);
    await bob.put(`/sites/${site.id}`, { visibility: 'PUBLIC' });
    expect((await carol.get(`/nodes/${file.id}`)).status).toBe(200);
    const perms = (await admin.get(`/nodes/${library}`, { query: { include: 'permissions' } })).body.entry.permissions;
    expect(perms.isInheritanceEnabled).toBe(true);
    expect(perms).not.toHaveProperty('locallySet');
  });
});

describe('DELETE /sites/{id}', () => {
  it('removes entries naming its groups elsewhere, so a new site of the same id gets no access there', async () => {
    const site = await aSite(admin, { visibility: 'PRIVATE' });
    await aMember(admin, site.id, 'carol', 'SiteConsumer');
    const outside = await aFolder(admin);
    const locallySet = [{ authorityId: `GROUP_site_${site.id}_SiteConsumer`, name: 'Consumer' }];
    await admin.put(`/nodes/${outside.id}`, { permissions: { isInheritanceEnabled: false, locallySet } });
    expect((await carol.get(`/nodes/${outside.id}`)).status).toBe(200);
    expect((await admin.delete(`/sites/${site.id}`)).status).toBe(204);
    await aSite(admin, { id: site.id, visibility: 'PRIVATE' });
    await aMember(admin, site.id, 'carol', 'SiteConsumer');
    expect((await carol.get(`/nodes/${outside.id}`)).status).toBe(403);
  });

  it('deletes the site node tree, its groups and memberships, and releases its content', async () => {
    const filesBefore = (await contentFiles(server.dataDir)).length;
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteConsumer');
    const library = await documentLibrary(admin, site.id);
    const folder = await aFolder(bob, library);
    const file = await aFile(bob, folder.id, bigContent('site content'));
    expect((await contentFiles(server.dataDir)).length).toBe(filesBefore + 1);
    expect((await bob.delete(`/sites/${site.id}`)).status).toBe(204);
    expect((await bob.get(`/sites/${site.id}`)).status).toBe(404);
    for (const id of [site.guid, library, folder.id, file.id])
      expect((await admin.get(`/nodes/${id}`)).status).toBe(404);
    expect((await admin.get(`/groups/GROUP_site_${site.id}`)).status).toBe(404);
    expect((await admin.get(`/groups/GROUP_site_${site.id}_SiteConsumer`)).status).toBe(404);
    expect(ids(await carol.get('/people/-me-/sites'))).not.toContain(site.id);
    expect((await contentFiles(server.dataDir)).length).toBe(filesBefore);
    const again = await aSite(carol, { id: site.id });
    expect(again.role).toBe('SiteManager');
    expect((await admin.get(`/sites/${site.id}/members`)).body.list.pagination.totalItems).toBe(1);
  });

  it('gives 403 to members who are not SiteManagers and to non-members; 404 for an invisible site', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    expect((await carol.delete(`/sites/${site.id}`)).status).toBe(403);
    const other = await aSite(bob);
    expect((await carol.delete(`/sites/${other.id}`)).status).toBe(403);
    const secret = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await carol.delete(`/sites/${secret.id}`)).status).toBe(404);
    expect((await admin.delete(`/sites/${secret.id}`, { query: { permanent: true } })).status).toBe(204);
    expect((await admin.delete('/sites/no-such-site')).status).toBe(404);
  });

  it('gives 409 while a file in the site is locked against the caller', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteManager');
    const file = await aFile(carol, await documentLibrary(admin, site.id));
    await carol.post(`/nodes/${file.id}/lock`, { type: 'FULL' }).then((r) => expect(r.status).toBe(200));
    expect((await bob.delete(`/sites/${site.id}`)).status).toBe(409);
    expect((await bob.get(`/sites/${site.id}`)).status).toBe(200);
  });
});

describe('containers', () => {
  it('gets documentLibrary by folder id; 404 for another container or an invisible site', async () => {
    const site = await aSite(bob, { visibility: 'PRIVATE' });
    const library = await bob.get(`/sites/${site.id}/containers/documentlibrary`);
    expect(library.body.entry).toEqual({ id: expect.any(String), folderId: 'documentLibrary' });
    expect((await bob.get(`/sites/${site.id}/containers/wiki`)).status).toBe(404);
    expect((await carol.get(`/sites/${site.id}/containers`)).status).toBe(404);
    expect((await bob.get(`/sites/${site.id}/containers`, { query: { maxItems: 0 } })).status).toBe(400);
  });
});

describe('site content and visibility', () => {
  it('lets everyone read a PUBLIC site, only members create in it', async () => {
    const site = await aSite(bob);
    const library = await documentLibrary(admin, site.id);
    await aFile(bob, library);
    expect((await carol.get(`/nodes/${library}/children`)).body.list.pagination.totalItems).toBe(1);
    const denied = await carol.post(`/nodes/${library}/children`, { name: 'x', nodeType: 'cm:folder' });
    expect(denied.status).toBe(403);
  });

  it('shows a MODERATED site but hides its content from non-members', async () => {
    const site = await aSite(bob, { visibility: 'MODERATED' });
    const library = await documentLibrary(admin, site.id);
    const file = await aFile(bob, library);
    expect((await carol.get(`/sites/${site.id}`)).status).toBe(200);
    expect((await carol.get(`/nodes/${site.guid}`)).status).toBe(200);
    expect((await carol.get(`/nodes/${library}`)).status).toBe(403);
    expect((await carol.get(`/nodes/${file.id}`)).status).toBe(403);
    expect((await carol.get(`/sites/${site.id}/containers`)).body.list.entries).toEqual([]);
    expect((await carol.get(`/sites/${site.id}/containers/documentLibrary`)).status).toBe(404);
    const names = (await carol.get(`/nodes/${site.guid}/children`)).body.list.entries;
    expect(names).toEqual([]);
  });

  it('gives 403 for the nodes of a PRIVATE site to non-members', async () => {
    const site = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await carol.get(`/nodes/${site.guid}`)).status).toBe(403);
    expect((await carol.get(`/nodes/${await documentLibrary(admin, site.id)}`)).status).toBe(403);
  });
});

describe('site nodes through /nodes', () => {
  it('offers the site roles as settable permissions of a site node, with the site ACL', async () => {
    const site = await aSite(bob, { id: uniqueName('perm'), visibility: 'MODERATED' });
    const perms = (await bob.get(`/nodes/${site.guid}`, { query: { include: 'permissions' } })).body.entry.permissions;
    expect(perms.settable).toEqual(['SiteCollaborator', 'SiteConsumer', 'SiteManager', 'SiteContributor']);
    expect(perms.isInheritanceEnabled).toBe(false);
    expect(perms.locallySet.map((e: { authorityId: string; name: string }) => `${e.authorityId}:${e.name}`)).toEqual([
      `GROUP_site_${site.id}_SiteManager:SiteManager`,
      `GROUP_site_${site.id}_SiteCollaborator:SiteCollaborator`,
      `GROUP_site_${site.id}_SiteContributor:SiteContributor`,
      `GROUP_site_${site.id}_SiteConsumer:SiteConsumer`,
      'GROUP_EVERYONE:ReadPermissions',
      'GROUP_EVERYONE:SiteConsumer',
    ]);
    const library = await documentLibrary(admin, site.id);
    const libraryPerms = (await bob.get(`/nodes/${library}`, { query: { include: 'permissions' } })).body.entry
      .permissions;
    expect(libraryPerms.settable).toEqual(['Contributor', 'Collaborator', 'Coordinator', 'Editor', 'Consumer']);
    expect(libraryPerms.isInheritanceEnabled).toBe(false);
  });

  it('refuses to delete, move or rename a site node (403) and to copy a site or its container (422)', async () => {
    const site = await aSite(bob);
    const library = await documentLibrary(admin, site.id);
    const target = (await aFolder(admin)).id;
    expect((await admin.delete(`/nodes/${site.guid}`)).status).toBe(403);
    expect((await admin.post(`/nodes/${site.guid}/move`, { targetParentId: target })).status).toBe(403);
    expect((await admin.put(`/nodes/${site.guid}`, { name: 'renamed' })).status).toBe(403);
    expect((await admin.post(`/nodes/${site.guid}/copy`, { targetParentId: target })).status).toBe(422);
    expect((await admin.post(`/nodes/${library}/copy`, { targetParentId: target })).status).toBe(422);
    expect((await bob.get(`/sites/${site.id}`)).status).toBe(200);
  });

  it('refuses to set the site properties or to make a folder a site through /nodes (400)', async () => {
    const site = await aSite(bob);
    const change = await bob.put(`/nodes/${site.guid}`, { properties: { 'st:siteVisibility': 'PRIVATE' } });
    expect(change.status).toBe(400);
    expect((await bob.put(`/nodes/${site.guid}`, { properties: { 'cm:title': 'Via nodes' } })).status).toBe(200);
    expect((await carol.get(`/sites/${site.id}`)).body.entry).toMatchObject({
      title: 'Via nodes',
      visibility: 'PUBLIC',
    });
    const folder = await aFolder(admin);
    expect((await admin.put(`/nodes/${folder.id}`, { nodeType: 'st:site' })).status).toBe(400);
  });

  it('lets only the repository make site containers: st:siteContainer cannot be added (400)', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    const library = await documentLibrary(admin, site.id);
    const containers = async () => (await bob.get(`/sites/${site.id}/containers`)).body.list.entries.length;
    const before = await containers();
    const aspect = { aspectNames: ['cm:auditable', 'st:siteContainer'] };
    const created = await carol.post(`/nodes/${site.guid}/children`, {
      name: 'fake',
      nodeType: 'cm:folder',
      ...aspect,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(
      (await carol.post(`/nodes/${library}/children`, { name: 'f', nodeType: 'cm:folder', ...aspect })).status,
    ).toBe(400);
    const folder = await carol.post(`/nodes/${library}/children`, { name: 'plain', nodeType: 'cm:folder' });
    expect((await carol.put(`/nodes/${folder.body.entry.id}`, aspect)).status).toBe(400);
    const upload = await carol.upload(library, 'up.txt', 'x', { aspectNames: 'st:siteContainer' });
    expect(upload.status).toBe(400);
    expect(await containers()).toBe(before);
    // The library keeps its aspect when its aspect list is sent back whole.
    const own = (await admin.get(`/nodes/${library}`)).body.entry.aspectNames as string[];
    expect((await admin.put(`/nodes/${library}`, { aspectNames: [...own, 'cm:titled'] })).status).toBe(200);
  });
});
