import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { EVENTS, basic, openEvents, type EventStream, type StreamEvent } from '../../testing/event-stream.ts';
import { aMember, aSite, documentLibrary } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// An attacker's look at GET …/quire/versions/1/events (ADR 0022): with an account of their own,
// what can they learn about nodes, people or changes they may not read? Events come in order, so
// once a later readable event (a marker) has arrived, an earlier one that was not sent never will be.

const TICKETS = '/alfresco/api/-default-/public/authentication/versions/1/tickets';
const closeIt = { permissions: { isInheritanceEnabled: false, locallySet: [] } };

let server: TestServer;
let mallory: TestUser;
let shared: { id: string };
const open: EventStream[] = [];

const as = async (user: TestUser, extra: Record<string, string> = {}) => {
  const s = await openEvents(server.baseUrl, { ...basic(user.id, user.password), ...extra });
  open.push(s);
  return s;
};
const about = (type: string, nodeId: string) => (e: StreamEvent) => e.type === type && e.nodeId === nodeId;
const marker = async (s: EventStream) => {
  const file = await aFile(server.api, shared.id);
  return s.next(about('created', file.id));
};
/** No event names any of these ids, as node, folder or former folder. */
const neverNamed = (s: EventStream, ids: string[]) => {
  const seen = JSON.stringify(s.events);
  for (const id of ids) expect(seen, `${id} leaked`).not.toContain(id);
};
const ok = (res: { status: number; body: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.body)).toBe(status);

beforeAll(async () => {
  server = await startTestServer();
  mallory = await aUser(server.api);
  shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Collaborator' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await server?.close();
});

