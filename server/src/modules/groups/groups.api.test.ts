import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api, { id: 'alice' });
  bob = await aUser(server.api, { id: 'bob' });
  carol = await aUser(server.api, { id: 'carol' });
});
afterAll(() => server.close());

/** A group created by admin; returns its id (GROUP_…). */
async function aGroup(body: Record<string, unknown> = {}): Promise<string> {
  const res = await server.api.post('/groups', { id: uniqueName('team'), displayName: 'A team', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry.id as string;
}
const addMember = (groupId: string, id: string, memberType = 'PERSON', api = server.api) =>
  api.post(`/groups/${groupId}/members`, { id, memberType });
const memberIds = async (groupId: string) =>
  (await server.api.get(`/groups/${groupId}/members`)).body.list.entries.map(
    (e: { entry: { id: string } }) => e.entry.id,
  );
const groupsOf = async (personId: string, api = server.api) =>
  (await api.get(`/people/${personId}/groups`, { query: { maxItems: 100 } })).body.list.entries.map(
    (e: { entry: { id: string } }) => e.entry.id,
  );

describe('POST /groups', () => {
  it('creates a group (administrators), adding GROUP_ when it is missing', async () => {
    const res = await server.api.post('/groups', { id: 'designers', displayName: 'Designers', description: 'Ink' });
    expect(res.status).toBe(201);
    expect(res.body.entry).toEqual({
      id: 'GROUP_designers',
      displayName: 'Designers',
      description: 'Ink',
      isRoot: true,
    });
    const prefixed = await server.api.post('/groups', { id: 'GROUP_writers', displayName: 'Writers' });
    expect(prefixed.body.entry.id).toBe('GROUP_writers');
    expect((await bob.api.get('/groups/GROUP_designers')).body.entry.displayName).toBe('Designers');
  });

  it('refuses non-administrators with 403 and creates nothing', async () => {
    const res = await bob.api.post('/groups', { id: 'GROUP_bobs', displayName: 'Bobs' });
    expect(res.status).toBe(403);
    expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
    expect((await server.api.get('/groups/GROUP_bobs')).status).toBe(404);
  });

  it('answers 409 for an existing group (ids are case-insensitive) and GROUP_EVERYONE', async () => {
    const id = await aGroup({ displayName: 'Original' });
    expect((await server.api.post('/groups', { id, displayName: 'Again' })).status).toBe(409);
    expect((await server.api.post('/groups', { id: id.toUpperCase(), displayName: 'Again' })).status).toBe(409);
    expect((await server.api.post('/groups', { id: id.slice(6), displayName: 'Again' })).status).toBe(409);
    expect((await server.api.post('/groups', { id: 'GROUP_EVERYONE', displayName: 'All' })).status).toBe(409);
    expect((await server.api.post('/groups', { id: 'EVERYONE', displayName: 'All' })).status).toBe(409);
    expect((await server.api.get(`/groups/${id}`)).body.entry.displayName).toBe('Original');
  });

  it.each([
    [{ id: 'a b', displayName: 'Spaces' }],
    [{ id: 'a/b', displayName: 'Slash' }],
    [{ id: 'GROUP_', displayName: 'Empty' }],
    [{ id: 'ok-name', displayName: '' }],
    [{ id: 'ok-name' }],
    [{ displayName: 'No id' }],
  ])('answers 400 for %j', async (body) => {
    expect((await server.api.post('/groups', body)).status).toBe(400);
    expect((await server.api.get('/groups/GROUP_ok-name')).status).toBe(404);
  });

  it('places a new group under parentIds (404 for an unknown parent)', async () => {
    const parent = await aGroup();
    const res = await server.api.post('/groups', {
      id: uniqueName('child'),
      displayName: 'Child',
      parentIds: [parent],
    });
    expect(res.status).toBe(201);
    expect(res.body.entry.isRoot).toBe(false);
    const read = await server.api.get(`/groups/${res.body.entry.id}`, { query: { include: 'parentIds' } });
    expect(read.body.entry.parentIds).toEqual([parent]);
    expect(await memberIds(parent)).toEqual([res.body.entry.id]);
    const orphan = { id: uniqueName('orphan'), displayName: 'Orphan', parentIds: ['GROUP_no-such-group'] };
    expect((await server.api.post('/groups', orphan)).status).toBe(404);
    expect((await server.api.get(`/groups/GROUP_${orphan.id}`)).status).toBe(404);
  });
});

describe('GET /groups', () => {
  it('lists the groups by display name (built-ins included, GROUP_EVERYONE not), paged', async () => {
    const all = await bob.api.get('/groups', { query: { maxItems: 1000 } });
    expect(all.status).toBe(200);
    const entries = all.body.list.entries.map((e: { entry: { id: string; displayName: string } }) => e.entry);
    const ids = entries.map((e: { id: string }) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['GROUP_ALFRESCO_ADMINISTRATORS', 'GROUP_EMAIL_CONTRIBUTORS']));
    expect(ids).not.toContain('GROUP_EVERYONE');
    const names = entries.map((e: { displayName: string }) => e.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const total = all.body.list.pagination.totalItems;
    expect(total).toBe(ids.length);
    const page = await bob.api.get('/groups', { query: { skipCount: 2, maxItems: 3 } });
    expect(page.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(ids.slice(2, 5));
    expect(page.body.list.pagination).toMatchObject({ count: 3, hasMoreItems: total > 5, totalItems: total });
  });

  it('filters with where=(isRoot=true|false) and shows parentIds on request', async () => {
    const parent = await aGroup();
    const child = await aGroup({ parentIds: [parent] });
    const roots = await server.api.get('/groups', { query: { where: '(isRoot=true)', maxItems: 1000 } });
    const rootIds = roots.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id);
    expect(rootIds).toContain(parent);
    expect(rootIds).not.toContain(child);
    const nested = await server.api.get('/groups', {
      query: { where: '(isRoot=false)', include: 'parentIds', maxItems: 1000 },
    });
    const entry = nested.body.list.entries.find((e: { entry: { id: string } }) => e.entry.id === child)?.entry;
    expect(entry).toMatchObject({ isRoot: false, parentIds: [parent] });
    expect(nested.body.list.entries.every((e: { entry: { isRoot: boolean } }) => !e.entry.isRoot)).toBe(true);
  });

  it('tells with include=hasSubgroups whether a group holds groups (false shown too), in lists and entries', async () => {
    const parent = await aGroup();
    const child = await aGroup({ parentIds: [parent] });
    const asked = { include: 'hasSubgroups' };
    expect((await bob.api.get(`/groups/${parent}`, { query: asked })).body.entry).toMatchObject({ hasSubgroups: true });
    expect((await bob.api.get(`/groups/${child}`, { query: asked })).body.entry).toMatchObject({ hasSubgroups: false });
    expect((await bob.api.get(`/groups/${parent}`)).body.entry).not.toHaveProperty('hasSubgroups');
    const everyone = await bob.api.get('/groups/GROUP_EVERYONE', { query: { include: 'hasSubgroups,parentIds' } });
    expect(everyone.body.entry).toEqual({
      id: 'GROUP_EVERYONE',
      displayName: 'EVERYONE',
      isRoot: true,
      hasSubgroups: false,
    });
    const list = await server.api.get('/groups', { query: { ...asked, fields: 'id', maxItems: 1000 } });
    const byId = new Map(
      list.body.list.entries.map((e: { entry: { id: string; hasSubgroups: boolean } }) => [e.entry.id, e.entry]),
    );
    expect(byId.get(parent)).toEqual({ id: parent, hasSubgroups: true });
    expect(byId.get(child)).toEqual({ id: child, hasSubgroups: false });
    const created = await server.api.post(
      '/groups',
      { id: uniqueName('fresh'), displayName: 'Fresh' },
      { query: { include: 'hasSubgroups' } },
    );
    expect(created.body.entry.hasSubgroups).toBe(false);
  });

  it.each(["(displayName='x')", '(isRoot=maybe)', 'isRoot'])('answers 400 for where=%s', async (where) => {
    expect((await server.api.get('/groups', { query: { where } })).status).toBe(400);
  });

  it('shows one group, GROUP_EVERYONE included, and 404 for an unknown one', async () => {
    const everyone = await bob.api.get('/groups/GROUP_EVERYONE');
    expect(everyone.status).toBe(200);
    expect(everyone.body.entry).toEqual({ id: 'GROUP_EVERYONE', displayName: 'EVERYONE', isRoot: true });
    const admins = await bob.api.get('/groups/GROUP_ALFRESCO_ADMINISTRATORS');
    expect(admins.body.entry).toMatchObject({ displayName: 'ALFRESCO_ADMINISTRATORS', isRoot: true });
    const missing = await bob.api.get('/groups/GROUP_nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.errorKey).toBe('framework.exception.EntityNotFound');
  });
});

describe('group members', () => {
  it('adds people and groups, lists them by display name, removes them', async () => {
    const group = await aGroup();
    const sub = await aGroup({ displayName: 'Bravo team' });
    const added = await addMember(group, 'carol');
    expect(added.status).toBe(201);
    expect(added.body.entry).toEqual({ id: 'carol', displayName: 'Carol Tester', memberType: 'PERSON' });
    expect((await addMember(group, sub, 'GROUP')).body.entry).toEqual({
      id: sub,
      displayName: 'Bravo team',
      memberType: 'GROUP',
    });
    expect((await addMember(group, 'alice')).status).toBe(201);
    const list = await bob.api.get(`/groups/${group}/members`);
    expect(list.status).toBe(200);
    expect(list.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['alice', sub, 'carol']);
    expect(list.body.list.pagination.totalItems).toBe(3);
    const paged = await bob.api.get(`/groups/${group}/members`, { query: { skipCount: 1, maxItems: 1 } });
    expect(paged.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual([sub]);
    expect(paged.body.list.pagination).toMatchObject({ count: 1, hasMoreItems: true, totalItems: 3 });
    expect((await server.api.delete(`/groups/${group}/members/carol`)).status).toBe(204);
    expect((await server.api.delete(`/groups/${group}/members/${sub}`)).status).toBe(204);
    expect(await memberIds(group)).toEqual(['alice']);
    expect((await server.api.get(`/groups/${sub}`)).body.entry.isRoot).toBe(true);
  });

  it('answers 404 for an unknown group, person or member group, and for removing a non-member', async () => {
    const group = await aGroup();
    expect((await addMember('GROUP_nope', 'carol')).status).toBe(404);
    expect((await addMember(group, 'nobody-here')).status).toBe(404);
    expect((await addMember(group, 'GROUP_nope', 'GROUP')).status).toBe(404);
    expect((await server.api.get('/groups/GROUP_nope/members')).status).toBe(404);
    expect((await server.api.delete(`/groups/${group}/members/carol`)).status).toBe(404);
    expect((await server.api.delete(`/groups/GROUP_nope/members/carol`)).status).toBe(404);
    expect(await memberIds(group)).toEqual([]);
  });

  it('answers 409 for a member added twice', async () => {
    const group = await aGroup();
    expect((await addMember(group, 'carol')).status).toBe(201);
    expect((await addMember(group, 'CAROL')).status).toBe(409);
    expect(await memberIds(group)).toEqual(['carol']);
  });

  it('answers 400 for a cycle (a group in itself, or in one of its own members)', async () => {
    const top = await aGroup();
    const middle = await aGroup({ parentIds: [top] });
    const bottom = await aGroup({ parentIds: [middle] });
    expect((await addMember(top, top, 'GROUP')).status).toBe(400);
    expect((await addMember(bottom, top, 'GROUP')).status).toBe(400);
    expect((await addMember(middle, top, 'GROUP')).status).toBe(400);
    expect(await memberIds(bottom)).toEqual([]);
    expect(await memberIds(top)).toEqual([middle]);
  });

  it('answers 400 for a memberType that does not match the id', async () => {
    const group = await aGroup();
    expect((await addMember(group, 'GROUP_EMAIL_CONTRIBUTORS', 'PERSON')).status).toBe(400);
    expect((await addMember(group, 'carol', 'ROBOT')).status).toBe(400);
    expect(await memberIds(group)).toEqual([]);
  });

  it('lets only administrators change members (403) and changes nothing', async () => {
    const group = await aGroup();
    expect((await addMember(group, 'carol')).status).toBe(201);
    const add = await addMember(group, 'bob', 'PERSON', bob.api);
    expect(add.status).toBe(403);
    expect((await bob.api.delete(`/groups/${group}/members/carol`)).status).toBe(403);
    expect(await memberIds(group)).toEqual(['carol']);
    // Not even into the administrators.
    expect((await addMember('GROUP_ALFRESCO_ADMINISTRATORS', 'bob', 'PERSON', bob.api)).status).toBe(403);
    expect((await bob.api.get('/people/-me-')).body.entry.capabilities.isAdmin).toBe(false);
  });

  it('lists the groups of a person, through nested groups too', async () => {
    const outer = await aGroup({ displayName: 'Outer' });
    const inner = await aGroup({ displayName: 'Inner', parentIds: [outer] });
    const dave = await aUser(server.api);
    expect(await groupsOf(dave.id)).toEqual([]);
    expect((await addMember(inner, dave.id)).status).toBe(201);
    expect(await groupsOf(dave.id)).toEqual([inner, outer]);
    expect(await groupsOf('-me-', dave.api)).toEqual([inner, outer]);
    const paged = await server.api.get(`/people/${dave.id}/groups`, { query: { maxItems: 1 } });
    expect(paged.body.list.pagination).toMatchObject({ count: 1, hasMoreItems: true, totalItems: 2 });
    expect((await server.api.get('/people/nobody-here/groups')).status).toBe(404);
    expect((await server.api.delete(`/groups/${inner}/members/${dave.id}`)).status).toBe(204);
    expect(await groupsOf(dave.id)).toEqual([]);
  });
});

describe('GROUP_EVERYONE and built-in groups', () => {
  it('cannot change GROUP_EVERYONE: no members to add, list or remove, no delete', async () => {
    expect((await addMember('GROUP_EVERYONE', 'carol')).status).toBe(409);
    expect((await server.api.get('/groups/GROUP_EVERYONE/members')).status).toBe(400);
    expect((await server.api.delete('/groups/GROUP_EVERYONE')).status).toBe(409);
    expect((await server.api.get('/groups/GROUP_EVERYONE')).status).toBe(200);
    expect(
      (await server.api.post('/groups', { id: 'x-in-everyone', displayName: 'X', parentIds: ['GROUP_EVERYONE'] }))
        .status,
    ).toBe(409);
    expect((await addMember(await aGroup(), 'GROUP_EVERYONE', 'GROUP')).status).toBe(400);
  });

  it.each([
    'GROUP_ALFRESCO_ADMINISTRATORS',
    'GROUP_EMAIL_CONTRIBUTORS',
    'GROUP_SITE_ADMINISTRATORS',
    'GROUP_ALFRESCO_SEARCH_ADMINISTRATORS',
    'GROUP_ALFRESCO_MODEL_ADMINISTRATORS',
    'GROUP_ALFRESCO_SYSTEM_ADMINISTRATORS',
  ])('cannot delete the built-in %s', async (id) => {
    expect((await server.api.delete(`/groups/${id}`)).status).toBe(409);
    expect((await server.api.get(`/groups/${id}`)).status).toBe(200);
  });

  it('deletes a group (administrators only): gone from lists, parents and people', async () => {
    const parent = await aGroup();
    const group = await aGroup({ parentIds: [parent] });
    expect((await addMember(group, 'carol')).status).toBe(201);
    expect((await bob.api.delete(`/groups/${group}`)).status).toBe(403);
    expect((await server.api.get(`/groups/${group}`)).status).toBe(200);
    expect((await server.api.delete(`/groups/${group}`)).status).toBe(204);
    expect((await server.api.get(`/groups/${group}`)).status).toBe(404);
    expect((await server.api.delete(`/groups/${group}`)).status).toBe(404);
    expect(await memberIds(parent)).toEqual([]);
    expect(await groupsOf('carol')).not.toContain(group);
    expect(await groupsOf('carol')).not.toContain(parent);
  });
});

describe('groups in permissions', () => {
  it("gives a group's members the role granted to the group, and takes it away with the membership", async () => {
    const group = await aGroup({ displayName: 'Editors' });
    const folder = await aFolder(alice.api, '-my-');
    const file = await aFile(alice.api, folder.id, 'draft');
    const grant = await alice.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: group, name: 'Collaborator', accessStatus: 'ALLOWED' }] },
    });
    expect(grant.status).toBe(200);
    expect((await carol.api.get(`/nodes/${folder.id}`)).status).toBe(403);

    expect((await addMember(group, 'carol')).status).toBe(201);
    expect((await carol.api.get(`/nodes/${folder.id}`)).status).toBe(200);
    expect((await carol.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('draft');
    const created = await carol.api.post(`/nodes/${folder.id}/children`, { name: 'by-carol', nodeType: 'cm:folder' });
    expect(created.status).toBe(201);
    expect((await carol.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'Edited' } })).status).toBe(200);
    // Collaborators do not delete other people's items.
    expect((await carol.api.delete(`/nodes/${file.id}`)).status).toBe(403);
    // bob is not in the group.
    expect((await bob.api.get(`/nodes/${folder.id}`)).status).toBe(403);
    const home = (await alice.api.get('/nodes/-my-/children', { query: { maxItems: 100 } })).body.list.entries;
    expect(home.some((e: { entry: { id: string } }) => e.entry.id === folder.id)).toBe(true);

    expect((await server.api.delete(`/groups/${group}/members/carol`)).status).toBe(204);
    expect((await carol.api.get(`/nodes/${folder.id}`)).status).toBe(403);
    expect((await carol.api.get(`/nodes/${file.id}/content`)).status).toBe(403);
    expect((await carol.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'Again' } })).status).toBe(403);
    expect((await alice.api.get(`/nodes/${file.id}`)).body.entry.properties['cm:title']).toBe('Edited');
  });

  it('gives access through a group inside the granted group', async () => {
    const granted = await aGroup();
    const nested = await aGroup({ parentIds: [granted] });
    const folder = await aFolder(alice.api, '-my-');
    await alice.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: granted, name: 'Consumer' }] },
    });
    expect((await addMember(nested, 'bob')).status).toBe(201);
    expect((await bob.api.get(`/nodes/${folder.id}`)).status).toBe(200);
    expect((await bob.api.post(`/nodes/${folder.id}/children`, { name: 'x', nodeType: 'cm:folder' })).status).toBe(403);
    expect((await server.api.delete(`/groups/${granted}/members/${nested}`)).status).toBe(204);
    expect((await bob.api.get(`/nodes/${folder.id}`)).status).toBe(403);
  });

  it('shows the children a group member may read in listings', async () => {
    const group = await aGroup();
    const parent = await aFolder(alice.api, '-my-');
    const open = await aFolder(alice.api, parent.id, { name: 'open' });
    await aFolder(alice.api, parent.id, { name: 'closed' });
    await alice.api.put(`/nodes/${parent.id}`, {
      permissions: { locallySet: [{ authorityId: group, name: 'Consumer' }] },
    });
    await alice.api.put(`/nodes/${open.id}`, {
      permissions: { locallySet: [{ authorityId: group, name: 'Consumer' }] },
    });
    const closed = (await alice.api.get(`/nodes/${parent.id}/children`)).body.list.entries.find(
      (e: { entry: { name: string } }) => e.entry.name === 'closed',
    ).entry;
    await alice.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false } });
    expect((await addMember(group, 'carol')).status).toBe(201);
    const listed = await carol.api.get(`/nodes/${parent.id}/children`);
    expect(listed.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual(['open']);
    expect(listed.body.list.pagination.totalItems).toBe(1);
  });

  it('does not hand a deleted group’s grants to a new group of the same name', async () => {
    const id = uniqueName('contractors');
    const group = await aGroup({ id });
    const folder = await aFolder(alice.api, '-my-');
    await alice.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: group, name: 'Consumer' }] },
    });
    expect((await server.api.delete(`/groups/${group}`)).status).toBe(204);
    const again = await aGroup({ id });
    expect(again).toBe(group);
    expect((await addMember(again, 'bob')).status).toBe(201);
    expect((await bob.api.get(`/nodes/${folder.id}`)).status).toBe(403);
  });
});

