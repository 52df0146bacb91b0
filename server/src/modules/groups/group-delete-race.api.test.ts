import { describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, uniqueName } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A group's deletion takes its entries off the nodes that name them (re-pointing the ACLs below
// a folder that then stops defining its own), while permission changes and moves of those nodes
// run (through two instances on PostgreSQL): the outcome is one of the serial ones (a permission
// change that answered 200 is in force), no 5xx, and every ACL is as its node's permissions give it.

const t = serverWithPeer({
  people: ['bob', 'carl'],
  skippedOnSqlite:
    'a group deletion and a permission change held half-way: SQLite has one writer, so neither can be held half-way.',
});

const entry = (authorityId: string, name = 'Consumer') => ({ authorityId, name, accessStatus: 'ALLOWED' });

async function aGroup(): Promise<string> {
  const res = await t.server.api.post('/groups', { id: uniqueName('team'), displayName: 'A team' });
  expect(res.status).toBe(201);
  return res.body.entry.id as string;
}

/** A node's own entries, as `authority role`. */
async function entriesOf(id: string): Promise<string[]> {
  const node = await t.server.api.get(`/nodes/${id}`, { query: { include: 'permissions' } });
  return (node.body.entry.permissions.locallySet ?? []).map(
    (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
  );
}

describe.skipIf(testDialect !== 'postgres')(
  'a group deletion and a permission change meeting half-way (PostgreSQL)',
  () => {
    /** A folder whose entries name the group and bob; the change gives it carl's entry alone. */
    async function scene() {
      const group = await aGroup();
      const folder = await aFolder(t.server.api);
      const set = await t.server.api.put(`/nodes/${folder.id}`, {
        permissions: { locallySet: [entry(group), entry('bob')] },
      });
      expect(set.status).toBe(200);
      return { group, folder: folder.id, hold: `select id from nodes where id = '${folder.id}' for update` };
    }
    const change = (folder: string) =>
      t.server.api.put(`/nodes/${folder}`, { permissions: { locallySet: [entry('carl')] } });

    it('the change first (held at the folder), the deletion after: the change stays in force', async () => {
      const s = await scene();
      const [put, removed] = await stalled(
        t.server.databaseUrl!,
        s.hold,
        () => change(s.folder),
        () => t.peer.delete(`/groups/${s.group}`),
      );
      expect([put.status, removed.status]).toEqual([200, 204]);
      expect(await entriesOf(s.folder)).toEqual(['carl Consumer']);
      await consistentAcls(t.server, [s.folder], [s.folder]);
    });

    it('the deletion first (held at the folder), the change after: the change is in force', async () => {
      const s = await scene();
      const [removed, put] = await stalled(
        t.server.databaseUrl!,
        s.hold,
        () => t.peer.delete(`/groups/${s.group}`),
        () => change(s.folder),
      );
      expect([removed.status, put.status]).toEqual([204, 200]);
      expect(await entriesOf(s.folder)).toEqual(['carl Consumer']);
      await consistentAcls(t.server, [s.folder], [s.folder]);
    });

    it('the deletion first (held at the folder), a change naming the group after: the change is 400', async () => {
      const s = await scene();
      // The change finds the group before the deletion commits, and writes after it.
      const [removed, put] = await stalled(
        t.server.databaseUrl!,
        s.hold,
        () => t.peer.delete(`/groups/${s.group}`),
        () => t.server.api.put(`/nodes/${s.folder}`, { permissions: { locallySet: [entry(s.group), entry('carl')] } }),
      );
      expect([removed.status, put.status]).toEqual([204, 400]);
      expect(await entriesOf(s.folder)).toEqual(['bob Consumer']);
      await consistentAcls(t.server, [s.folder], [s.folder]);
    });
  },
);

const ROUNDS = 8;

describe('group deletions while folders below the ones naming them change permissions and move', () => {
  it('no 5xx, and every ACL is as its node permissions give it', async () => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' });
    const elsewhere = await aFolder(t.server.api, shared.id);
    // p names only the group: deleting it, p stops defining its ACL and everything below re-points.
    const scenes = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const group = await aGroup();
        const p = await aFolder(t.server.api, shared.id);
        expect((await t.server.api.put(`/nodes/${p.id}`, { permissions: { locallySet: [entry(group)] } })).status).toBe(
          200,
        );
        const f = await aFolder(t.server.api, p.id);
        const g = await aFolder(t.server.api, f.id);
        const m = await aFolder(t.server.api, f.id);
        const y = await aFile(t.server.api, g.id, 'y');
        return { group, p: p.id, f: f.id, g: g.id, m: m.id, y: y.id };
      }),
    );
    const statuses = await Promise.all(
      scenes.map(async (s, i) => {
        const answers = await Promise.all([
          t.server.api.delete(`/groups/${s.group}`),
          new Promise((resolve) => setTimeout(resolve, i % 3)).then(() =>
            t.peer.put(`/nodes/${s.f}`, { permissions: { locallySet: [entry('carl')] } }),
          ),
          new Promise((resolve) => setTimeout(resolve, (i + 1) % 3)).then(() =>
            t.peer.put(`/nodes/${s.g}`, { permissions: { isInheritanceEnabled: false, locallySet: [entry('bob')] } }),
          ),
          new Promise((resolve) => setTimeout(resolve, (i + 2) % 3)).then(() =>
            t.server.api.post(`/nodes/${s.m}/move`, { targetParentId: elsewhere.id }),
          ),
        ]);
        return answers.map((a) => a.status).join('/');
      }),
    );
    for (const st of statuses) expect(st).toBe('204/200/200/200');
    for (const s of scenes) {
      await consistentAcls(t.server, [s.p, s.f, s.g, s.m, s.y]);
      expect(await entriesOf(s.p)).toEqual([]);
      expect(await entriesOf(s.f)).toEqual(['carl Consumer']);
      expect(await entriesOf(s.g)).toEqual(['bob Consumer']);
    }
  });
});