describe('events of what the caller may not read (holds)', () => {
  it('a closed folder: create, rename, trash, restore, purge of it and in it send nothing', async () => {
    const closed = await aFolder(server.api, shared.id);
    ok(await server.api.put(`/nodes/${closed.id}`, closeIt));
    const s = await as(mallory);
    const inner = await aFile(server.api, closed.id);
    ok(await server.api.put(`/nodes/${inner.id}`, { name: uniqueName('renamed') }));
    ok(await server.api.put(`/nodes/${closed.id}`, { name: uniqueName('renamed') }));
    ok(await server.api.delete(`/nodes/${inner.id}`), 204);
    ok(await server.api.post(`/deleted-nodes/${inner.id}/restore`, {}));
    ok(await server.api.delete(`/nodes/${closed.id}`), 204);
    ok(await server.api.post(`/deleted-nodes/${closed.id}/restore`, {}));
    ok(await server.api.delete(`/nodes/${closed.id}`), 204);
    ok(await server.api.delete(`/deleted-nodes/${closed.id}`), 204);
    await marker(s);
    neverNamed(s, [closed.id, inner.id]);
  });

  it('a file of its own ACL granting the caller, inside a closed folder: its events are not sent', async () => {
    const closed = await aFolder(server.api, shared.id);
    ok(await server.api.put(`/nodes/${closed.id}`, closeIt));
    const s = await as(mallory);
    const mine = await aFile(server.api, closed.id);
    const grant = {
      permissions: { locallySet: [{ authorityId: mallory.id, name: 'Consumer', accessStatus: 'ALLOWED' }] },
    };
    ok(await server.api.put(`/nodes/${mine.id}`, grant));
    ok(await server.api.put(`/nodes/${mine.id}`, { properties: { 'cm:title': 'secret' } }));
    await marker(s);
    neverNamed(s, [closed.id, mine.id]);
  });

  it('moves: out of sight and back never name the closed folder; a closed node moved in is seen from then on', async () => {
    const closed = await aFolder(server.api, shared.id);
    ok(await server.api.put(`/nodes/${closed.id}`, closeIt));
    const hidden = await aFile(server.api, closed.id);
    const s = await as(mallory);
    const file = await aFile(server.api, shared.id);
    await s.next(about('created', file.id));
    ok(await server.api.post(`/nodes/${file.id}/move`, { targetParentId: closed.id }));
    ok(await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'while away' } }));
    ok(await server.api.post(`/nodes/${file.id}/move`, { targetParentId: shared.id }));
    const back = await s.next(about('moved', file.id));
    expect(back).toMatchObject({ parentId: shared.id });
    expect(back.previousParentId).toBeUndefined();
    const types = s.events.filter((e) => e.nodeId === file.id && e.type !== 'version').map((e) => e.type);
    expect(types).toEqual(['created', 'moved']);
    // A node created where the caller could not see it, moved into sight: one moved event, no former folder.
    ok(await server.api.post(`/nodes/${hidden.id}/move`, { targetParentId: shared.id }));
    expect(await s.next(about('moved', hidden.id))).not.toHaveProperty('previousParentId');
    neverNamed(s, [closed.id]);
  });

  it('resuming from 0 replays only what the caller may read now; a node denied before it was trashed stays unseen', async () => {
    const first = await as(mallory);
    const start = await marker(first);
    first.close();
    const closed = await aFolder(server.api, shared.id);
    ok(await server.api.put(`/nodes/${closed.id}`, closeIt));
    const hidden = await aFile(server.api, closed.id);
    const denied = await aFile(server.api, shared.id);
    const deny = {
      permissions: { locallySet: [{ authorityId: mallory.id, name: 'Consumer', accessStatus: 'DENIED' }] },
    };
    ok(await server.api.put(`/nodes/${denied.id}`, deny));
    ok(await server.api.put(`/nodes/${denied.id}`, { properties: { 'cm:title': 'after the deny' } }));
    ok(await server.api.delete(`/nodes/${denied.id}`), 204);
    // A folder moved into the closed one, which then goes to the trash: its move is not sent either.
    const away = await aFolder(server.api, shared.id);
    ok(await server.api.post(`/nodes/${away.id}/move`, { targetParentId: closed.id }));
    ok(await server.api.delete(`/nodes/${closed.id}`), 204);
    for (const from of ['0', start.id]) {
      const s = await as(mallory, { 'last-event-id': from });
      await marker(s);
      neverNamed(s, [closed.id, hidden.id]);
      // Nothing from the deny on (the permissions event included) reaches the caller.
      const types = s.events.filter((e) => e.nodeId === denied.id).map((e) => e.type);
      for (const type of ['permissions', 'updated', 'deleted']) expect(types, from).not.toContain(type);
      expect(s.events.filter((e) => e.nodeId === away.id && e.type === 'moved')).toEqual([]);
      s.close();
    }
  });

  it('losing a group while connected stops its folders events at once', async () => {
    const group = (await server.api.post('/groups', { id: uniqueName('crew'), displayName: 'Crew' })).body.entry.id;
    ok(await server.api.post(`/groups/${group}/members`, { id: mallory.id, memberType: 'PERSON' }), 201);
    const folder = await aFolder(server.api);
    const locallySet = [{ authorityId: group, name: 'Consumer', accessStatus: 'ALLOWED' }];
    ok(await server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet } }));
    const s = await as(mallory);
    const before = await aFile(server.api, folder.id);
    await s.next(about('created', before.id));
    ok(await server.api.delete(`/groups/${group}/members/${mallory.id}`), 204);
    expect((await mallory.api.get(`/nodes/${folder.id}`)).status).toBe(403);
    const after = await aFile(server.api, folder.id);
    await marker(s);
    neverNamed(s, [after.id]);
  });

  it("a private site: its library's events and others' memberships are not sent; once a member, they are", async () => {
    const site = await aSite(server.api, { visibility: 'PRIVATE' });
    const library = await documentLibrary(server.api, site.id);
    const other = await aUser(server.api);
    const s = await as(mallory);
    const before = await aFile(server.api, library);
    await aMember(server.api, site.id, other.id, 'SiteConsumer');
    await marker(s);
    neverNamed(s, [before.id, library, site.guid]);
    expect(s.events.filter((e) => e.type === 'membership')).toEqual([]);
    await aMember(server.api, site.id, mallory.id, 'SiteConsumer');
    expect((await s.next((e) => e.type === 'membership')).groupId).toMatch(new RegExp(site.id, 'i'));
    const after = await aFile(server.api, library);
    expect(await s.next(about('created', after.id))).toMatchObject({ parentId: library });
  });

  it('a membership change of someone else, or of a group the caller is not in, is not sent', async () => {
    const victim = await aUser(server.api);
    const s = await as(mallory);
    const group = (await server.api.post('/groups', { id: uniqueName('board'), displayName: 'Board' })).body.entry.id;
    ok(await server.api.post(`/groups/${group}/members`, { id: victim.id, memberType: 'PERSON' }), 201);
    await marker(s);
    expect(s.events.filter((e) => e.type === 'membership')).toEqual([]);
  });
});

