import { beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder } from '../../testing/builders.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { stalled } from '../../testing/stalled.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A permission change and a trash of the same node, or of the folder above it, at the same
// moment (through two instances on PostgreSQL), then a restore of what was trashed: the result
// is the one of a serial order. The node has the permissions the change answered for, everything
// below it the ACL they give, the search index's copy of each node's ACL and the node's last
// event agree with its row, and the grants are those the permissions give.

const t = serverWithPeer({
  people: ['bob', 'carl'],
  skippedOnSqlite:
    'a permission change and a trash or a restore held half-way: SQLite has one writer, so neither can be held half-way.',
});
let bob: ApiClient;
let carl: ApiClient;
beforeAll(() => {
  bob = t.server.api.as('bob', 'pw');
  carl = t.server.api.as('carl', 'pw');
});

const ROUNDS = 12;
const CLOSED = {
  permissions: {
    isInheritanceEnabled: false,
    locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }],
  },
};

/** shared (everyone reads) / p / f / {g / y.txt, x.txt} */
async function scene(shared: string) {
  const p = await aFolder(t.server.api, shared);
  const f = await aFolder(t.server.api, p.id, { name: 'f' });
  const g = await aFolder(t.server.api, f.id, { name: 'g' });
  const x = await aFile(t.server.api, f.id, 'x', 'x.txt');
  const y = await aFile(t.server.api, g.id, 'y', 'y.txt');
  return { p: p.id, f: f.id, g: g.id, x: x.id, y: y.id };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** What a serial order gives: with the change, only bob reads below f; without it, everyone. */
async function expectAccess(s: Scene, changed: boolean) {
  const perms = await t.server.api.get(`/nodes/${s.f}`, { query: { include: 'permissions' } });
  expect(perms.body.entry.permissions.isInheritanceEnabled).toBe(!changed);
  for (const id of [s.f, s.g, s.x, s.y]) {
    expect((await bob.get(`/nodes/${id}`)).status, `bob reads ${id}`).toBe(200);
    expect((await carl.get(`/nodes/${id}`)).status, `carl reads ${id}`).toBe(changed ? 403 : 200);
  }
  expect((await carl.get(`/nodes/${s.p}`)).status).toBe(200);
}

type Race = [string, (s: Scene) => string, (s: Scene) => string];
const RACES: Race[] = [
  ['of the node', (s) => s.f, (s) => s.f],
  ['of its folder', (s) => s.f, (s) => s.p],
];

describe('a permission change racing a trash', () => {
  it.each(RACES)('%s: a serial outcome, consistent ACLs after the restore', async (_, changed, trashed) => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' });
    const scenes = await Promise.all(Array.from({ length: ROUNDS }, () => scene(shared.id)));
    const outcomes = await Promise.all(
      scenes.map(async (s, i) => {
        const delay = new Promise((resolve) => setTimeout(resolve, (i % 4) * 4));
        const [perm, trash] = await Promise.all([
          t.server.api.put(`/nodes/${changed(s)}`, CLOSED),
          delay.then(() => t.peer.delete(`/nodes/${trashed(s)}`)),
        ]);
        return { s, perm: perm.status, trash: trash.status };
      }),
    );
    const tally: Record<string, number> = {};
    for (const { s, perm, trash } of outcomes) {
      tally[`${perm}/${trash}`] = (tally[`${perm}/${trash}`] ?? 0) + 1;
      expect(trash).toBe(204);
      expect([200, 404]).toContain(perm);
      expect((await t.server.api.post(`/deleted-nodes/${trashed(s)}/restore`, {})).status).toBe(200);
      await consistentAcls(t.server, [s.p, s.f, s.g, s.x, s.y], [trashed(s)]);
      await expectAccess(s, perm === 200);
    }
    console.log(`[permissions-trash-race] ${process.env.QUIRE_TEST_DB} ${_}: ${JSON.stringify(tally)}`);
  });
});

