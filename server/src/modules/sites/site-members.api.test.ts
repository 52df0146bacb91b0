import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aMember, aSite, aUser, documentLibrary } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let admin: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let dave: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  bob = await aUser(admin, 'bob', { firstName: 'Bob', lastName: 'Young' });
  carol = await aUser(admin, 'carol', { firstName: 'Carol', lastName: 'Adams' });
  dave = await aUser(admin, 'dave', { firstName: 'Dave', lastName: 'Adams' });
  await aUser(admin, 'erin', { firstName: 'Erin', lastName: undefined });
});
afterAll(() => server.close());

type Entry = { entry: { id: string; role: string } };
const members = async (api: ApiClient, siteId: string) =>
  ((await api.get(`/sites/${siteId}/members`)).body.list.entries as Entry[]).map(
    (e) => `${e.entry.id}:${e.entry.role}`,
  );

describe('GET /sites/{id}/members', () => {
  it('lists members by last name, first name, role and id, each with the full person', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'dave', 'SiteConsumer');
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    await aMember(bob, site.id, 'erin', 'SiteContributor');
    expect(await members(carol, site.id)).toEqual([
      'erin:SiteContributor',
      'carol:SiteCollaborator',
      'dave:SiteConsumer',
      'bob:SiteManager',
    ]);
    const res = await carol.get(`/sites/${site.id}/members`, { query: { skipCount: 1, maxItems: 1 } });
    expect(res.body.list.pagination).toEqual({
      count: 1,
      hasMoreItems: true,
      totalItems: 4,
      skipCount: 1,
      maxItems: 1,
    });
    expect(res.body.list.entries[0].entry).toEqual({
      id: 'carol',
      role: 'SiteCollaborator',
      isMemberOfGroup: false,
      person: {
        id: 'carol',
        firstName: 'Carol',
        lastName: 'Adams',
        displayName: 'Carol Adams',
        email: 'carol@example.com',
        enabled: true,
        emailNotificationsEnabled: true,
        company: {},
        capabilities: { isAdmin: false, isGuest: false, isMutable: true },
        quota: -1,
        quotaUsed: 0,
      },
    });
    const asBob = await bob.get(`/sites/${site.id}/members/carol`);
    expect(asBob.body.entry.person.capabilities.isMutable).toBe(false);
    expect(asBob.body.entry.person).not.toHaveProperty('quotaUsed');
  });

  it('gives 400 for bad paging and 404 for an unknown site or a PRIVATE one the caller is not in', async () => {
    const site = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await bob.get(`/sites/${site.id}/members`, { query: { maxItems: 0 } })).status).toBe(400);
    expect((await bob.get(`/sites/${site.id}/members`, { query: { skipCount: -1 } })).status).toBe(400);
    expect((await carol.get(`/sites/${site.id}/members`)).status).toBe(404);
    expect((await carol.get('/sites/no-such-site/members')).status).toBe(404);
    expect((await admin.get(`/sites/${site.id}/members`)).status).toBe(200);
  });
});

