import { describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { aSite } from '../../testing/site-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A site's deletion takes the entries naming its groups off nodes elsewhere, while a permission
// change of such a node runs (through two instances on PostgreSQL): both answer as in one serial
// order, no 5xx, the change is in force and the node's ACL is as its permissions give it.

const t = serverWithPeer({
  people: ['bob', 'carl'],
  skippedOnSqlite:
    'a site deletion and a permission change held half-way: SQLite has one writer, so neither can be held half-way.',
});

const entry = (authorityId: string) => ({ authorityId, name: 'Consumer', accessStatus: 'ALLOWED' });

describe.skipIf(testDialect !== 'postgres')(
  'a site deletion and a permission change meeting half-way (PostgreSQL)',
  () => {
    it.each([
      ['the permission change first', true],
      ['the site deletion first', false],
    ])('%s (held at a folder naming a site group): the change is in force', async (_, changeFirst) => {
      const site = await aSite(t.server.api);
      const folder = await aFolder(t.server.api);
      const named = { locallySet: [entry(`GROUP_site_${site.id}_SiteConsumer`), entry('bob')] };
      expect((await t.server.api.put(`/nodes/${folder.id}`, { permissions: named })).status).toBe(200);
      const hold = `select id from nodes where id = '${folder.id}' for update`;
      const change = () => t.server.api.put(`/nodes/${folder.id}`, { permissions: { locallySet: [entry('carl')] } });
      const remove = () => t.peer.delete(`/sites/${site.id}`);
      const [a, b] = changeFirst
        ? await stalled(t.server.databaseUrl!, hold, change, remove)
        : await stalled(t.server.databaseUrl!, hold, remove, change);
      expect([a.status, b.status]).toEqual(changeFirst ? [200, 204] : [204, 200]);
      const node = await t.server.api.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } });
      const entries = node.body.entry.permissions.locallySet.map(
        (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
      );
      expect(entries).toEqual(['carl Consumer']);
      await consistentAcls(t.server, [folder.id], [folder.id]);
    });
  },
);
