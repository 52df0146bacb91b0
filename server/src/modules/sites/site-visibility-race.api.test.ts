import { describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { aSite, documentLibrary } from '../../testing/site-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A change of a site's visibility rewrites the permissions of the site node and its containers
// (and re-points the ACLs below them), while permission changes and moves of those nodes run
// (through two instances on PostgreSQL): the outcome is one of the serial ones (a permission
// change that answered 200 is in force), no 5xx, and every ACL is as its node's permissions give it.

const t = serverWithPeer({
  people: ['bob'],
  skippedOnSqlite:
    'a change of visibility and a permission change held half-way: SQLite has one writer, so neither can be held half-way.',
});

const bobReads = { locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }] };

/** A node's inheritance and own entries, as `authority role`. */
async function permissionsOf(id: string) {
  const node = await t.server.api.get(`/nodes/${id}`, { query: { include: 'permissions' } });
  const { isInheritanceEnabled, locallySet } = node.body.entry.permissions;
  const entries = (locallySet ?? []).map((e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`);
  return { isInheritanceEnabled, entries: entries as string[] };
}

/** A PUBLIC site with a folder and a file in its documentLibrary. */
async function scene() {
  const site = await aSite(t.server.api);
  const library = await documentLibrary(t.server.api, site.id);
  const folder = await aFolder(t.server.api, library);
  const file = await aFile(t.server.api, folder.id, 'in');
  return { site: site.id, node: site.guid, library, folder: folder.id, file: file.id };
}

describe.skipIf(testDialect !== 'postgres')(
  'a change of visibility and a permission change of the documentLibrary meeting half-way (PostgreSQL)',
  () => {
    it.each([
      ['the permission change first', true],
      ['the change of visibility first', false],
    ])('%s (held at the documentLibrary): both are in force', async (_, changeFirst) => {
      const s = await scene();
      const hold = `select id from nodes where id = '${s.library}' for update`;
      const change = () => t.server.api.put(`/nodes/${s.library}`, { permissions: bobReads });
      const hide = () => t.peer.put(`/sites/${s.site}`, { visibility: 'PRIVATE' });
      const [a, b] = changeFirst
        ? await stalled(t.server.databaseUrl!, hold, change, hide)
        : await stalled(t.server.databaseUrl!, hold, hide, change);
      expect([a.status, b.status]).toEqual([200, 200]);
      const { isInheritanceEnabled, entries } = await permissionsOf(s.library);
      // PRIVATE: the library stops inheriting from the site; bob's entry stays in either order.
      expect(isInheritanceEnabled).toBe(false);
      expect(entries).toContain('bob Consumer');
      await consistentAcls(t.server, [s.node, s.library, s.folder, s.file], [s.library]);
    });
  },
);

const ROUNDS = 8;

describe('changes of visibility while permissions below change and folders move', () => {
  it('no 5xx, and every ACL is as its node permissions give it', async () => {
    const scenes = await Promise.all(Array.from({ length: ROUNDS }, () => scene()));
    const outside = await aFolder(t.server.api);
    const statuses = await Promise.all(
      scenes.map(async (s, i) => {
        const moving = await aFolder(t.server.api, outside.id);
        const answers = await Promise.all([
          t.server.api.put(`/sites/${s.site}`, { visibility: i % 2 ? 'PRIVATE' : 'MODERATED' }),
          new Promise((resolve) => setTimeout(resolve, i % 3)).then(() =>
            t.peer.put(`/nodes/${s.folder}`, { permissions: { ...bobReads, isInheritanceEnabled: false } }),
          ),
          new Promise((resolve) => setTimeout(resolve, (i + 1) % 3)).then(() =>
            t.peer.put(`/nodes/${s.library}`, { permissions: bobReads }),
          ),
          new Promise((resolve) => setTimeout(resolve, (i + 2) % 3)).then(() =>
            t.server.api.post(`/nodes/${moving.id}/move`, { targetParentId: s.library }),
          ),
        ]);
        return {
          ids: [s.node, s.library, s.folder, s.file, moving.id],
          status: answers.map((a) => a.status).join('/'),
        };
      }),
    );
    for (const { status } of statuses) expect(status).toBe('200/200/200/200');
    for (const { ids } of statuses) {
      await consistentAcls(t.server, ids);
      expect((await permissionsOf(ids[1]!)).entries).toContain('bob Consumer');
      expect(await permissionsOf(ids[2]!)).toEqual({ isInheritanceEnabled: false, entries: ['bob Consumer'] });
    }
  });
});
