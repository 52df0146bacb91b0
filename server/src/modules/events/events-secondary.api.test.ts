import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { basic, openEvents, type EventStream, type StreamEvent } from '../../testing/event-stream.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { SECONDARY_PARENTS_CAP } from './events.repository.ts';

// Live updates of folders that hold nodes as secondary children (ADR 0022, migration 0022): such a
// folder lists the node, so its watchers hear the node filed there or taken out (linked,
// unlinked), and every event of the node names the secondary parents the caller may read.
// "Never sent" is shown as in events.api.test.ts: once a later event has arrived, an earlier one
// that was not sent never will be.

let server: TestServer;
let alice: TestUser;
let shared: { id: string };
const open: EventStream[] = [];

const as = async (user: TestUser) => {
  const s = await openEvents(server.baseUrl, basic(user.id, user.password));
  open.push(s);
  return s;
};
const about = (type: string, nodeId: string) => (e: StreamEvent) => e.type === type && e.nodeId === nodeId;
const marker = async (s: EventStream) => {
  const file = await aFile(server.api, shared.id);
  return s.next(about('created', file.id));
};
const link = async (parentId: string, childId: string) =>
  (await server.api.post(`/nodes/${parentId}/secondary-children`, { childId, assocType: 'cm:contains' })).status;
const closedFolder = async () => {
  const folder = await aFolder(server.api);
  await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
  return folder;
};

beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api);
  shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Collaborator' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await server?.close();
});

describe('events of secondary children', () => {
  it('a node filed in a readable folder and taken out: linked and unlinked, naming that folder', async () => {
    const s = await as(alice);
    const holder = await aFolder(server.api, shared.id);
    const file = await aFile(server.api, shared.id);
    expect(await link(holder.id, file.id)).toBe(201);
    expect(await s.next(about('linked', file.id))).toMatchObject({ parentId: holder.id });
    expect((await server.api.delete(`/nodes/${holder.id}/secondary-children/${file.id}`)).status).toBe(204);
    expect(await s.next(about('unlinked', file.id))).toMatchObject({ parentId: holder.id });
  });

  it("a secondary child's changes name the secondary parents the caller may read, and no other", async () => {
    const holder = await aFolder(server.api, shared.id);
    const closed = await closedFolder();
    const file = await aFile(server.api, shared.id);
    expect(await link(holder.id, file.id)).toBe(201);
    expect(await link(closed.id, file.id)).toBe(201);
    const s = await as(alice);
    await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'T' } });
    expect(await s.next(about('updated', file.id))).toMatchObject({
      parentId: shared.id,
      secondaryParentIds: [holder.id],
    });
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    expect((await s.next(about('locked', file.id))).secondaryParentIds).toEqual([holder.id]);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect((await s.next(about('deleted', file.id))).secondaryParentIds).toEqual([holder.id]);
    await marker(s);
    expect(JSON.stringify(s.events)).not.toContain(closed.id);
  });

  it('a link into a folder the caller may not read, or of a node they may not read, is not sent', async () => {
    const closed = await closedFolder();
    const holder = await aFolder(server.api, shared.id);
    const hidden = await aFile(server.api, closed.id);
    const s = await as(alice);
    const file = await aFile(server.api, shared.id);
    expect(await link(closed.id, file.id)).toBe(201);
    expect(await link(holder.id, hidden.id)).toBe(201);
    await marker(s);
    const seen = JSON.stringify(s.events);
    for (const id of [closed.id, hidden.id]) expect(seen).not.toContain(id);
    expect(s.events.filter((e) => e.type === 'linked')).toEqual([]);
  });

  it('a secondary child deleted for good: its folder hears unlinked, naming the folder only', async () => {
    const holder = await aFolder(server.api, shared.id);
    const file = await aFile(server.api, shared.id);
    expect(await link(holder.id, file.id)).toBe(201);
    const s = await as(alice);
    expect((await server.api.delete(`/nodes/${file.id}`, { query: { permanent: true } })).status).toBe(204);
    const unlinked = await s.next((e) => e.type === 'unlinked' && e.parentId === holder.id);
    expect(unlinked.nodeId).toBeUndefined();
  });

  it('a folder deleted with its secondary children writes no unlinked event of them', async () => {
    const holder = await aFolder(server.api, shared.id);
    const file = await aFile(server.api, shared.id);
    expect(await link(holder.id, file.id)).toBe(201);
    const s = await as(alice);
    expect((await server.api.delete(`/nodes/${holder.id}`, { query: { permanent: true } })).status).toBe(204);
    await s.next(about('deleted', holder.id));
    await marker(s);
    expect(s.events.filter((e) => e.type === 'unlinked')).toEqual([]);
  });

  it(`a node filed in more folders than ${SECONDARY_PARENTS_CAP}: its events name, of the first ${SECONDARY_PARENTS_CAP} it was filed in, those the caller may read`, async () => {
    const file = await aFile(server.api, shared.id);
    const holding = { secondaryChildren: [{ childId: file.id, assocType: 'cm:contains' }] };
    // Filed first in three folders the caller may not read, then in more readable ones than the cap.
    const closed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const folder = await aFolder(server.api, shared.id, holding);
      await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
      closed.push(folder.id);
    }
    const readable: string[] = [];
    for (let i = 0; i < SECONDARY_PARENTS_CAP + 5; i++)
      readable.push((await aFolder(server.api, shared.id, holding)).id);
    const s = await as(alice);
    const admin = await openEvents(server.baseUrl, basic('admin', 'admin'));
    open.push(admin);
    await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'T' } });
    const seen = (await s.next(about('updated', file.id))).secondaryParentIds ?? [];
    expect(seen).toEqual(readable.slice(0, SECONDARY_PARENTS_CAP - closed.length));
    const all = (await admin.next(about('updated', file.id))).secondaryParentIds ?? [];
    expect(all).toEqual([...closed, ...readable].slice(0, SECONDARY_PARENTS_CAP));
  }, 60_000);
});