describe('POST /sites/{id}/members', () => {
  it('adds one member (entry) or several (list)', async () => {
    const site = await aSite(bob);
    const one = await bob.post(`/sites/${site.id}/members`, { id: 'carol', role: 'SiteConsumer' });
    expect(one.status).toBe(201);
    expect(one.body.entry).toMatchObject({ id: 'carol', role: 'SiteConsumer', person: { id: 'carol' } });
    const many = await bob.post(`/sites/${site.id}/members`, [
      { id: 'DAVE', role: 'SiteCollaborator' },
      { id: 'erin', role: 'SiteManager' },
    ]);
    expect(many.status).toBe(201);
    expect(many.body.list.entries.map((e: Entry) => `${e.entry.id}:${e.entry.role}`)).toEqual([
      'dave:SiteCollaborator',
      'erin:SiteManager',
    ]);
    expect((await members(bob, site.id)).length).toBe(4);
  });

  it.each([[{ id: 'carol' }], [{ id: 'carol', role: 'Boss' }], [{ role: 'SiteConsumer' }], [[]]])(
    'gives 400 for %j',
    async (body) => {
      const site = await aSite(bob);
      expect((await bob.post(`/sites/${site.id}/members`, body)).status).toBe(400);
    },
  );

  it('gives 409 for a member, 404 for an unknown person (adding nobody), 403 to non-managers', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteConsumer');
    expect((await bob.post(`/sites/${site.id}/members`, { id: 'carol', role: 'SiteManager' })).status).toBe(409);
    const mixed = await bob.post(`/sites/${site.id}/members`, [
      { id: 'dave', role: 'SiteConsumer' },
      { id: 'nobody', role: 'SiteConsumer' },
    ]);
    expect(mixed.status).toBe(404);
    const twice = await bob.post(`/sites/${site.id}/members`, [
      { id: 'dave', role: 'SiteConsumer' },
      { id: 'dave', role: 'SiteManager' },
    ]);
    expect(twice.status).toBe(409);
    expect(await members(bob, site.id)).toEqual(['carol:SiteConsumer', 'bob:SiteManager']);
    expect((await carol.post(`/sites/${site.id}/members`, { id: 'dave', role: 'SiteConsumer' })).status).toBe(403);
    expect((await dave.post(`/sites/${site.id}/members`, { id: 'dave', role: 'SiteManager' })).status).toBe(403);
    const secret = await aSite(bob, { visibility: 'PRIVATE' });
    expect((await dave.post(`/sites/${secret.id}/members`, { id: 'dave', role: 'SiteManager' })).status).toBe(404);
    expect((await admin.post(`/sites/${secret.id}/members`, { id: 'dave', role: 'SiteConsumer' })).status).toBe(201);
  });
});

describe('POST /sites/{id}/members: joining a site', () => {
  it('lets a non-member join a PUBLIC site as SiteConsumer, and then read and leave it', async () => {
    const site = await aSite(bob);
    const joined = await carol.post(`/sites/${site.id}/members`, { id: 'carol', role: 'SiteConsumer' });
    expect(joined.status).toBe(201);
    expect(joined.body.entry).toMatchObject({ id: 'carol', role: 'SiteConsumer' });
    expect((await carol.get(`/sites/${site.id}`)).body.entry.role).toBe('SiteConsumer');
    expect((await carol.post(`/sites/${site.id}/members`, { id: 'carol', role: 'SiteConsumer' })).status).toBe(409);
    expect((await carol.delete(`/sites/${site.id}/members/-me-`)).status).toBe(204);
    expect((await carol.get(`/sites/${site.id}`)).body.entry).not.toHaveProperty('role');
    expect(await members(bob, site.id)).toEqual(['bob:SiteManager']);
  });

  it('refuses (403, adding nobody) another person, another role, several people, a MODERATED site', async () => {
    const site = await aSite(bob);
    const other = await carol.post(`/sites/${site.id}/members`, { id: 'dave', role: 'SiteConsumer' });
    expect(other.status).toBe(403);
    const role = await carol.post(`/sites/${site.id}/members`, { id: 'carol', role: 'SiteCollaborator' });
    expect(role.status).toBe(403);
    expect(role.body.error.briefSummary).toContain('SiteConsumer');
    const several = await carol.post(`/sites/${site.id}/members`, [
      { id: 'carol', role: 'SiteConsumer' },
      { id: 'dave', role: 'SiteConsumer' },
    ]);
    expect(several.status).toBe(403);
    const moderated = await aSite(bob, { visibility: 'MODERATED' });
    const request = await carol.post(`/sites/${moderated.id}/members`, { id: 'carol', role: 'SiteConsumer' });
    expect(request.status).toBe(403);
    expect(request.body.error.briefSummary).toContain('join request');
    expect(await members(bob, site.id)).toEqual(['bob:SiteManager']);
    expect(await members(bob, moderated.id)).toEqual(['bob:SiteManager']);
  });

  it('lets a member who is the last SiteManager not leave (400)', async () => {
    const site = await aSite(carol);
    const last = await carol.delete(`/sites/${site.id}/members/-me-`);
    expect(last.status).toBe(400);
    expect(last.body.error.briefSummary).toContain('last SiteManager');
  });
});

