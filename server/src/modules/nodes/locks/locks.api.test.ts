import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aPerson, aSharedFolder } from '../../../testing/builders.ts';
import type { ApiClient } from '../../../testing/api-client.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
let bob: ApiClient;
/** Everyone may edit here, so that the tests are about locks, not permissions. */
const editable = () => aSharedFolder(server.api, { GROUP_EVERYONE: 'Collaborator' });
beforeAll(async () => {
  server = await startTestServer();
  await aPerson(server, 'bob');
  bob = server.api.as('bob', 'pw');
});
afterAll(() => server.close());

const text = { headers: { 'content-type': 'text/plain' } };

describe('POST /nodes/{id}/lock', () => {
  it('locks a file with the defaults and shows the lock', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    const res = await server.api.post(`/nodes/${file.id}/lock`, {}, { query: { include: 'isLocked' } });
    expect(res.status).toBe(200);
    expect(res.body.entry.isLocked).toBe(true);
    expect(res.body.entry.aspectNames).toContain('cm:lockable');
    expect(res.body.entry.properties).toMatchObject({
      'cm:lockType': 'WRITE_LOCK',
      'cm:lockOwner': { id: 'admin', displayName: 'Administrator' },
      'cm:lockLifetime': 'PERSISTENT',
    });
    expect(res.body.entry.properties).not.toHaveProperty('cm:expiryDate');
    const listed = await server.api.get(`/nodes/${file.parentId}/children`, { query: { include: 'isLocked' } });
    expect(listed.body.list.entries[0].entry.isLocked).toBe(true);
  });

  it('lets the owner change an ALLOW_OWNER_CHANGES lock, and nobody else', async () => {
    const file = await aFile(server.api, (await editable()).id, 'v1');
    await bob.post(`/nodes/${file.id}/lock`, {}).then((r) => expect(r.status).toBe(200));
    expect((await bob.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'mine' } })).status).toBe(200);
    const byAdmin = await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'theirs' } });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.briefSummary).toContain(
      `Cannot perform operation since the node (id:${file.id}) is locked.`,
    );
    expect((await server.api.put(`/nodes/${file.id}/content`, 'v2', text)).status).toBe(409);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(409);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('v1');
  });

  it('lets nobody change a FULL lock, not even its owner', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    await server.api.post(`/nodes/${file.id}/lock`, { type: 'FULL' });
    expect((await server.api.put(`/nodes/${file.id}`, { name: 'renamed.txt' })).status).toBe(409);
    expect((await server.api.put(`/nodes/${file.id}/content`, 'x', text)).status).toBe(409);
    expect((await server.api.get(`/nodes/${file.id}`)).body.entry.properties['cm:lockType']).toBe('READ_ONLY_LOCK');
  });

  it('refuses to delete a folder that holds a file locked against the caller', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, (await aFolder(server.api, folder.id)).id);
    await server.api.post(`/nodes/${file.id}/lock`, { type: 'FULL' });
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(409);
    expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(200);
  });

  it('gives 422 to another user, lets the owner refresh, and expires', async () => {
    const file = await aFile(server.api, (await editable()).id);
    await server.api.post(`/nodes/${file.id}/lock`, { timeToExpire: 1 });
    expect((await bob.post(`/nodes/${file.id}/lock`, {})).status).toBe(422);
    const refreshed = await server.api.post(`/nodes/${file.id}/lock`, { timeToExpire: 1 });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.entry.properties['cm:expiryDate']).toMatch(/\+0000$/);
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await server.api.get(`/nodes/${file.id}`, { query: { include: 'isLocked' } });
    expect(expired.body.entry.isLocked).toBe(false);
    expect(expired.body.entry.properties).toHaveProperty('cm:lockType');
    expect((await bob.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'now free' } })).status).toBe(200);
    expect((await bob.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
  });

  it('gives 400 for a folder or a bad body, 404 for an unknown node', async () => {
    const folder = await aFolder(server.api);
    expect((await server.api.post(`/nodes/${folder.id}/lock`, {})).status).toBe(400);
    const file = await aFile(server.api, folder.id);
    for (const body of [
      { type: 'HALF' },
      { lifetime: 'FOREVER' },
      { timeToExpire: 'soon' },
      { invalid_property: 'true' },
    ]) {
      expect((await server.api.post(`/nodes/${file.id}/lock`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await server.api.post(`/nodes/${file.id}/lock`, { lifetime: 'EPHEMERAL', timeToExpire: 172_801 })).status,
    ).toBe(400);
    expect((await server.api.post('/nodes/nope/lock', {})).status).toBe(404);
  });
});