describe.skipIf(testDialect !== 'postgres')('a permission change and a trash meeting half-way (PostgreSQL)', () => {
  /** The trash stops at moving its item under the archive root, its subtree held. */
  const HOLD_ARCHIVE = [`select id from nodes where system_key = 'archive' for update`];
  /** The permission change stops at its node's ACL, its row held. */
  const HOLD_ACLS = [`lock table acls in exclusive mode`];

  it.each(RACES)('%s: the trash first, the change waits and is refused (404)', async (_, changed, trashed) => {
    const s = await scene((await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' })).id);
    const [trash, perm] = await stalled(
      t.server.databaseUrl!,
      HOLD_ARCHIVE,
      () => t.peer.delete(`/nodes/${trashed(s)}`),
      () => t.server.api.put(`/nodes/${changed(s)}`, CLOSED),
    );
    expect([trash.status, perm.status]).toEqual([204, 404]);
    expect((await t.server.api.post(`/deleted-nodes/${trashed(s)}/restore`, {})).status).toBe(200);
    await consistentAcls(t.server, [s.p, s.f, s.g, s.x, s.y], [trashed(s)]);
    await expectAccess(s, false);
  });

  it.each(RACES)('%s: the change first, the trash waits and takes it along', async (_, changed, trashed) => {
    const s = await scene((await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' })).id);
    const [perm, trash] = await stalled(
      t.server.databaseUrl!,
      HOLD_ACLS,
      () => t.server.api.put(`/nodes/${changed(s)}`, CLOSED),
      () => t.peer.delete(`/nodes/${trashed(s)}`),
    );
    expect([perm.status, trash.status]).toEqual([200, 204]);
    expect((await t.server.api.post(`/deleted-nodes/${trashed(s)}/restore`, {})).status).toBe(200);
    await consistentAcls(t.server, [s.p, s.f, s.g, s.x, s.y], [trashed(s)]);
    await expectAccess(s, true);
  });
});

describe.skipIf(testDialect !== 'postgres')(
  'a permission change that read its node before a trash and a restore elsewhere (PostgreSQL)',
  () => {
    /** The change stops where it checks the authorities it names, after reading its node, before its transaction. */
    const HOLD_GROUPS = [`lock table groups in access exclusive mode`];

    it('gives the node, where it is now, the permissions it answered for, and everything below it', async () => {
      const group = await t.server.api.post('/groups', {
        id: `readers${Date.now().toString(36)}`,
        displayName: 'Readers',
      });
      expect(group.status).toBe(201);
      const groupId = group.body.entry.id as string;
      expect((await t.server.api.post(`/groups/${groupId}/members`, { id: 'bob', memberType: 'PERSON' })).status).toBe(
        201,
      );
      const s = await scene((await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' })).id);
      // Elsewhere: a folder with an ACL of its own that lets everyone read.
      const elsewhere = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Collaborator' });
      const closed = {
        permissions: {
          isInheritanceEnabled: false,
          locallySet: [{ authorityId: groupId, name: 'Consumer', accessStatus: 'ALLOWED' }],
        },
      };
      const [perm, restored] = await stalled(
        t.server.databaseUrl!,
        HOLD_GROUPS,
        () => t.server.api.put(`/nodes/${s.f}`, closed),
        async () => {
          expect((await t.peer.delete(`/nodes/${s.f}`)).status).toBe(204);
          return t.peer.post(`/deleted-nodes/${s.f}/restore`, {
            targetParentId: elsewhere.id,
            assocType: 'cm:contains',
          });
        },
      );
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(perm.status, JSON.stringify(perm.body)).toBe(200);
      expect((await t.server.api.get(`/nodes/${s.f}`)).body.entry.parentId).toBe(elsewhere.id);
      await consistentAcls(t.server, [s.f, s.g, s.x, s.y], [s.f]);
      await expectAccess(s, true);
    });
  },
);

describe.skipIf(testDialect !== 'postgres')(
  'a restore that read its item before its permissions changed (PostgreSQL)',
  () => {
    /** Restores wait here, after reading the item, before their transaction reads anything. */
    const HOLD_GRAPH = [`select pg_advisory_xact_lock(7261001)`];

    it('restores the item with the ACL its permissions give now', async () => {
      const group = await t.server.api.post('/groups', { id: `gone${Date.now().toString(36)}`, displayName: 'Gone' });
      expect(group.status).toBe(201);
      const groupId = group.body.entry.id as string;
      const s = await scene((await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' })).id);
      // f's only entry names the group: deleting the group makes f use its folder's ACL again.
      const entry = { authorityId: groupId, name: 'Consumer', accessStatus: 'ALLOWED' };
      expect((await t.server.api.put(`/nodes/${s.f}`, { permissions: { locallySet: [entry] } })).status).toBe(200);
      expect((await t.server.api.delete(`/nodes/${s.f}`)).status).toBe(204);
      const [restored, removed] = await stalled(
        t.server.databaseUrl!,
        HOLD_GRAPH,
        () => t.server.api.post(`/deleted-nodes/${s.f}/restore`, {}),
        () => t.peer.delete(`/groups/${groupId}`),
      );
      expect([restored.status, removed.status]).toEqual([200, 204]);
      await consistentAcls(t.server, [s.f, s.g, s.x, s.y], [s.f]);
      await expectAccess(s, false);
    });
  },
);