describe('GET /sites/{id}/members/{personId}', () => {
  it('gets a member (-me- too); 404 for a non-member or an unknown person', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteContributor');
    expect((await carol.get(`/sites/${site.id}/members/-me-`)).body.entry).toMatchObject({
      id: 'carol',
      role: 'SiteContributor',
    });
    expect((await carol.get(`/sites/${site.id}/members/bob`)).body.entry.role).toBe('SiteManager');
    expect((await carol.get(`/sites/${site.id}/members/dave`)).status).toBe(404);
    expect((await carol.get(`/sites/${site.id}/members/nobody`)).status).toBe(404);
  });
});

describe('PUT /sites/{id}/members/{personId}', () => {
  it("changes a member's role, and with it what the member may do in documentLibrary", async () => {
    const site = await aSite(bob, { visibility: 'PRIVATE' });
    const library = await documentLibrary(admin, site.id);
    await aMember(bob, site.id, 'carol', 'SiteConsumer');
    const folder = { name: 'by-carol', nodeType: 'cm:folder' };
    expect((await carol.get(`/nodes/${library}/children`)).status).toBe(200);
    expect((await carol.post(`/nodes/${library}/children`, folder)).status).toBe(403);
    const res = await bob.put(`/sites/${site.id}/members/carol`, { role: 'SiteCollaborator' });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: 'carol', role: 'SiteCollaborator', person: { id: 'carol' } });
    expect((await carol.post(`/nodes/${library}/children`, folder)).status).toBe(201);
    expect((await carol.get(`/sites/${site.id}`)).body.entry.role).toBe('SiteCollaborator');
  });

  it('gives 400 for a non-member or a bad role, 404 for an unknown person, 422 to non-managers (as Alfresco)', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    const bySelf = await carol.put(`/sites/${site.id}/members/carol`, { role: 'SiteManager' });
    expect(bySelf.status).toBe(422);
    expect(bySelf.body.error.errorKey).toBe('framework.exception.ApiDefault');
    expect((await carol.put(`/sites/${site.id}/members/carol`, { role: 'SiteCollaborator' })).status).toBe(422);
    expect((await dave.put(`/sites/${site.id}/members/carol`, { role: 'SiteConsumer' })).status).toBe(422);
    const nonMember = await bob.put(`/sites/${site.id}/members/dave`, { role: 'SiteConsumer' });
    expect(nonMember.status).toBe(400);
    expect(nonMember.body.error.errorKey).toBe('framework.exception.InvalidArgument');
    expect((await carol.put(`/sites/${site.id}/members/dave`, { role: 'SiteConsumer' })).status).toBe(400);
    expect((await bob.put(`/sites/${site.id}/members/nobody`, { role: 'SiteConsumer' })).status).toBe(404);
    expect((await bob.put(`/sites/${site.id}/members/carol`, { role: 'Boss' })).status).toBe(400);
    expect((await bob.put(`/sites/${site.id}/members/carol`, {})).status).toBe(400);
    expect((await bob.get(`/sites/${site.id}/members/carol`)).body.entry.role).toBe('SiteCollaborator');
    expect((await admin.put(`/sites/${site.id}/members/carol`, { role: 'SiteConsumer' })).status).toBe(200);
  });

  it('refuses to demote the last SiteManager (422), but not one of two', async () => {
    const site = await aSite(bob);
    const demote = await bob.put(`/sites/${site.id}/members/-me-`, { role: 'SiteConsumer' });
    expect(demote.status).toBe(422);
    expect((await admin.put(`/sites/${site.id}/members/bob`, { role: 'SiteConsumer' })).status).toBe(422);
    await aMember(bob, site.id, 'carol', 'SiteManager');
    expect((await carol.put(`/sites/${site.id}/members/bob`, { role: 'SiteConsumer' })).status).toBe(200);
    expect(await members(carol, site.id)).toEqual(['carol:SiteManager', 'bob:SiteConsumer']);
  });
});