describe('lock lifetimes', () => {
  it('keeps PERSISTENT locks and drops EPHEMERAL ones when the server restarts', async () => {
    const folder = await aFolder(server.api);
    const persistent = await aFile(server.api, folder.id);
    const ephemeral = await aFile(server.api, folder.id);
    await server.api.post(`/nodes/${persistent.id}/lock`, { lifetime: 'PERSISTENT' });
    const locked = await server.api.post(
      `/nodes/${ephemeral.id}/lock`,
      { lifetime: 'EPHEMERAL' },
      { query: { include: 'isLocked' } },
    );
    expect(locked.body.entry).toMatchObject({ isLocked: true, properties: { 'cm:lockLifetime': 'EPHEMERAL' } });
    await server.restart();
    const isLocked = async (id: string) =>
      (await server.api.get(`/nodes/${id}`, { query: { include: 'isLocked' } })).body.entry.isLocked;
    expect(await isLocked(persistent.id)).toBe(true);
    expect(await isLocked(ephemeral.id)).toBe(false);
  });
});

describe('POST /nodes/{id}/unlock', () => {
  it('unlocks for the owner and for an administrator, not for others', async () => {
    const file = await aFile(server.api, (await editable()).id);
    await bob.post(`/nodes/${file.id}/lock`, {});
    const carol = 'carol';
    await aPerson(server, carol);
    expect((await server.api.as(carol, 'pw').post(`/nodes/${file.id}/unlock`)).status).toBe(403);
    const res = await server.api.post(`/nodes/${file.id}/unlock`, undefined, { query: { include: 'isLocked' } });
    expect(res.status).toBe(200);
    expect(res.body.entry.isLocked).toBe(false);
    expect(res.body.entry.aspectNames).not.toContain('cm:lockable');
    expect(res.body.entry.properties ?? {}).not.toHaveProperty('cm:lockType');
    expect((await server.api.post(`/nodes/${file.id}/unlock`)).status).toBe(422);
  });

  it('names unlock in allowableOperations of a locked node for those who may unlock it (a Quire extension)', async () => {
    for (const id of ['dana', 'erik']) await aPerson(server, id);
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Collaborator', dana: 'Unlock' });
    const file = await aFile(server.api, folder.id);
    const opsOf = async (who: string) => {
      const api = who === 'admin' ? server.api : server.api.as(who, 'pw');
      const res = await api.get(`/nodes/${file.id}`, { query: { include: 'allowableOperations' } });
      return res.body.entry.allowableOperations as string[];
    };
    expect(await opsOf('admin')).toEqual(['delete', 'update', 'updatePermissions']);
    await bob.post(`/nodes/${file.id}/lock`, {});
    expect(await opsOf('bob')).toContain('unlock');
    expect(await opsOf('admin')).toEqual(['delete', 'update', 'updatePermissions', 'unlock']);
    expect(await opsOf('dana')).toEqual(['update', 'unlock']);
    expect(await opsOf('erik')).toEqual(['update']);
    const listed = await server.api
      .as('dana', 'pw')
      .get(`/nodes/${folder.id}/children`, { query: { include: 'allowableOperations' } });
    expect(listed.body.list.entries[0].entry.allowableOperations).toContain('unlock');
    expect((await server.api.as('dana', 'pw').post(`/nodes/${file.id}/unlock`)).status).toBe(200);
    expect(await opsOf('dana')).toEqual(['update']);
  });
});
