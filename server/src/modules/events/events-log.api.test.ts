import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { Access, bitsFor } from '../permissions/access.ts';
import { createAclsRepository } from '../permissions/acls.repository.ts';

// The event log itself (migrations 0021, 0022; ADR 0022): each row records the ACL its node has
// once the change it records is made, since a gone node's events are judged by it at delivery.

let server: TestServer;
let alice: TestUser;
let shared: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api);
  shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Collaborator' });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.database.db;
const lastEvent = (nodeId: string, type: string) =>
  db()
    .selectFrom('nodeEvents')
    .select(['aclId', 'parentId'])
    .where('nodeId', '=', nodeId)
    .where('type', '=', type as never)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const aclOf = async (nodeId: string) => {
  const n = await db()
    .selectFrom('nodes')
    .select(['aclId', 'parentId'])
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  if (n.aclId) return n.aclId;
  return (await db().selectFrom('nodes').select('aclId').where('id', '=', n.parentId!).executeTakeFirstOrThrow()).aclId;
};
/** Whether `user` may read what an ACL guards, by its grants now. */
const mayRead = async (aclId: string | null, user: TestUser) => {
  if (!aclId) return false;
  const grants = (await createAclsRepository().grantsOfMany(db(), [aclId])).get(aclId) ?? [];
  return (bitsFor(grants, new Set([user.id, 'GROUP_EVERYONE'])) & Access.READ) !== 0;
};

describe('the event log records the ACL a node ends with', () => {
  it('a permissions change that shuts a reader out: its event is not readable by them through the ACL recorded', async () => {
    const file = await aFile(server.api, shared.id);
    const put = await server.api.put(`/nodes/${file.id}`, { permissions: { isInheritanceEnabled: false } });
    expect(put.status).toBe(200);
    const event = await lastEvent(file.id, 'permissions');
    expect(event.aclId).toBe(await aclOf(file.id));
    expect(await mayRead(event.aclId, alice)).toBe(false);
  });

  it('a folder that stops defining its own ACL: its event records the ACL it inherits, readable by those it lets in', async () => {
    const folder = await aFolder(server.api, shared.id);
    await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false } });
    const put = await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: true } });
    expect(put.status).toBe(200);
    const event = await lastEvent(folder.id, 'permissions');
    expect(event.aclId).toBe(await aclOf(folder.id));
    expect(await mayRead(event.aclId, alice)).toBe(true);
  });

  it('a folder moved under another ACL: its moved event records the ACL it inherits there', async () => {
    const closed = await aFolder(server.api);
    await server.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
    const folder = await aFolder(server.api, shared.id);
    const moved = await server.api.post(`/nodes/${folder.id}/move`, { targetParentId: closed.id });
    expect(moved.status).toBe(200);
    const event = await lastEvent(folder.id, 'moved');
    expect(event.aclId).toBe(await aclOf(folder.id));
    expect(await mayRead(event.aclId, alice)).toBe(false);
  });

  it('a folder restored into another: its restored event records the ACL it inherits there', async () => {
    const closed = await aFolder(server.api);
    await server.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
    const folder = await aFolder(server.api, shared.id);
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    const restored = await server.api.post(`/deleted-nodes/${folder.id}/restore`, {
      targetParentId: closed.id,
      assocType: 'cm:contains',
    });
    expect(restored.status).toBe(200);
    const event = await lastEvent(folder.id, 'restored');
    expect(event.aclId).toBe(await aclOf(folder.id));
    expect(await mayRead(event.aclId, alice)).toBe(false);
  });
});