describe('secondary children: links and secondaryParentIds (holds)', () => {
  const link = (parentId: string, childId: string, api = server.api) =>
    api.post(`/nodes/${parentId}/secondary-children`, { childId, assocType: 'cm:contains' });
  const closedFolder = async () => {
    const folder = await aFolder(server.api, shared.id);
    ok(await server.api.put(`/nodes/${folder.id}`, closeIt));
    return folder;
  };

  it('a link replayed after the caller lost the folder or the node is not sent', async () => {
    const holder = await aFolder(server.api, shared.id);
    const file = await aFile(server.api, shared.id);
    const denied = await aFile(server.api, shared.id);
    const other = await aFolder(server.api, shared.id);
    const first = await as(mallory);
    const start = await marker(first);
    first.close();
    ok(await link(holder.id, file.id), 201);
    ok(await link(other.id, denied.id), 201);
    // Read access goes after the writes and before delivery (the replay below).
    ok(await server.api.put(`/nodes/${holder.id}`, closeIt));
    const deny = {
      permissions: { locallySet: [{ authorityId: mallory.id, name: 'Consumer', accessStatus: 'DENIED' }] },
    };
    ok(await server.api.put(`/nodes/${denied.id}`, deny));
    const s = await as(mallory, { 'last-event-id': start.id });
    await marker(s);
    neverNamed(s, [holder.id, denied.id]);
    expect(s.events.filter((e) => e.type === 'linked')).toEqual([]);
  });

  it('a link into a closed folder gone to the trash since: neither linked nor unlinked is sent', async () => {
    const closed = await closedFolder();
    const file = await aFile(server.api, shared.id);
    const first = await as(mallory);
    const start = await marker(first);
    first.close();
    ok(await link(closed.id, file.id), 201);
    ok(await server.api.delete(`/nodes/${closed.id}/secondary-children/${file.id}`), 204);
    ok(await link(closed.id, file.id), 201);
    ok(await server.api.delete(`/nodes/${closed.id}`), 204);
    const s = await as(mallory, { 'last-event-id': start.id });
    await marker(s);
    neverNamed(s, [closed.id]);
    const links = s.events.filter((e) => e.type === 'linked' || e.type === 'unlinked');
    expect(links, 'the file was filed somewhere the caller cannot see').toEqual([]);
  });

  it('a hidden node filed in a readable folder and trashed since: its folder hears nothing of it', async () => {
    const closed = await closedFolder();
    const hidden = await aFile(server.api, closed.id);
    const holder = await aFolder(server.api, shared.id);
    const first = await as(mallory);
    const start = await marker(first);
    first.close();
    ok(await link(holder.id, hidden.id), 201);
    ok(await server.api.delete(`/nodes/${hidden.id}`), 204);
    const s = await as(mallory, { 'last-event-id': start.id });
    await marker(s);
    neverNamed(s, [closed.id, hidden.id]);
    const links = s.events.filter((e) => e.type === 'linked' && e.parentId === holder.id);
    expect(links, 'a node the caller could never read was filed in the folder').toEqual([]);
  });

  it('a hidden node filed in a readable folder and deleted for good: its folder hears nothing of it', async () => {
    const hidden = await aFile(server.api, (await closedFolder()).id);
    const holder = await aFolder(server.api, shared.id);
    ok(await link(holder.id, hidden.id), 201);
    const s = await as(mallory);
    ok(await server.api.delete(`/nodes/${hidden.id}`, { query: { permanent: true } }), 204);
    await marker(s);
    const links = s.events.filter((e) => e.type === 'unlinked' && e.parentId === holder.id);
    expect(links, 'a node the caller could never read left the folder').toEqual([]);
  });

  it('a link the caller makes into their own closed folder: others who read the node never hear of the folder', async () => {
    const reader = await aUser(server.api);
    const mine = await aFolder(mallory.api, shared.id);
    ok(await mallory.api.put(`/nodes/${mine.id}`, closeIt));
    const file = await aFile(server.api, shared.id);
    const hidden = await aFile(server.api, (await closedFolder()).id);
    const closed = await closedFolder();
    const s = await as(reader);
    ok(await link(mine.id, file.id, mallory.api), 201);
    // Neither a node the caller may not read into their folder, nor theirs into a closed folder.
    expect((await link(mine.id, hidden.id, mallory.api)).status).toBeGreaterThanOrEqual(400);
    expect((await link(closed.id, file.id, mallory.api)).status).toBeGreaterThanOrEqual(400);
    ok(await server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'seen' } }));
    const updated = await s.next(about('updated', file.id));
    expect(updated.secondaryParentIds).toBeUndefined();
    ok(await server.api.put(`/nodes/${mine.id}`, { name: uniqueName('renamed') }));
    await marker(s);
    neverNamed(s, [mine.id, hidden.id, closed.id]);
    expect(s.events.filter((e) => e.type === 'linked')).toEqual([]);
  });

  it("a folder's own events never name its secondary children", async () => {
    const holder = await aFolder(server.api, shared.id);
    const hidden = await aFile(server.api, (await closedFolder()).id);
    ok(await link(holder.id, hidden.id), 201);
    const s = await as(mallory);
    ok(await server.api.put(`/nodes/${holder.id}`, { name: uniqueName('renamed') }));
    expect(await s.next(about('updated', holder.id))).toEqual(
      expect.objectContaining({ nodeId: holder.id, parentId: shared.id }),
    );
    ok(await server.api.delete(`/nodes/${holder.id}`), 204);
    await s.next(about('deleted', holder.id));
    await marker(s);
    neverNamed(s, [hidden.id]);
  });
});

