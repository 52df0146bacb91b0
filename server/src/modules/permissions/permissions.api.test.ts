import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aPerson } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await aPerson(server, 'bob');
});
afterAll(() => server.close());

const perms = async (id: string) =>
  (await server.api.get(`/nodes/${id}`, { query: { include: 'permissions' } })).body.entry.permissions;

describe('permissions on nodes (stored and returned)', () => {
  it('shows the fresh repository defaults', async () => {
    expect(await perms('-root-')).toEqual({
      isInheritanceEnabled: false,
      locallySet: [
        { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED', authorityDisplayName: 'EVERYONE' },
      ],
      settable: ['Contributor', 'Collaborator', 'Coordinator', 'Editor', 'Consumer'],
    });
    expect((await perms('-shared-')).locallySet[0].name).toBe('Contributor');
  });

  it('inherits from the parent chain up to a folder that does not inherit', async () => {
    const folder = await aFolder(server.api, '-shared-');
    const sub = await aFolder(server.api, folder.id);
    await server.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: 'bob', name: 'Editor' }] },
    });
    const p = await perms(sub.id);
    expect(p.isInheritanceEnabled).toBe(true);
    expect(p.inherited.map((e: { authorityId: string; name: string }) => `${e.authorityId}:${e.name}`)).toEqual([
      'bob:Editor',
      'GROUP_EVERYONE:Contributor',
    ]);
    expect(p).not.toHaveProperty('locallySet');
    const listed = await server.api.get(`/nodes/${folder.id}/children`, { query: { include: 'permissions' } });
    expect(listed.body.list.entries[0].entry.permissions.inherited).toHaveLength(2);
  });

  it('replaces locallySet, switches inheritance off and on', async () => {
    const folder = await aFolder(server.api);
    const res = await server.api.put(
      `/nodes/${folder.id}`,
      {
        permissions: {
          isInheritanceEnabled: false,
          locallySet: [
            { authorityId: 'bob', name: 'Collaborator' },
            { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'DENIED' },
          ],
        },
      },
      { query: { include: 'permissions' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.entry.permissions.isInheritanceEnabled).toBe(false);
    expect(res.body.entry.permissions).not.toHaveProperty('inherited');
    expect(res.body.entry.permissions.locallySet).toHaveLength(2);
    const back = await server.api.put(`/nodes/${folder.id}`, {
      permissions: { isInheritanceEnabled: true, locallySet: [] },
    });
    expect(back.status).toBe(200);
    const p = await perms(folder.id);
    expect(p).not.toHaveProperty('locallySet');
    expect(p.inherited.length).toBeGreaterThan(0);
  });

  it.each([
    [{ locallySet: [{ authorityId: 'nobody', name: 'Consumer' }] }],
    [{ locallySet: [{ authorityId: 'bob', name: 'Boss' }] }],
    [{ locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'MAYBE' }] }],
    [{ locallySet: [{ authorityId: 'bob' }] }],
    [{ inherited: [] }],
    [
      {
        locallySet: [
          { authorityId: 'bob', name: 'Consumer' },
          { authorityId: 'bob', name: 'Consumer', accessStatus: 'DENIED' },
        ],
      },
    ],
  ])('gives 400 for %j and changes nothing', async (permissions) => {
    const folder = await aFolder(server.api);
    expect((await server.api.put(`/nodes/${folder.id}`, { permissions })).status).toBe(400);
    expect((await perms(folder.id)).isInheritanceEnabled).toBe(true);
  });

  it('copies locally set permissions and the inheritance flag', async () => {
    const folder = await aFolder(server.api);
    await server.api.put(`/nodes/${folder.id}`, {
      permissions: { isInheritanceEnabled: false, locallySet: [{ authorityId: 'bob', name: 'Consumer' }] },
    });
    const copy = await server.api.post(`/nodes/${folder.id}/copy`, { targetParentId: (await aFolder(server.api)).id });
    const p = await perms(copy.body.entry.id);
    expect(p.isInheritanceEnabled).toBe(false);
    // People carry their display name, as Alfresco shows it.
    expect(p.locallySet).toEqual([
      { authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED', authorityDisplayName: 'Bob Tester' },
    ]);
  });
});

describe('a deleted group leaves no permissions behind', () => {
  it('removes its entries, so a new group of the same id gets no access', async () => {
    const bob = server.api.as('bob', 'pw');
    const folder = await aFolder(server.api);
    // Closed to everyone but the group (which has to exist to be named).
    await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
    const addGroupWithBob = async () => {
      expect((await server.api.post('/groups', { id: 'GROUP_readers', displayName: 'Readers' })).status).toBe(201);
      const added = await server.api.post('/groups/GROUP_readers/members', { id: 'bob', memberType: 'PERSON' });
      expect(added.status).toBe(201);
    };
    expect((await bob.get(`/nodes/${folder.id}`)).status).toBe(403);
    await addGroupWithBob();
    await server.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: 'GROUP_readers', name: 'Consumer' }] },
    });
    expect((await bob.get(`/nodes/${folder.id}`)).status).toBe(200);

    expect((await server.api.delete('/groups/GROUP_readers')).status).toBe(204);
    expect((await perms(folder.id)).locallySet).toBeUndefined();
    expect((await bob.get(`/nodes/${folder.id}`)).status).toBe(403);
    await addGroupWithBob();
    expect((await bob.get(`/nodes/${folder.id}`)).status).toBe(403);
  });
});

describe('a DENIED entry hides the node from every filtered listing', () => {
  it('takes it out of the folder listing and of the favorites, as a direct read is refused', async () => {
    const bob = server.api.as('bob', 'pw');
    const folder = await aFolder(server.api); // Company Home's EVERYONE Consumer is inherited
    const hidden = await aFolder(server.api, folder.id);
    expect((await bob.post('/people/-me-/favorites', { target: { folder: { guid: hidden.id } } })).status).toBe(201);
    const listed = async () => (await bob.get(`/nodes/${folder.id}/children`)).body.list.pagination.totalItems;
    const favorites = async () => (await bob.get('/people/-me-/favorites')).body.list.pagination.totalItems;
    expect([await listed(), await favorites()]).toEqual([1, 1]);
    await server.api.put(`/nodes/${hidden.id}`, {
      permissions: { locallySet: [{ authorityId: 'bob', name: 'Read', accessStatus: 'DENIED' }] },
    });
    expect((await bob.get(`/nodes/${hidden.id}`)).status).toBe(403);
    expect([await listed(), await favorites()]).toEqual([0, 0]);
  });
});