describe('DELETE /sites/{id}/members/{personId}', () => {
  it('lets a SiteManager remove a member and a member leave; access goes with membership', async () => {
    const site = await aSite(bob, { visibility: 'PRIVATE' });
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    await aMember(bob, site.id, 'dave', 'SiteConsumer');
    expect((await carol.get(`/sites/${site.id}`)).status).toBe(200);
    expect((await bob.delete(`/sites/${site.id}/members/carol`)).status).toBe(204);
    expect((await carol.get(`/sites/${site.id}`)).status).toBe(404);
    expect((await carol.get(`/nodes/${site.guid}`)).status).toBe(403);
    expect((await dave.delete(`/sites/${site.id}/members/-me-`)).status).toBe(204);
    expect(await members(bob, site.id)).toEqual(['bob:SiteManager']);
  });

  it('gives 422 to a non-manager removing someone else, 400 for a non-member or the last SiteManager (as Alfresco)', async () => {
    const site = await aSite(bob);
    await aMember(bob, site.id, 'carol', 'SiteCollaborator');
    await aMember(bob, site.id, 'dave', 'SiteConsumer');
    const byCarol = await carol.delete(`/sites/${site.id}/members/dave`);
    expect(byCarol.status).toBe(422);
    expect(byCarol.body.error.errorKey).toBe('framework.exception.ApiDefault');
    const nonMember = await bob.delete(`/sites/${site.id}/members/erin`);
    expect(nonMember.status).toBe(400);
    expect(nonMember.body.error.errorKey).toBe('framework.exception.InvalidArgument');
    expect((await bob.delete(`/sites/${site.id}/members/nobody`)).status).toBe(404);
    const last = await bob.delete(`/sites/${site.id}/members/bob`);
    expect(last.status).toBe(400);
    expect(last.body.error.briefSummary).toContain('last SiteManager');
    expect((await admin.delete(`/sites/${site.id}/members/bob`)).status).toBe(400);
    expect((await carol.delete(`/sites/${site.id}/members/bob`)).status).toBe(400);
    expect((await admin.delete(`/sites/${site.id}/members/dave`)).status).toBe(204);
    expect(await members(bob, site.id)).toEqual(['carol:SiteCollaborator', 'bob:SiteManager']);
  });
});

describe('GET /people/{id}/sites', () => {
  it("lists a person's sites with their role, by title; another person's only as far as the caller sees", async () => {
    const person = await aUser(admin, 'frank');
    const open = await aSite(person, { title: 'Frank B', visibility: 'PUBLIC' });
    const secret = await aSite(person, { title: 'Frank A', visibility: 'PRIVATE' });
    const joined = await aSite(bob, { title: 'Frank C', visibility: 'MODERATED' });
    await aMember(bob, joined.id, 'frank', 'SiteContributor');
    const own = await person.get('/people/-me-/sites');
    expect(own.status).toBe(200);
    expect(own.body.list.entries.map((e: Entry) => `${e.entry.id}:${e.entry.role}`)).toEqual([
      `${secret.id}:SiteManager`,
      `${open.id}:SiteManager`,
      `${joined.id}:SiteContributor`,
    ]);
    expect(own.body.list.entries[2].entry).toEqual({
      id: joined.id,
      guid: joined.guid,
      role: 'SiteContributor',
      site: {
        id: joined.id,
        guid: joined.guid,
        title: 'Frank C',
        visibility: 'MODERATED',
        preset: 'site-dashboard',
        role: 'SiteContributor',
      },
    });
    const seenByCarol = await carol.get('/people/frank/sites');
    expect(seenByCarol.body.list.entries.map((e: Entry) => e.entry.id)).toEqual([open.id, joined.id]);
    expect(seenByCarol.body.list.pagination.totalItems).toBe(2);
    expect((await admin.get('/people/frank/sites')).body.list.pagination.totalItems).toBe(3);
    const byRole = await person.get('/people/-me-/sites', { query: { orderBy: 'role DESC,id', maxItems: 1 } });
    expect(byRole.body.list.entries.map((e: Entry) => e.entry.role)).toEqual(['SiteManager']);
    expect(byRole.body.list.pagination).toMatchObject({ count: 1, hasMoreItems: true, totalItems: 3 });
  });

  it('gives 404 for an unknown person and 400 for a bad sort or paging', async () => {
    expect((await bob.get('/people/nobody/sites')).status).toBe(404);
    expect((await bob.get('/people/-me-/sites', { query: { orderBy: 'visibility' } })).status).toBe(400);
    expect((await bob.get('/people/-me-/sites', { query: { maxItems: 0 } })).status).toBe(400);
  });
});
