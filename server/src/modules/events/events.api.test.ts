import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { basic, openEvents, type EventStream, type StreamEvent } from '../../testing/event-stream.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Live updates (ADR 0022): GET …/quire/versions/1/events. "Never sent" is shown without waiting:
// events are delivered in order, so once a later event the caller may read has arrived, an earlier
// one that was not sent never will be.

const TICKETS = '/alfresco/api/-default-/public/authentication/versions/1/tickets';
const text = { 'content-type': 'text/plain' };

let server: TestServer;
let alice: TestUser;
let shared: { id: string };
const open: EventStream[] = [];

const stream = async (headers: Record<string, string>) => {
  const s = await openEvents(server.baseUrl, headers);
  open.push(s);
  return s;
};
const as = (user: TestUser, extra: Record<string, string> = {}) =>
  stream({ ...basic(user.id, user.password), ...extra });
const about = (type: string, nodeId: string) => (e: StreamEvent) => e.type === type && e.nodeId === nodeId;
/** A change the caller may read, after which nothing earlier can still arrive. */
const marker = async (s: EventStream) => {
  const file = await aFile(server.api, shared.id);
  return s.next(about('created', file.id));
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

describe('GET /events', () => {
  it('refuses a caller without credentials, or with wrong ones (401)', async () => {
    expect((await stream({})).status).toBe(401);
    expect((await stream(basic(alice.id, 'wrong'))).status).toBe(401);
  });

  it('sends the changes of a readable folder: created, updated, version, locked, unlocked, moved, deleted, restored', async () => {
    const s = await as(alice);
    const other = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Consumer' });
    const file = await aFile(server.api, shared.id);
    expect(await s.next(about('created', file.id))).toMatchObject({ parentId: shared.id });
    await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'T' } });
    await s.next(about('updated', file.id));
    // The upload's first version is said by `created`: no event of its own.
    expect(s.events.filter(about('version', file.id))).toEqual([]);
    await server.api.put(`/nodes/${file.id}/content`, 'two', { headers: text });
    await s.next(about('version', file.id));
    expect((await server.api.post(`/nodes/${file.id}/lock`, {})).status).toBe(200);
    await s.next(about('locked', file.id));
    expect((await server.api.post(`/nodes/${file.id}/unlock`)).status).toBe(200);
    await s.next(about('unlocked', file.id));
    expect((await server.api.post(`/nodes/${file.id}/move`, { targetParentId: other.id })).status).toBe(200);
    expect(await s.next(about('moved', file.id))).toMatchObject({ parentId: other.id, previousParentId: shared.id });
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect(await s.next(about('deleted', file.id))).toMatchObject({ parentId: other.id });
    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, {})).status).toBe(200);
    expect(await s.next(about('restored', file.id))).toMatchObject({ parentId: other.id });
    const ids = s.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("a folder trashed with a tree below it: one event, of that folder; a subfolder's path names it (what the web app matches)", async () => {
    const top = await aFolder(server.api, shared.id);
    const sub = await aFolder(server.api, (await aFolder(server.api, top.id)).id);
    const inner = await aFile(server.api, sub.id);
    const seen = await alice.api.get(`/nodes/${sub.id}`, { query: { include: 'path' } });
    expect(seen.body.entry.path.elements.map((e: { id: string }) => e.id)).toContain(top.id);
    const s = await as(alice);
    expect((await server.api.delete(`/nodes/${top.id}`)).status).toBe(204);
    expect(await s.next(about('deleted', top.id))).toMatchObject({ parentId: shared.id });
    await marker(s);
    // One bounded write per trash: nothing names the nodes below it.
    for (const id of [sub.id, inner.id]) expect(JSON.stringify(s.events)).not.toContain(id);
    expect((await alice.api.get(`/nodes/${sub.id}`)).status).toBe(404);
  });

  it('never sends what the caller may not read: a closed folder, a file denied to them, its id or name', async () => {
    const closed = await aFolder(server.api);
    await server.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
    const s = await as(alice);
    const hidden = await aFile(server.api, closed.id);
    const denied = await aFile(server.api, shared.id);
    await server.api.put(`/nodes/${denied.id}`, {
      permissions: { locallySet: [{ authorityId: alice.id, name: 'Consumer', accessStatus: 'DENIED' }] },
    });
    await server.api.put(`/nodes/${denied.id}`, { properties: { 'cm:title': 'secret' } });
    await marker(s);
    const seen = JSON.stringify(s.events);
    for (const id of [closed.id, hidden.id]) expect(seen).not.toContain(id);
    expect(s.events.filter((e) => e.nodeId === denied.id && e.type === 'updated')).toEqual([]);
  });

  it("stops sending a folder's changes once the caller loses access to it (checked at delivery)", async () => {
    const folder = await aSharedFolder(server.api, { [alice.id]: 'Consumer' });
    const s = await as(alice);
    const before = await aFile(server.api, folder.id);
    await s.next(about('created', before.id));
    await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } });
    const after = await aFile(server.api, folder.id);
    await marker(s);
    expect(s.events.some((e) => e.nodeId === after.id)).toBe(false);
  });

  it('sends a membership change to the person added or removed, and to no one else', async () => {
    const bob = await aUser(server.api);
    const [sa, sb] = [await as(alice), await as(bob)];
    const group = (await server.api.post('/groups', { id: uniqueName('team'), displayName: 'Team' })).body.entry.id;
    expect((await server.api.post(`/groups/${group}/members`, { id: alice.id, memberType: 'PERSON' })).status).toBe(
      201,
    );
    expect(await sa.next((e) => e.type === 'membership')).toMatchObject({ groupId: group });
    await marker(sb);
    expect(sb.events.some((e) => e.type === 'membership')).toBe(false);
  });

  it('resumes after Last-Event-ID with what happened meanwhile, in order', async () => {
    const first = await as(alice);
    const seen = await marker(first);
    first.close();
    const missed = [await aFile(server.api, shared.id), await aFile(server.api, shared.id)];
    const resumed = await as(alice, { 'last-event-id': seen.id });
    await resumed.next(about('created', missed[1]!.id));
    const created = resumed.events.filter((e) => e.type === 'created').map((e) => e.nodeId);
    expect(created.slice(0, 2)).toEqual(missed.map((f) => f.id));
    expect(resumed.events.some((e) => e.id === seen.id)).toBe(false);
  });

  it('starts with a reset event when the log no longer holds Last-Event-ID (pruned) or never did', async () => {
    const first = await as(alice);
    const seen = await marker(first);
    const pruned = await server.app.events.prune(Date.now() + 48 * 3_600_000);
    expect(pruned.pruned).toBeGreaterThan(0);
    const resumed = await as(alice, { 'last-event-id': String(Number(seen.id) - 1) });
    expect((await resumed.next(() => true)).type).toBe('reset');
    const future = await as(alice, { 'last-event-id': '999999999999' });
    expect((await future.next(() => true)).type).toBe('reset');
    // From the reset on, the stream goes on as usual.
    await marker(resumed);
  });

  it('opens "from now" after a time with no stream open: nothing from before it is sent', async () => {
    for (const s of open.splice(0)) s.close();
    // No stream: the reader reads nothing (and on PostgreSQL numbers nothing) meanwhile.
    const before = await aFile(server.api, shared.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const s = await as(alice);
    await marker(s);
    expect(s.events.some((e) => e.nodeId === before.id)).toBe(false);
  });

  it('prunes events written while no stream was open once they are older than the retention', async () => {
    for (const s of open.splice(0)) s.close();
    await aFile(server.api, shared.id);
    await aFile(server.api, shared.id);
    const { pruned } = await server.app.events.prune(Date.now() + 48 * 3_600_000);
    expect(pruned).toBeGreaterThanOrEqual(2);
    const left = await server.app.database.db
      .selectFrom('nodeEvents')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('refuses a Last-Event-ID that is no event id (400)', async () => {
    const s = await as(alice, { 'last-event-id': 'abc' });
    expect(s.status).toBe(400);
    expect(s.error).toMatchObject({ error: { statusCode: 400 } });
  });

  it('ends the stream when its ticket is ended', async () => {
    const login = await server.api.post(TICKETS, { userId: alice.id, password: alice.password }, { auth: null });
    const ticket = login.body.entry.id as string;
    const s = await stream({ authorization: `Basic ${Buffer.from(ticket).toString('base64')}` });
    await marker(s);
    const logout = await server.api.delete(`${TICKETS}/-me-`, {
      headers: { authorization: `Basic ${Buffer.from(ticket).toString('base64')}` },
      auth: null,
    });
    expect(logout.status).toBe(204);
    const after = await aFile(server.api, shared.id);
    await s.ended;
    expect(s.events.some((e) => e.nodeId === after.id)).toBe(false);
  });
});

describe('GET /events limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ EVENTS_MAX_CONNECTIONS: '3', EVENTS_MAX_CONNECTIONS_PER_USER: '2' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('caps streams per person (429) and per instance (503), and frees a slot when a stream closes', async () => {
    const [carol, dave] = [await aUser(limited.api), await aUser(limited.api)];
    const on = async (u: TestUser) => {
      const s = await openEvents(limited.baseUrl, basic(u.id, u.password));
      open.push(s);
      return s;
    };
    const c1 = await on(carol);
    await on(carol);
    const third = await on(carol);
    expect(third.status).toBe(429);
    expect(third.error).toMatchObject({ error: { statusCode: 429 } });
    await on(dave);
    expect((await on(dave)).status).toBe(503);
    c1.close();
    await c1.ended;
    await expect.poll(() => limited.app.events.hub.subscribers.size).toBe(2);
    expect((await on(dave)).status).toBe(200);
  });
});
