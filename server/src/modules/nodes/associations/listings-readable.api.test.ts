import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName, type TestUser } from '../../../testing/builders.ts';
import { aMember, aSite, documentLibrary } from '../../../testing/site-builders.ts';
import { listPages } from '../../../testing/list-pages.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// The association listings filter what the caller may read in SQL (acl-sql.ts aclReadable on the
// node's effective ACL, or ownership). The rule they must agree with is the one every other read
// applies in memory (access.service.ts): GET /nodes/{id} as the same caller is the oracle here.
// Two readers see the same cases: one in a few groups, and one in 600 more (jsonList passes a
// list past 500 values as one JSON parameter instead of a parameter each).

let server: TestServer;
let bob: TestUser;
let many: TestUser;
let team: string;
const FILLERS = 600;
const filler = (i: number) => `GROUP_filler-${i}`;

beforeAll(async () => {
  server = await startTestServer();
  bob = await aUser(server.api);
  many = await aUser(server.api);
  const created = await server.api.post('/groups', { id: uniqueName('team'), displayName: 'Team' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  team = created.body.entry.id as string;
  for (const who of [bob, many]) {
    const added = await server.api.post(`/groups/${team}/members`, { id: who.id, memberType: 'PERSON' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  // 600 groups, `many` in each, written directly (through the API they would take a while).
  const now = Date.now();
  const groups = Array.from({ length: FILLERS }, (_, i) => filler(i));
  await server.app.database.db
    .insertInto('groups')
    .values(groups.map((id) => ({ id, idKey: id.toLowerCase(), displayName: id, description: null, createdAt: now })))
    .execute();
  await server.app.database.db
    .insertInto('groupMembers')
    .values(groups.map((groupId) => ({ groupId, memberId: many.id, memberType: 'PERSON' as const, createdAt: now })))
    .execute();
}, 60_000);
afterAll(() => server.close());

const ids = (res: ApiResponse) => (res.body.list.entries as { entry: { id: string } }[]).map((e) => e.entry.id);

type Entry = { authorityId: string; name: string; accessStatus?: 'ALLOWED' | 'DENIED' };
const allow = (authorityId: string, name = 'Consumer'): Entry => ({ authorityId, name, accessStatus: 'ALLOWED' });
const deny = (authorityId: string, name = 'Read'): Entry => ({ authorityId, name, accessStatus: 'DENIED' });

async function permit(id: string, locallySet: Entry[], isInheritanceEnabled = true) {
  const res = await server.api.put(`/nodes/${id}`, { permissions: { locallySet, isInheritanceEnabled } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function folderWith(parentId: string, locallySet: Entry[], isInheritanceEnabled = true) {
  const folder = await aFolder(server.api, parentId);
  await permit(folder.id, locallySet, isInheritanceEnabled);
  return folder.id;
}

async function ownedBy(parentId: string, who: TestUser, file = false) {
  const id = file ? (await aFile(server.api, parentId)).id : (await aFolder(server.api, parentId)).id;
  const res = await server.api.put(`/nodes/${id}`, { properties: { 'cm:owner': who.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

/** What GET /nodes/{id} (the in-memory rule) lets the caller read, of these ids, in their order. */
async function oracle(api: ApiClient, of: string[]): Promise<string[]> {
  const statuses = await Promise.all(of.map(async (id) => (await api.get(`/nodes/${id}`)).status));
  for (const s of statuses) expect([200, 403]).toContain(s);
  return of.filter((_, i) => statuses[i] === 200);
}

describe('association listings filter as the in-memory rule does', () => {
  /** The cases, each a folder (so it may be any end of any listing), and whether each reader may read it. */
  const cases: { name: string; id: string; bob: boolean; many: boolean }[] = [];
  /** Files that have no ACL of their own (they use their primary parent's). */
  const files: { name: string; id: string; bob: boolean; many: boolean }[] = [];
  let trashed: string[];
  let hub: string;
  let asked: string;

  beforeAll(async () => {
    const add = (name: string, id: string, forBob: boolean, forMany = forBob) =>
      cases.push({ name, id, bob: forBob, many: forMany });
    const everyone = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Consumer' });
    const closed = await folderWith('-root-', [], false);
    add('GROUP_EVERYONE Consumer', everyone.id, true);
    add('inheritance off, no entries', closed, false);
    add('a group of theirs Consumer', await folderWith(closed, [allow(team)]), true);
    const deniedPerson = await folderWith(everyone.id, [deny(bob.id), deny(many.id)]);
    add('Read DENIED to the person, EVERYONE allowed above', deniedPerson, false);
    add(
      'DENIED to the person, Consumer to EVERYONE on the same level',
      await folderWith(closed, [allow('GROUP_EVERYONE'), deny(bob.id), deny(many.id)]),
      false,
    );
    const deniedGroup = await folderWith(closed, [allow(bob.id), allow(many.id), deny(team)]);
    add('Consumer to the person, Read DENIED to a group of theirs', deniedGroup, false);
    add('inherits a DENIED to a group of theirs', await folderWith(deniedGroup, []), false);
    add(
      'DENIED to a group they are not in',
      await folderWith(closed, [allow(team), deny('GROUP_ALFRESCO_ADMINISTRATORS')]),
      true,
    );
    add('Write DENIED only', await folderWith(closed, [allow(team), deny(team, 'Write')]), true);
    add(
      'ALLOWED to the person nearer than a DENIED',
      await folderWith(deniedPerson, [allow(bob.id), allow(many.id)]),
      true,
    );
    add(
      'inheritance off below a DENIED, Consumer to a group',
      await folderWith(deniedPerson, [allow(team)], false),
      true,
    );
    add('inheritance off below a readable folder', await folderWith(everyone.id, [], false), false);
    add('owned by bob, unreadable otherwise', await ownedBy(closed, bob), true, false);
    add('owned by many, unreadable otherwise', await ownedBy(closed, many), false, true);
    add('owned by bob, Read DENIED to bob', await ownedBy(deniedPerson, bob), true, false);
    add('Consumer to the 600th extra group', await folderWith(closed, [allow(filler(FILLERS - 1))]), false, true);
    add('Read DENIED to an extra group', await folderWith(everyone.id, [deny(filler(7))]), true, false);
    // Sites: members read the documentLibrary of a private site through its groups; others do not.
    const member = await aSite(server.api, { visibility: 'PRIVATE' });
    await aMember(server.api, member.id, bob.id, 'SiteConsumer');
    await aMember(server.api, member.id, many.id, 'SiteConsumer');
    const stranger = await aSite(server.api, { visibility: 'PRIVATE' });
    add('private site, a member', (await aFolder(server.api, await documentLibrary(server.api, member.id))).id, true);
    add(
      'private site, not a member',
      (await aFolder(server.api, await documentLibrary(server.api, stranger.id))).id,
      false,
    );
    const publicSite = await aSite(server.api);
    add(
      'public site, not a member',
      (await aFolder(server.api, await documentLibrary(server.api, publicSite.id))).id,
      true,
    );

    // Files without an ACL of their own: readable as their primary parent is, wherever else they are filed.
    files.push({
      name: 'file in an unreadable folder',
      id: (await aFile(server.api, closed)).id,
      bob: false,
      many: false,
    });
    files.push({
      name: 'file in a readable folder',
      id: (await aFile(server.api, everyone.id)).id,
      bob: true,
      many: true,
    });
    files.push({
      name: 'file of bob in an unreadable folder',
      id: await ownedBy(closed, bob, true),
      bob: true,
      many: false,
    });
    const acls = await server.app.database.db
      .selectFrom('nodes')
      .select('aclId')
      .where(
        'id',
        'in',
        files.map((f) => f.id),
      )
      .execute();
    expect(acls.map((a) => a.aclId)).toEqual([null, null, null]);

    hub = await folderWith('-root-', [allow(team)]);
    asked = (await aFile(server.api, hub)).id;
    // In the trash, at the other end: a folder, and a file whose primary parent is in the trash.
    const gone = (await aFolder(server.api, everyone.id)).id;
    const below = await aFolder(server.api, everyone.id);
    const goneFile = (await aFile(server.api, below.id)).id;
    trashed = [gone, below.id, goneFile];

    // Every case (and file) is a target of the hub, a source of `asked`, a secondary child of the
    // hub and (the folders) a secondary parent of `asked`; half the peer ones cm:attachments.
    const others = [...cases, ...files].map((c) => c.id);
    for (const [i, id] of [...others, ...trashed].entries()) {
      const type = i % 2 === 0 ? 'cm:references' : 'cm:attachments';
      const isFolder = !files.some((f) => f.id === id) && id !== goneFile;
      const links = [
        server.api.post(`/nodes/${hub}/targets`, { targetId: id, assocType: type }),
        server.api.post(`/nodes/${id}/targets`, { targetId: asked, assocType: type }),
        server.api.post(`/nodes/${hub}/secondary-children`, { childId: id, assocType: 'cm:contains' }),
        ...(isFolder
          ? [server.api.post(`/nodes/${id}/secondary-children`, { childId: asked, assocType: 'cm:contains' })]
          : []),
      ];
      for (const link of links) {
        const res = await link;
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
    }
    expect((await server.api.delete(`/nodes/${gone}`)).status).toBe(204);
    expect((await server.api.delete(`/nodes/${below.id}`)).status).toBe(204);
  }, 120_000);

  const readers = () =>
    [
      ['bob (a few groups)', bob, 'bob'],
      ['many (600 more groups)', many, 'many'],
    ] as const;

  it('sets up cases the oracle agrees with', async () => {
    for (const [, who, key] of readers()) {
      const all = [...cases, ...files];
      const readable = await oracle(
        who.api,
        all.map((c) => c.id),
      );
      const named = (list: string[]) => all.filter((c) => list.includes(c.id)).map((c) => c.name);
      expect(named(readable)).toEqual(all.filter((c) => c[key]).map((c) => c.name));
    }
  });

  it.each([
    ['targets', () => `/nodes/${hub}/targets`, false],
    ['sources', () => `/nodes/${asked}/sources`, false],
    ['secondary-children', () => `/nodes/${hub}/secondary-children`, false],
    ['parents', () => `/nodes/${asked}/parents`, true],
  ])('%s: a reader sees what GET /nodes/{id} lets them read, paged alike', async (_, path, foldersOnly) => {
    const everything = (await listPages(server.api, path(), 1000)).seen;
    const others = foldersOnly ? cases.map((c) => c.id) : [...cases, ...files].map((c) => c.id);
    const primary = foldersOnly ? [hub] : [];
    expect(everything).toEqual(expect.arrayContaining([...primary, ...others]));
    expect(everything).toHaveLength(primary.length + others.length);
    for (const id of trashed) expect(everything).not.toContain(id);
    for (const [, who] of readers()) {
      const expected = await oracle(who.api, everything);
      for (const size of [1, 2, 3, 1000]) {
        expect(await listPages(who.api, path(), size)).toEqual({ seen: expected, totals: [expected.length] });
      }
      // Past the end: no entries, the same total.
      const past = await who.api.get(path(), { query: { skipCount: expected.length + 3, maxItems: 2 } });
      expect(past.body.list.pagination).toMatchObject({ count: 0, totalItems: expected.length, hasMoreItems: false });
      const last = await who.api.get(path(), { query: { skipCount: expected.length - 1, maxItems: 1 } });
      expect(last.body.list.pagination).toMatchObject({ count: 1, totalItems: expected.length, hasMoreItems: false });
      expect(ids(last)).toEqual(expected.slice(-1));
    }
  });

  it.each([
    ['targets', () => `/nodes/${hub}/targets`],
    ['sources', () => `/nodes/${asked}/sources`],
  ])('%s with where=(assocType=…): only that type, counted for the reader', async (_, path) => {
    for (const type of ['cm:references', 'cm:attachments', 'cm:original']) {
      const where = `(assocType='${type}')`;
      const everything = (await listPages(server.api, path(), 1000, { where })).seen;
      const all = await server.api.get(path(), { query: { include: 'association', maxItems: 1000 } });
      const ofType = (all.body.list.entries as { entry: { id: string; association: { assocType: string } } }[])
        .filter((e) => e.entry.association.assocType === type)
        .map((e) => e.entry.id);
      expect(everything).toEqual(ofType);
      for (const [, who] of readers()) {
        const expected = await oracle(who.api, everything);
        for (const size of [1, 4]) {
          expect(await listPages(who.api, path(), size, { where })).toEqual({
            seen: expected,
            totals: [expected.length],
          });
        }
      }
    }
  });

  it('parents: the primary parent first, isPrimary=true and false apart, maxItems 1 still counting the rest', async () => {
    for (const [, who] of readers()) {
      const expected = await oracle(who.api, (await listPages(server.api, `/nodes/${asked}/parents`, 1000)).seen);
      expect(expected[0]).toBe(hub);
      const first = await who.api.get(`/nodes/${asked}/parents`, { query: { maxItems: 1, include: 'association' } });
      expect(first.body.list.entries.map((e: { entry: object }) => e.entry)).toEqual([
        expect.objectContaining({ id: hub, association: { assocType: 'cm:contains', isPrimary: true } }),
      ]);
      expect(first.body.list.pagination).toMatchObject({ count: 1, totalItems: expected.length, hasMoreItems: true });
      expect(await listPages(who.api, `/nodes/${asked}/parents`, 2, { where: '(isPrimary=true)' })).toEqual({
        seen: [hub],
        totals: [1],
      });
      expect(await listPages(who.api, `/nodes/${asked}/parents`, 2, { where: '(isPrimary=false)' })).toEqual({
        seen: expected.slice(1),
        totals: [expected.length - 1],
      });
      const both = { where: "(assocType='cm:contains' AND isPrimary=false)" };
      expect(await listPages(who.api, `/nodes/${asked}/parents`, 3, both)).toEqual({
        seen: expected.slice(1),
        totals: [expected.length - 1],
      });
      const secondary = await who.api.get(`/nodes/${asked}/parents`, {
        query: { include: 'association', where: '(isPrimary=false)', maxItems: 1000 },
      });
      for (const e of secondary.body.list.entries) {
        expect(e.entry.association).toEqual({ assocType: 'cm:contains', isPrimary: false });
      }
    }
  });

  it('secondary-children and targets say their association (isPrimary false, none for peers)', async () => {
    const children = await bob.api.get(`/nodes/${hub}/secondary-children`, { query: { include: 'association' } });
    expect(children.body.list.entries.length).toBeGreaterThan(0);
    for (const e of children.body.list.entries) {
      expect(e.entry.association).toEqual({ assocType: 'cm:contains', isPrimary: false });
    }
    const targets = await bob.api.get(`/nodes/${hub}/targets`, { query: { include: 'association' } });
    for (const e of targets.body.list.entries) {
      expect(e.entry.association).toEqual({ assocType: expect.stringMatching(/^cm:(references|attachments)$/) });
    }
  });
});

describe('association listings at the edges', () => {
  it('parents of a node whose primary parent the reader may not read, and of root-level nodes and Company Home', async () => {
    const closed = await folderWith('-root-', [], false);
    const mine = await ownedBy(closed, bob, true);
    const open = [await folderWith('-root-', [allow(team)]), await folderWith('-root-', [allow(team)])];
    for (const id of open) {
      const res = await server.api.post(`/nodes/${id}/secondary-children`, { childId: mine, assocType: 'cm:contains' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect((await listPages(server.api, `/nodes/${mine}/parents`, 1)).seen).toEqual([closed, ...open]);
    for (const size of [1, 2, 5]) {
      expect(await listPages(bob.api, `/nodes/${mine}/parents`, size)).toEqual({ seen: open, totals: [2] });
      expect(await listPages(bob.api, `/nodes/${mine}/parents`, size, { where: '(isPrimary=false)' })).toEqual({
        seen: open,
        totals: [2],
      });
    }
    const primary = await bob.api.get(`/nodes/${mine}/parents`, { query: { where: '(isPrimary=true)' } });
    expect(primary.body.list.pagination).toMatchObject({ count: 0, totalItems: 0, hasMoreItems: false });
    const past = await bob.api.get(`/nodes/${mine}/parents`, { query: { skipCount: 2, maxItems: 1 } });
    expect(past.body.list.pagination).toMatchObject({ count: 0, totalItems: 2, hasMoreItems: false });

    // Company Home has no parent; a folder at the root has Company Home.
    for (const api of [server.api, bob.api]) {
      const home = await api.get('/nodes/-root-/parents', { query: { maxItems: 1 } });
      expect(home.status).toBe(200);
      expect(home.body.list.pagination).toMatchObject({ count: 0, totalItems: 0, hasMoreItems: false });
    }
    const rootId = (await server.api.get('/nodes/-root-')).body.entry.id as string;
    const top = await folderWith('-root-', [allow(team)]);
    const filed = await server.api.post(`/nodes/${open[0]}/secondary-children`, {
      childId: top,
      assocType: 'cm:contains',
    });
    expect(filed.status).toBe(201);
    const mayReadRoot = (await bob.api.get('/nodes/-root-')).status === 200;
    expect(await listPages(server.api, `/nodes/${top}/parents`, 1)).toEqual({ seen: [rootId, open[0]], totals: [2] });
    expect(await listPages(bob.api, `/nodes/${top}/parents`, 1)).toEqual(
      mayReadRoot ? { seen: [rootId, open[0]], totals: [2] } : { seen: [open[0]], totals: [1] },
    );
  });

  it('a change of ACL between pages: the next page and its total are as the listing is now', async () => {
    const hub = await folderWith('-root-', [allow(team)]);
    const folder = await folderWith('-root-', [allow(team)]);
    const linked: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = (await aFolder(server.api, folder)).id;
      linked.push(id);
      const res = await server.api.post(`/nodes/${hub}/targets`, { targetId: id, assocType: 'cm:references' });
      expect(res.status).toBe(201);
    }
    const first = await bob.api.get(`/nodes/${hub}/targets`, { query: { maxItems: 2 } });
    expect(ids(first)).toEqual(linked.slice(0, 2));
    expect(first.body.list.pagination).toMatchObject({ totalItems: 6, hasMoreItems: true });
    // linked[3] loses bob's access; then the whole folder does (its children inherit).
    await permit(linked[3]!, [deny(team)]);
    const second = await bob.api.get(`/nodes/${hub}/targets`, { query: { skipCount: 2, maxItems: 2 } });
    expect(ids(second)).toEqual([linked[2], linked[4]]);
    expect(second.body.list.pagination).toMatchObject({ count: 2, totalItems: 5, hasMoreItems: true });
    await permit(folder, [], false);
    const third = await bob.api.get(`/nodes/${hub}/targets`, { query: { skipCount: 4, maxItems: 2 } });
    expect(third.body.list.pagination).toMatchObject({ count: 0, totalItems: 0, hasMoreItems: false });
    await permit(folder, [allow(team)]);
    expect(await listPages(bob.api, `/nodes/${hub}/targets`, 4)).toEqual({
      seen: linked.filter((_, i) => i !== 3),
      totals: [5],
    });
  });

  it('the listed node: 404 when unknown or in the trash, 403 when unreadable, and nothing about its associations', async () => {
    const secret = await folderWith('-root-', [], false);
    const open = await folderWith('-root-', [allow(team)]);
    const res = await server.api.post(`/nodes/${secret}/targets`, { targetId: open, assocType: 'cm:references' });
    expect(res.status).toBe(201);
    const back = await server.api.post(`/nodes/${open}/targets`, { targetId: secret, assocType: 'cm:references' });
    expect(back.status).toBe(201);
    const filed = await server.api.post(`/nodes/${secret}/secondary-children`, {
      childId: open,
      assocType: 'cm:contains',
    });
    expect(filed.status).toBe(201);
    for (const listing of ['targets', 'sources', 'secondary-children', 'parents']) {
      const denied = await bob.api.get(`/nodes/${secret}/${listing}`);
      expect(denied.status, listing).toBe(403);
      expect(JSON.stringify(denied.body)).not.toContain(open);
      expect((await bob.api.get(`/nodes/no-such-node/${listing}`)).status).toBe(404);
    }
    // The open node's listings name nothing of the secret one, nor count it.
    for (const listing of ['targets', 'sources', 'parents']) {
      const seen = await bob.api.get(`/nodes/${open}/${listing}`, { query: { include: 'association,path' } });
      expect(seen.status).toBe(200);
      expect(JSON.stringify(seen.body)).not.toContain(secret);
      expect(seen.body.list.pagination.totalItems).toBe(listing === 'parents' ? 1 : 0);
    }
    // In the trash: 404 for everyone (admin too); the trash's other end leaves the listings.
    expect((await server.api.delete(`/nodes/${secret}`)).status).toBe(204);
    for (const listing of ['targets', 'sources', 'secondary-children', 'parents']) {
      expect((await server.api.get(`/nodes/${secret}/${listing}`)).status, listing).toBe(404);
    }
    for (const listing of ['targets', 'sources']) {
      const left = await server.api.get(`/nodes/${open}/${listing}`);
      expect(left.body.list.pagination).toMatchObject({ count: 0, totalItems: 0 });
    }
  });
});