describe('who may open a stream, and how (holds)', () => {
  it('Last-Event-ID: negative, fractional, hex, exponent or over 15 digits is a 400, never a 500', async () => {
    for (const bad of ['-1', '1.5', '0x10', '1e3', '9999999999999999', 'NaN']) {
      const s = await as(mallory, { 'last-event-id': bad });
      expect(s.status, bad).toBe(400);
    }
    const huge = await as(mallory, { 'last-event-id': '999999999999999' });
    expect((await huge.next(() => true)).type).toBe('reset');
  });

  it('?alf_ticket= is accepted here as on every other operation; an ended ticket is a 401', async () => {
    const login = await server.api.post(TICKETS, { userId: mallory.id, password: mallory.password }, { auth: null });
    const ticket = login.body.entry.id as string;
    expect((await server.api.get('/people/-me-', { auth: null, query: { alf_ticket: ticket } })).status).toBe(200);
    const s = await openEvents(server.baseUrl, {}, { alf_ticket: ticket });
    open.push(s);
    expect(s.status).toBe(200);
    await marker(s);
    const auth = { authorization: `Basic ${Buffer.from(ticket).toString('base64')}` };
    ok(await server.api.delete(`${TICKETS}/-me-`, { headers: auth, auth: null }), 204);
    await aFile(server.api, shared.id);
    await s.ended;
    const again = await openEvents(server.baseUrl, {}, { alf_ticket: ticket });
    expect(again.status).toBe(401);
  });

  it('a disabled person loses the open stream and cannot open another', async () => {
    const eve = await aUser(server.api);
    const s = await as(eve);
    await marker(s);
    ok(await server.api.put(`/people/${eve.id}`, { enabled: false }));
    const after = await aFile(server.api, shared.id);
    await s.ended;
    neverNamed(s, [after.id]);
    expect((await as(eve)).status).toBe(401);
  });
});

describe('connection caps (holds)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ EVENTS_MAX_CONNECTIONS: '4', EVENTS_MAX_CONNECTIONS_PER_USER: '2' });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const on = async (headers: Record<string, string>) => {
    const s = await openEvents(limited.baseUrl, headers);
    open.push(s);
    return s;
  };

  it('the per-person cap counts the person, however the user name is spelt', async () => {
    const carol = await aUser(limited.api);
    expect((await on(basic(carol.id, carol.password))).status).toBe(200);
    expect((await on(basic(carol.id.toUpperCase(), carol.password))).status).toBe(200);
    expect((await on(basic(carol.id, carol.password))).status).toBe(429);
    expect((await on(basic(carol.id.toUpperCase(), carol.password))).status).toBe(429);
  });

  it('streams whose client went away at once free their slots', async () => {
    const dave = await aUser(limited.api);
    for (let i = 0; i < 6; i++) (await on(basic(dave.id, dave.password))).close();
    // Gone before the answer began (a resume makes the server read the log before it answers).
    const headers = { ...basic(dave.id, dave.password), 'last-event-id': '1' };
    for (let i = 0; i < 6; i++) {
      const request = http.get(limited.baseUrl + EVENTS, { headers, agent: false });
      request.on('error', () => undefined);
      setImmediate(() => request.destroy());
    }
    // Not a timing: a pause so that the aborted requests reach the server before the count is read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect.poll(() => limited.app.events.hub.subscribers.size).toBe(0);
    // Both of the person's slots are free.
    expect((await on(basic(dave.id, dave.password))).status).toBe(200);
    expect((await on(basic(dave.id, dave.password))).status).toBe(200);
  });
});
