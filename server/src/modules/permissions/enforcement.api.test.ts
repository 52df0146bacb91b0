import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../testing/api-client.ts';
import { aFile, aFolder, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { contentFiles } from '../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Who may do what with whose nodes: alice owns the nodes, bob (and carol) are neither owners
// nor administrators. Every refused write is followed by a re-read as the administrator.

// Many cases in one file on purpose: it is the access matrix of every node endpoint.

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
/** bob's own folder and file, used as targets and sources of copies, moves and associations. */
let bobFolder: { id: string };
let bobFile: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  alice = await aUser(server.api, { id: 'alice' });
  bob = await aUser(server.api, { id: 'bob' });
  carol = await aUser(server.api, { id: 'carol' });
  bobFolder = await aFolder(bob.api, '-my-');
  bobFile = await aFile(bob.api, '-my-', 'bob owns this');
});
afterAll(() => server.close());

const text = { 'content-type': 'text/plain' };
const names = (res: ApiResponse) => res.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name);
const ids = (res: ApiResponse) => res.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id);
const grant = (owner: TestUser, nodeId: string, locallySet: object[], extra: object = {}) =>
  owner.api.put(`/nodes/${nodeId}`, { permissions: { locallySet, ...extra } }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
const role = (authorityId: string, name: string, accessStatus = 'ALLOWED') => ({ authorityId, name, accessStatus });

/** A folder with a subfolder, a versioned file (1.0, 1.1) with a rendition and a target, and a locked file. */
interface Tree {
  folder: { id: string };
  sub: { id: string };
  doc: { id: string };
  peer: { id: string };
  locked: { id: string };
}

async function aTree(owner: TestUser, parentId: string): Promise<Tree> {
  const folder = await aFolder(owner.api, parentId);
  const sub = await aFolder(owner.api, folder.id);
  const upload = await owner.api.upload(folder.id, 'doc.txt', 'version one', { renditions: 'doclib' });
  expect(upload.status).toBe(201);
  const doc = upload.body.entry as { id: string };
  expect((await owner.api.put(`/nodes/${doc.id}/content`, 'version two', { headers: text })).status).toBe(200);
  const peer = await aFile(owner.api, folder.id, 'peer');
  const target = await owner.api.post(`/nodes/${doc.id}/targets`, { targetId: peer.id, assocType: 'cm:references' });
  expect(target.status).toBe(201);
  const filed = await owner.api.post(`/nodes/${sub.id}/secondary-children`, {
    childId: peer.id,
    assocType: 'cm:contains',
  });
  expect(filed.status).toBe(201);
  const locked = await aFile(owner.api, folder.id, 'locked');
  expect((await owner.api.post(`/nodes/${locked.id}/lock`, {})).status).toBe(200);
  return { folder, sub, doc, peer, locked };
}

/** What the administrator sees of a tree: compared before and after every refused write. */
async function snapshot(t: Tree) {
  const admin = server.api;
  const node = async (id: string) => {
    const { entry } = (await admin.get(`/nodes/${id}`, { query: { include: 'permissions,isLocked' } })).body;
    return entry;
  };
  return {
    folder: await node(t.folder.id),
    doc: await node(t.doc.id),
    locked: await node(t.locked.id),
    children: ids(await admin.get(`/nodes/${t.folder.id}/children`)),
    subChildren: ids(await admin.get(`/nodes/${t.sub.id}/children`)),
    content: (await admin.get(`/nodes/${t.doc.id}/content`)).raw.toString(),
    versions: ids(await admin.get(`/nodes/${t.doc.id}/versions`)),
    targets: ids(await admin.get(`/nodes/${t.doc.id}/targets`)),
    secondary: ids(await admin.get(`/nodes/${t.sub.id}/secondary-children`)),
    bobFolder: ids(await admin.get(`/nodes/${bobFolder.id}/children`)),
    bobFileTargets: ids(await admin.get(`/nodes/${bobFile.id}/targets`)),
    bobFileParent: (await admin.get(`/nodes/${bobFile.id}`)).body.entry.parentId,
    files: await contentFiles(server.dataDir),
  };
}

type Call = (api: ApiClient, t: Tree) => Promise<ApiResponse>;

const READS: [string, Call][] = [
  ['GET node', (api, t) => api.get(`/nodes/${t.folder.id}`)],
  ['GET file node', (api, t) => api.get(`/nodes/${t.doc.id}`)],
  ['GET children', (api, t) => api.get(`/nodes/${t.folder.id}/children`)],
  ['GET content', (api, t) => api.get(`/nodes/${t.doc.id}/content`)],
  ['GET versions', (api, t) => api.get(`/nodes/${t.doc.id}/versions`)],
  ['GET version', (api, t) => api.get(`/nodes/${t.doc.id}/versions/1.0`)],
  ['GET version content', (api, t) => api.get(`/nodes/${t.doc.id}/versions/1.0/content`)],
  ['GET secondary-children', (api, t) => api.get(`/nodes/${t.sub.id}/secondary-children`)],
  ['GET parents', (api, t) => api.get(`/nodes/${t.peer.id}/parents`)],
  ['GET targets', (api, t) => api.get(`/nodes/${t.doc.id}/targets`)],
  ['GET sources', (api, t) => api.get(`/nodes/${t.peer.id}/sources`)],
  ['GET renditions', (api, t) => api.get(`/nodes/${t.doc.id}/renditions`)],
  ['GET rendition', (api, t) => api.get(`/nodes/${t.doc.id}/renditions/doclib`)],
];

const WRITES: [string, Call][] = [
  ['PUT node (rename)', (api, t) => api.put(`/nodes/${t.doc.id}`, { name: 'renamed.txt' })],
  ['PUT node (properties)', (api, t) => api.put(`/nodes/${t.folder.id}`, { properties: { 'cm:title': 'Mine' } })],
  [
    'PUT node (permissions)',
    (api, t) => api.put(`/nodes/${t.folder.id}`, { permissions: { locallySet: [role('bob', 'Coordinator')] } }),
  ],
  ['PUT node (cm:owner)', (api, t) => api.put(`/nodes/${t.doc.id}`, { properties: { 'cm:owner': 'bob' } })],
  ['DELETE file', (api, t) => api.delete(`/nodes/${t.doc.id}`)],
  ['DELETE folder', (api, t) => api.delete(`/nodes/${t.folder.id}`)],
  [
    'POST children (JSON)',
    (api, t) => api.post(`/nodes/${t.folder.id}/children`, { name: 'x', nodeType: 'cm:folder' }),
  ],
  ['POST children (upload)', (api, t) => api.upload(t.folder.id, 'up.txt', 'uploaded by someone else')],
  ['PUT content', (api, t) => api.put(`/nodes/${t.doc.id}/content`, 'overwritten', { headers: text })],
  ['copy out', (api, t) => api.post(`/nodes/${t.doc.id}/copy`, { targetParentId: bobFolder.id })],
  ['copy in', (api, t) => api.post(`/nodes/${bobFile.id}/copy`, { targetParentId: t.folder.id })],
  ['move out', (api, t) => api.post(`/nodes/${t.doc.id}/move`, { targetParentId: bobFolder.id })],
  ['move in', (api, t) => api.post(`/nodes/${bobFile.id}/move`, { targetParentId: t.folder.id })],
  ['lock', (api, t) => api.post(`/nodes/${t.doc.id}/lock`, {})],
  ['unlock', (api, t) => api.post(`/nodes/${t.locked.id}/unlock`)],
  ['revert version', (api, t) => api.post(`/nodes/${t.doc.id}/versions/1.0/revert`, {})],
  ['DELETE version', (api, t) => api.delete(`/nodes/${t.doc.id}/versions/1.0`)],
  [
    'POST secondary-children (parent)',
    (api, t) => api.post(`/nodes/${t.sub.id}/secondary-children`, { childId: bobFile.id, assocType: 'cm:contains' }),
  ],
  [
    'POST secondary-children (child)',
    (api, t) => api.post(`/nodes/${bobFolder.id}/secondary-children`, { childId: t.doc.id, assocType: 'cm:contains' }),
  ],
  ['DELETE secondary-children', (api, t) => api.delete(`/nodes/${t.sub.id}/secondary-children/${t.peer.id}`)],
  [
    'POST targets (source)',
    (api, t) => api.post(`/nodes/${t.doc.id}/targets`, { targetId: bobFile.id, assocType: 'cm:references' }),
  ],
  [
    'POST targets (target)',
    (api, t) => api.post(`/nodes/${bobFile.id}/targets`, { targetId: t.doc.id, assocType: 'cm:references' }),
  ],
  ['DELETE targets', (api, t) => api.delete(`/nodes/${t.doc.id}/targets/${t.peer.id}`)],
];

describe("bob on alice's private nodes", () => {
  const trees: Record<string, Tree> = {};
  beforeAll(async () => {
    trees.home = await aTree(alice, '-my-');
    // In Shared everyone may read and add children, unless a folder stops inheriting.
    const shared = await aFolder(alice.api, '-shared-');
    await grant(alice, shared.id, [], { isInheritanceEnabled: false });
    trees.shared = await aTree(alice, shared.id);
  });

  describe.each(['home', 'shared'])('in %s', (where) => {
    it.each(READS)('%s answers 403', async (_name, call) => {
      const res = await call(bob.api, trees[where]!);
      expect(res.status).toBe(403);
      expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
    });

    it.each(WRITES)('%s answers 403 and changes nothing', async (_name, call) => {
      const t = trees[where]!;
      const before = await snapshot(t);
      const res = await call(bob.api, t);
      expect(res.status).toBe(403);
      expect(res.body.error.statusCode).toBe(403);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  it('hides what lies behind relativePath (404, as for a missing name)', async () => {
    const open = await aFolder(alice.api, '-shared-', { name: uniqueName('open') });
    const closed = await aFolder(alice.api, open.id, { name: 'closed' });
    await aFolder(alice.api, closed.id, { name: 'inner' });
    await grant(alice, closed.id, [], { isInheritanceEnabled: false });
    expect((await bob.api.get(`/nodes/${closed.id}`)).status).toBe(403);
    const missing = await bob.api.get(`/nodes/${open.id}`, { query: { relativePath: 'nothing-here' } });
    expect(missing.status).toBe(404);
    for (const relativePath of ['closed', 'closed/inner', 'CLOSED']) {
      for (const res of [
        await bob.api.get(`/nodes/${open.id}`, { query: { relativePath } }),
        await bob.api.get(`/nodes/${open.id}/children`, { query: { relativePath } }),
      ]) {
        expect(res.status, relativePath).toBe(404);
        expect(res.body.error.errorKey).toBe(missing.body.error.errorKey);
      }
    }
    const before = ids(await server.api.get(`/nodes/${closed.id}/children`));
    const json = await bob.api.post(`/nodes/${open.id}/children`, {
      name: 'sneaky',
      nodeType: 'cm:folder',
      relativePath: 'closed',
    });
    expect(json.status).toBe(404);
    const multipart = await bob.api.upload(open.id, 'sneaky.txt', 'x', { relativePath: 'closed/inner' });
    expect(multipart.status).toBe(404);
    expect(ids(await server.api.get(`/nodes/${closed.id}/children`))).toEqual(before);
    expect((await bob.api.get(`/nodes/${open.id}/children`)).body.list.pagination.totalItems).toBe(0);
  });
});

type Role = 'Consumer' | 'Contributor' | 'Editor' | 'Collaborator' | 'Coordinator';
const ROLES: Role[] = ['Consumer', 'Contributor', 'Editor', 'Collaborator', 'Coordinator'];
const can = (r: Role) => ({
  read: true,
  create: r !== 'Consumer' && r !== 'Editor',
  write: r === 'Editor' || r === 'Collaborator' || r === 'Coordinator',
  full: r === 'Coordinator',
});

describe.each(ROLES)('bob as %s of a folder in alice’s home', (roleName) => {
  const may = can(roleName);
  let t: Tree;
  beforeAll(async () => {
    t = await aTree(alice, '-my-');
    await grant(alice, t.folder.id, [role('bob', roleName)]);
  });

  it('reads everything (Consumer and above)', async () => {
    for (const [name, call] of READS) expect((await call(bob.api, t)).status, name).toBe(200);
    expect(names(await bob.api.get(`/nodes/${t.folder.id}/children`))).toEqual(
      names(await alice.api.get(`/nodes/${t.folder.id}/children`)),
    );
    const copy = await bob.api.post(`/nodes/${t.doc.id}/copy`, { targetParentId: bobFolder.id, name: uniqueName() });
    expect(copy.status).toBe(201);
  });

  it('shows allowableOperations and permissions as the role allows', async () => {
    const q = { query: { include: 'allowableOperations,permissions' } };
    const folder = (await bob.api.get(`/nodes/${t.folder.id}`, q)).body.entry;
    const doc = (await bob.api.get(`/nodes/${t.doc.id}`, q)).body.entry;
    const folderOps = [
      ...(may.full ? ['delete'] : []),
      ...(may.write ? ['update'] : []),
      ...(may.create ? ['create'] : []),
      ...(may.full ? ['updatePermissions'] : []),
    ];
    const docOps = folderOps.filter((op) => op !== 'create');
    for (const [entry, ops] of [
      [folder, folderOps],
      [doc, docOps],
    ] as const) {
      if (ops.length) expect(entry.allowableOperations).toEqual(ops);
      else expect(entry).not.toHaveProperty('allowableOperations');
    }
    if (roleName === 'Consumer') {
      expect(folder).not.toHaveProperty('permissions');
    } else {
      expect(folder.permissions.locallySet).toEqual([expect.objectContaining(role('bob', roleName))]);
      expect(doc.permissions.inherited).toEqual(
        expect.arrayContaining([expect.objectContaining({ authorityId: 'bob', name: roleName })]),
      );
    }
    const listed = await bob.api.get(`/nodes/${t.folder.id}/children`, q);
    const listedDoc = listed.body.list.entries.find((e: { entry: { id: string } }) => e.entry.id === t.doc.id).entry;
    expect(listedDoc.allowableOperations ?? []).toEqual(docOps);
    expect('permissions' in listedDoc).toBe(roleName !== 'Consumer');
  });

  it(`${may.create ? 'creates' : 'cannot create'} children, and fully controls what it creates`, async () => {
    const before = await snapshot(t);
    const json = await bob.api.post(`/nodes/${t.folder.id}/children`, { name: uniqueName(), nodeType: 'cm:folder' });
    const upload = await bob.api.upload(t.folder.id, `${uniqueName()}.txt`, 'from bob');
    const filed = await bob.api.post(`/nodes/${t.sub.id}/secondary-children`, {
      childId: bobFile.id,
      assocType: 'cm:contains',
    });
    for (const res of [json, upload, filed]) expect(res.status).toBe(may.create ? 201 : 403);
    if (!may.create) {
      expect(await snapshot(t)).toEqual(before);
      return;
    }
    const mine = json.body.entry.id as string;
    expect((await bob.api.put(`/nodes/${mine}`, { properties: { 'cm:title': 'Mine' } })).status).toBe(200);
    expect((await bob.api.delete(`/nodes/${upload.body.entry.id}`)).status).toBe(204);
    expect((await bob.api.delete(`/nodes/${t.sub.id}/secondary-children/${bobFile.id}`)).status).toBe(204);
    // Owners keep full control even after the grant is gone.
    await grant(alice, t.folder.id, []);
    expect((await bob.api.get(`/nodes/${t.folder.id}`)).status).toBe(403);
    expect((await bob.api.get(`/nodes/${mine}`)).status).toBe(200);
    expect((await bob.api.delete(`/nodes/${mine}`)).status).toBe(204);
    await grant(alice, t.folder.id, [role('bob', roleName)]);
  });

  it(`${may.write ? 'edits' : 'cannot edit'} alice's items`, async () => {
    const before = await snapshot(t);
    const props = await bob.api.put(`/nodes/${t.doc.id}`, { properties: { 'cm:title': 'By bob' } });
    const content = await bob.api.put(`/nodes/${t.doc.id}/content`, 'edited by bob', { headers: text });
    const target = await bob.api.post(`/nodes/${t.doc.id}/targets`, {
      targetId: bobFile.id,
      assocType: 'cm:references',
    });
    const revert = await bob.api.post(`/nodes/${t.doc.id}/versions/1.0/revert`, {});
    const statuses = [props, content, target, revert].map((res) => res.status);
    expect(statuses).toEqual(may.write ? [200, 200, 201, 200] : [403, 403, 403, 403]);
    if (!may.write) {
      expect(await snapshot(t)).toEqual(before);
      return;
    }
    expect((await alice.api.get(`/nodes/${t.doc.id}`)).body.entry.properties['cm:title']).toBe('By bob');
    expect((await alice.api.get(`/nodes/${t.doc.id}/content`)).raw.toString()).toBe('version one');
    // Editing is not owning: bob cannot make himself the owner or change permissions.
    const owner = await bob.api.put(`/nodes/${t.doc.id}`, { properties: { 'cm:owner': 'bob' } });
    expect(owner.status).toBe(may.full ? 200 : 403);
    if (may.full) await alice.api.put(`/nodes/${t.doc.id}`, { properties: { 'cm:owner': 'alice' } });
  });

  it(`${may.write ? 'locks' : 'cannot lock'} files; only Coordinators unlock alice's lock`, async () => {
    const lock = await bob.api.post(`/nodes/${t.doc.id}/lock`, {});
    expect(lock.status).toBe(may.write ? 200 : 403);
    if (may.write) expect((await bob.api.post(`/nodes/${t.doc.id}/unlock`)).status).toBe(200);
    const unlock = await bob.api.post(`/nodes/${t.locked.id}/unlock`);
    expect(unlock.status).toBe(may.full ? 200 : 403);
    expect(
      (await server.api.get(`/nodes/${t.locked.id}`, { query: { include: 'isLocked' } })).body.entry.isLocked,
    ).toBe(!may.full);
  });

  it(`${may.full ? 'deletes' : 'cannot delete'} alice's items or change permissions`, async () => {
    const before = await snapshot(t);
    const perms = await bob.api.put(`/nodes/${t.sub.id}`, { permissions: { locallySet: [role('carol', 'Consumer')] } });
    expect(perms.status).toBe(may.full ? 200 : 403);
    const version = await bob.api.delete(`/nodes/${t.doc.id}/versions/1.0`);
    const move = await bob.api.post(`/nodes/${t.peer.id}/move`, { targetParentId: bobFolder.id });
    const del = await bob.api.delete(`/nodes/${t.doc.id}`);
    const statuses = [version, move, del].map((res) => res.status);
    expect(statuses).toEqual(may.full ? [204, 200, 204] : [403, 403, 403]);
    if (!may.full) {
      expect(await snapshot(t)).toEqual(before);
      return;
    }
    expect((await carol.api.get(`/nodes/${t.sub.id}`)).status).toBe(200);
    expect((await server.api.get(`/nodes/${t.doc.id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${t.peer.id}`)).body.entry.parentId).toBe(bobFolder.id);
  });
});

describe('DENIED entries and inheritance', () => {
  it('a DENIED entry for bob beats an ALLOWED for GROUP_EVERYONE inherited from above', async () => {
    const x = await aFolder(alice.api, '-shared-');
    const y = await aFolder(alice.api, x.id);
    const file = await aFile(alice.api, y.id, 'secret');
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(200);
    await grant(alice, x.id, [role('bob', 'Consumer', 'DENIED')]);
    for (const id of [x.id, y.id, file.id]) {
      expect((await bob.api.get(`/nodes/${id}`)).status, id).toBe(403);
      expect((await carol.api.get(`/nodes/${id}`)).status, id).toBe(200);
    }
    expect((await bob.api.get(`/nodes/${file.id}/content`)).status).toBe(403);
    const shared = await bob.api.get('/nodes/-shared-/children', { query: { maxItems: 1000 } });
    expect(ids(shared)).not.toContain(x.id);
    expect(ids(await carol.api.get('/nodes/-shared-/children', { query: { maxItems: 1000 } }))).toContain(x.id);
    // A nearer ALLOWED for bob himself wins over the DENIED further up.
    await grant(alice, y.id, [role('bob', 'Consumer')]);
    expect((await bob.api.get(`/nodes/${y.id}`)).status).toBe(200);
    expect((await bob.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('secret');
    expect((await bob.api.get(`/nodes/${x.id}`)).status).toBe(403);
  });

  it('a DENIED entry for a group bob is in denies bob, whatever GROUP_EVERYONE is allowed', async () => {
    const group = await server.api.post('/groups', { id: uniqueName('denied'), displayName: 'Denied' });
    const groupId = group.body.entry.id as string;
    expect((await server.api.post(`/groups/${groupId}/members`, { id: 'bob', memberType: 'PERSON' })).status).toBe(201);
    const folder = await aFolder(alice.api, '-shared-');
    await grant(alice, folder.id, [role(groupId, 'Read', 'DENIED'), role('GROUP_EVERYONE', 'Consumer')]);
    expect((await bob.api.get(`/nodes/${folder.id}`)).status).toBe(403);
    expect((await carol.api.get(`/nodes/${folder.id}`)).status).toBe(200);
  });

  it('switching inheritance off hides the grants from above', async () => {
    const p = await aFolder(alice.api, '-shared-');
    const q = await aFolder(alice.api, p.id);
    const file = await aFile(alice.api, q.id);
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(200);
    await grant(alice, q.id, [], { isInheritanceEnabled: false });
    for (const id of [q.id, file.id]) {
      expect((await bob.api.get(`/nodes/${id}`)).status).toBe(403);
      expect((await carol.api.get(`/nodes/${id}`)).status).toBe(403);
    }
    expect((await bob.api.get(`/nodes/${p.id}/children`)).body.list.pagination.totalItems).toBe(0);
    const perms = (await alice.api.get(`/nodes/${q.id}`, { query: { include: 'permissions' } })).body.entry.permissions;
    expect(perms.isInheritanceEnabled).toBe(false);
    expect(perms).not.toHaveProperty('inherited');
    // alice owns them: she keeps full control.
    expect((await alice.api.get(`/nodes/${file.id}/content`)).status).toBe(200);
    await grant(alice, q.id, [], { isInheritanceEnabled: true });
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(200);
  });
});

describe('listings', () => {
  let folder: { id: string };
  const visible = ['item-1', 'item-3', 'item-6', 'item-8'];
  beforeAll(async () => {
    folder = await aFolder(alice.api, '-shared-');
    // Folders item-2, 3, 6 and 7, files the others; items 2, 4, 5 and 7 are private.
    for (let i = 1; i <= 8; i += 1) {
      const child = [2, 3, 6, 7].includes(i)
        ? await aFolder(alice.api, folder.id, { name: `item-${i}` })
        : await aFile(alice.api, folder.id, 'x', `item-${i}`);
      if (!visible.includes(`item-${i}`)) await grant(alice, child.id, [], { isInheritanceEnabled: false });
    }
  });

  it('shows only readable children, with totalItems and hasMoreItems right on every page', async () => {
    const seen: string[] = [];
    for (let skipCount = 0; skipCount <= 4; skipCount += 2) {
      const page = await bob.api.get(`/nodes/${folder.id}/children`, {
        query: { skipCount, maxItems: 2, orderBy: 'name' },
      });
      expect(page.body.list.pagination).toEqual({
        count: Math.min(2, 4 - skipCount),
        hasMoreItems: skipCount + 2 < 4,
        totalItems: 4,
        skipCount,
        maxItems: 2,
      });
      seen.push(...names(page));
    }
    expect(seen).toEqual(visible);
    const all = await server.api.get(`/nodes/${folder.id}/children`, { query: { maxItems: 3 } });
    expect(all.body.list.pagination).toMatchObject({ totalItems: 8, hasMoreItems: true });
    const three = await bob.api.get(`/nodes/${folder.id}/children`, { query: { maxItems: 3, orderBy: 'name DESC' } });
    expect(names(three)).toEqual(['item-8', 'item-6', 'item-3']);
    expect(three.body.list.pagination).toMatchObject({ count: 3, totalItems: 4, hasMoreItems: true });
  });

  it('counts readable children under a where filter too', async () => {
    const folders = await bob.api.get(`/nodes/${folder.id}/children`, {
      query: { where: '(isFolder=true)', maxItems: 1 },
    });
    expect(names(folders)).toEqual(['item-3']);
    expect(folders.body.list.pagination).toMatchObject({ totalItems: 2, hasMoreItems: true });
    const files = await bob.api.get(`/nodes/${folder.id}/children`, { query: { where: '(isFile=true)' } });
    expect(names(files)).toEqual(['item-1', 'item-8']);
  });

  it('shows only readable parents, targets and sources', async () => {
    const open = await aFile(alice.api, folder.id, 'open');
    const privateFolder = await aFolder(alice.api, '-my-');
    const privateFile = await aFile(alice.api, privateFolder.id, 'closed');
    await alice.api.post(`/nodes/${privateFolder.id}/secondary-children`, {
      childId: open.id,
      assocType: 'cm:contains',
    });
    await alice.api.post(`/nodes/${open.id}/targets`, { targetId: privateFile.id, assocType: 'cm:references' });
    await alice.api.post(`/nodes/${privateFile.id}/targets`, { targetId: open.id, assocType: 'cm:attachments' });
    const parents = await bob.api.get(`/nodes/${open.id}/parents`);
    expect(ids(parents)).toEqual([folder.id]);
    expect(parents.body.list.pagination.totalItems).toBe(1);
    const targets = await bob.api.get(`/nodes/${open.id}/targets`);
    expect(targets.body.list.pagination.totalItems).toBe(0);
    const sources = await bob.api.get(`/nodes/${open.id}/sources`);
    expect(sources.body.list.pagination.totalItems).toBe(0);
    expect(ids(await alice.api.get(`/nodes/${open.id}/targets`))).toEqual([privateFile.id]);
  });
});

describe('allowableOperations and permissions per caller', () => {
  const q = { query: { include: 'allowableOperations,permissions' } };
  const entry = async (api: ApiClient, id: string) => (await api.get(`/nodes/${id}`, q)).body.entry;

  it('follows the fact sheet on the standard nodes and on own nodes', async () => {
    const root = await entry(bob.api, '-root-');
    expect(root).not.toHaveProperty('allowableOperations');
    expect(root).not.toHaveProperty('permissions');
    const shared = await entry(bob.api, '-shared-');
    expect(shared.allowableOperations).toEqual(['create']);
    expect(shared.permissions.locallySet).toEqual([expect.objectContaining(role('GROUP_EVERYONE', 'Contributor'))]);
    expect((await entry(bob.api, '-my-')).allowableOperations).toEqual([
      'delete',
      'update',
      'create',
      'updatePermissions',
    ]);
    expect((await entry(bob.api, bobFile.id)).allowableOperations).toEqual(['delete', 'update', 'updatePermissions']);
    expect((await entry(server.api, '-root-')).allowableOperations).toEqual(['update', 'create', 'updatePermissions']);
  });

  it("shows another person's folder in Shared as ['create'] and their file with none", async () => {
    const folder = await aFolder(alice.api, '-shared-');
    const file = await aFile(alice.api, folder.id);
    expect((await entry(bob.api, folder.id)).allowableOperations).toEqual(['create']);
    const bobsView = await entry(bob.api, file.id);
    expect(bobsView).not.toHaveProperty('allowableOperations');
    expect(bobsView.permissions.inherited).toEqual([expect.objectContaining(role('GROUP_EVERYONE', 'Contributor'))]);
    expect((await entry(alice.api, file.id)).allowableOperations).toEqual(['delete', 'update', 'updatePermissions']);
  });

  it('stops path above the nearest ancestor the caller cannot read (isComplete false)', async () => {
    const a = await aFolder(alice.api, '-my-');
    const b = await aFolder(alice.api, a.id);
    const c = await aFolder(alice.api, b.id);
    const file = await aFile(alice.api, c.id);
    await grant(alice, b.id, [role('bob', 'Consumer')]);
    const full = (await alice.api.get(`/nodes/${c.id}`, { query: { include: 'path' } })).body.entry.path;
    expect(full.isComplete).toBe(true);
    expect(full.elements.map((e: { name: string }) => e.name)).toEqual([
      'Company Home',
      'User Homes',
      'alice',
      a.name,
      b.name,
    ]);
    const partial = (await bob.api.get(`/nodes/${c.id}`, { query: { include: 'path' } })).body.entry.path;
    expect(partial.isComplete).toBe(false);
    expect(partial.elements.map((e: { id: string }) => e.id)).toEqual([b.id]);
    expect(partial.name).toBe(`/${b.name}`);
    const top = (await bob.api.get(`/nodes/${b.id}`, { query: { include: 'path' } })).body.entry.path;
    expect(top).toEqual({ isComplete: false });
    const listed = await bob.api.get(`/nodes/${c.id}/children`, { query: { include: 'path' } });
    expect(listed.body.list.entries[0].entry.id).toBe(file.id);
    expect(listed.body.list.entries[0].entry.path).toMatchObject({ isComplete: false, name: `/${b.name}/${c.name}` });
  });
});

describe('copy and move', () => {
  it('copies only what the caller can read, and counts the copied children right', async () => {
    const source = await aFolder(alice.api, '-shared-');
    await aFile(alice.api, source.id, 'a', 'a.txt');
    await aFile(alice.api, source.id, 'b', 'b.txt');
    const hiddenFile = await aFile(alice.api, source.id, 'h', 'hidden.txt');
    const sub = await aFolder(alice.api, source.id, { name: 'sub' });
    await aFile(alice.api, sub.id, 't', 't.txt');
    const hiddenFolder = await aFolder(alice.api, source.id, { name: 'hidden-folder' });
    await aFile(alice.api, hiddenFolder.id, 'hh', 'deep.txt');
    for (const id of [hiddenFile.id, hiddenFolder.id]) await grant(alice, id, [], { isInheritanceEnabled: false });

    const copy = await bob.api.post(`/nodes/${source.id}/copy`, { targetParentId: bobFolder.id });
    expect(copy.status).toBe(201);
    const copyId = copy.body.entry.id as string;
    expect(names(await bob.api.get(`/nodes/${copyId}/children`))).toEqual(['sub', 'a.txt', 'b.txt']);
    // The administrator sees the same children, counted right on every page.
    const page = await server.api.get(`/nodes/${copyId}/children`, { query: { maxItems: 1 } });
    expect(page.body.list.pagination).toMatchObject({ count: 1, totalItems: 3, hasMoreItems: true });
    const last = await server.api.get(`/nodes/${copyId}/children`, { query: { skipCount: 2, maxItems: 1 } });
    expect(last.body.list.pagination).toMatchObject({ count: 1, totalItems: 3, hasMoreItems: false });
    const copiedSub = (await bob.api.get(`/nodes/${copyId}/children`)).body.list.entries[0].entry.id as string;
    expect(names(await bob.api.get(`/nodes/${copiedSub}/children`))).toEqual(['t.txt']);
  });

  it("moving a folder under a differently permissioned parent changes who reads what's below at once", async () => {
    const moving = await aFolder(alice.api, '-shared-');
    const deep1 = await aFolder(alice.api, moving.id);
    const deep2 = await aFolder(alice.api, deep1.id);
    const file = await aFile(alice.api, deep2.id, 'deep');
    // deep1 has an entry of its own (it defines an ACL while inheriting).
    await grant(alice, deep1.id, [role('carol', 'Consumer')]);
    const privateFolder = await aFolder(alice.api, '-my-');
    for (const id of [moving.id, deep2.id, file.id]) expect((await bob.api.get(`/nodes/${id}`)).status).toBe(200);

    expect((await alice.api.post(`/nodes/${moving.id}/move`, { targetParentId: privateFolder.id })).status).toBe(200);
    for (const id of [moving.id, deep1.id, deep2.id, file.id]) {
      expect((await bob.api.get(`/nodes/${id}`)).status, id).toBe(403);
    }
    expect((await bob.api.get(`/nodes/${file.id}/content`)).status).toBe(403);
    expect((await carol.api.get(`/nodes/${moving.id}`)).status).toBe(403);
    expect((await carol.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('deep');

    const shared = (await alice.api.get('/nodes/-shared-')).body.entry.id as string;
    expect((await alice.api.post(`/nodes/${moving.id}/move`, { targetParentId: shared })).status).toBe(200);
    expect((await bob.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('deep');
  });

  it('a permission change on a folder reaches a deep descendant at once, through nested ACLs', async () => {
    const top = await aFolder(alice.api, '-my-');
    let parent = top;
    const chain: { id: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      parent = await aFolder(alice.api, parent.id);
      chain.push(parent);
    }
    // A nested folder with entries of its own sits between the top and the file.
    await grant(alice, chain[1]!.id, [role('carol', 'Consumer')]);
    const file = await aFile(alice.api, parent.id, 'deep down');
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(403);

    await grant(alice, top.id, [role('bob', 'Consumer')]);
    expect((await bob.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('deep down');
    expect(ids(await bob.api.get(`/nodes/${parent.id}/children`))).toEqual([file.id]);

    await grant(alice, top.id, [role('bob', 'Consumer', 'DENIED')]);
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(403);
    await grant(alice, top.id, []);
    expect((await bob.api.get(`/nodes/${file.id}`)).status).toBe(403);
    expect((await carol.api.get(`/nodes/${file.id}`)).status).toBe(200);
  });
});

describe('administrator-only endpoints', () => {
  it('refuse non-administrators with 403 and change nothing', async () => {
    const person = { id: uniqueName('p'), firstName: 'P', email: 'p@example.com', password: 'pw-long-enough' };
    expect((await bob.api.post('/people', person)).status).toBe(403);
    expect((await server.api.get(`/people/${person.id}`)).status).toBe(404);
    expect((await bob.api.post('/groups', { id: 'GROUP_by-bob', displayName: 'By bob' })).status).toBe(403);
    expect((await server.api.get('/groups/GROUP_by-bob')).status).toBe(404);
    const group = (await server.api.post('/groups', { id: uniqueName('g'), displayName: 'G' })).body.entry.id as string;
    expect((await server.api.post(`/groups/${group}/members`, { id: 'carol', memberType: 'PERSON' })).status).toBe(201);
    expect((await bob.api.post(`/groups/${group}/members`, { id: 'bob', memberType: 'PERSON' })).status).toBe(403);
    expect((await bob.api.delete(`/groups/${group}/members/carol`)).status).toBe(403);
    expect((await bob.api.delete(`/groups/${group}`)).status).toBe(403);
    expect(ids(await server.api.get(`/groups/${group}/members`))).toEqual(['carol']);
    expect((await bob.api.put('/people/carol', { enabled: false })).status).toBe(403);
    expect((await carol.api.get('/people/-me-')).status).toBe(200);
  });
});