describe("a private site's groups", () => {
  it('are not listed, read or shown in anyone’s groups for someone who is not a member', async () => {
    const siteId = uniqueName('hush');
    expect((await alice.api.post('/sites', { id: siteId, title: 'Hush', visibility: 'PRIVATE' })).status).toBe(201);
    expect((await alice.api.post(`/sites/${siteId}/members`, { id: 'bob', role: 'SiteConsumer' })).status).toBe(201);
    const team = await aGroup();
    expect((await addMember(`GROUP_site_${siteId}_SiteConsumer`, team, 'GROUP')).status).toBe(201);
    const siteGroups = [
      `GROUP_site_${siteId}`,
      `GROUP_site_${siteId}_SiteManager`,
      `GROUP_site_${siteId}_SiteConsumer`,
    ];
    const listed = async (api = carol.api) => {
      const ids: string[] = [];
      for (let skipCount = 0; ; skipCount += 100) {
        const page = (await api.get('/groups', { query: { skipCount, maxItems: 100 } })).body.list;
        ids.push(...page.entries.map((e: { entry: { id: string } }) => e.entry.id));
        if (!page.pagination.hasMoreItems) return ids;
      }
    };

    // carol is not a member: the site's groups do not exist for her.
    const carolSees = await listed();
    for (const id of siteGroups) {
      expect(carolSees).not.toContain(id);
      expect((await carol.api.get(`/groups/${id}`)).status).toBe(404);
      expect((await carol.api.get(`/groups/${id}/members`)).status).toBe(404);
    }
    expect(await groupsOf('bob', carol.api)).not.toContain(`GROUP_site_${siteId}_SiteConsumer`);
    expect(await groupsOf('alice', carol.api)).not.toContain(`GROUP_site_${siteId}`);
    const parents = (await carol.api.get(`/groups/${team}`, { query: { include: 'parentIds' } })).body.entry;
    expect(parents.parentIds ?? []).not.toContain(`GROUP_site_${siteId}_SiteConsumer`);
    const total = (await carol.api.get('/groups', { query: { maxItems: 1 } })).body.list.pagination.totalItems;
    expect(total).toBe(carolSees.length);

    // Members and administrators see them.
    for (const api of [bob.api, server.api]) {
      expect(await listed(api)).toEqual(expect.arrayContaining(siteGroups));
      expect((await api.get(`/groups/GROUP_site_${siteId}_SiteManager/members`)).status).toBe(200);
    }
    expect(await groupsOf('bob', bob.api)).toContain(`GROUP_site_${siteId}_SiteConsumer`);
    expect(await groupsOf('alice', server.api)).toContain(`GROUP_site_${siteId}_SiteManager`);
  });
});
