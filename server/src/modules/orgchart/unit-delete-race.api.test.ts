import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aPerson } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { aUnit, OC } from '../../testing/orgchart-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// An organisation unit's deletion takes the entries naming its group off nodes, while a
// permission change of such a node runs (through two instances on PostgreSQL): both answer as in
// one serial order, no 5xx, the change is in force and the node's ACL is as its permissions give it.

let server: TestServer;
let peer: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  peer = server.databaseUrl ? (await server.startPeer()).api : server.api;
  await aPerson(server, 'bob');
  await aPerson(server, 'carl');
  await aUnit(server.api, { id: 'acme', name: 'Acme' });
});
afterAll(() => server.close());

const entry = (authorityId: string) => ({ authorityId, name: 'Consumer', accessStatus: 'ALLOWED' });

if (testDialect !== 'postgres') {
  console.log(
    '[skipped on SQLite] a unit deletion and a permission change held half-way: SQLite has one writer, so neither can be held half-way.',
  );
}

describe.skipIf(testDialect !== 'postgres')(
  'a unit deletion and a permission change meeting half-way (PostgreSQL)',
  () => {
    it.each([
      ['the permission change first', true],
      ['the unit deletion first', false],
    ])('%s (held at a folder naming its group): the change is in force', async (_, changeFirst) => {
      const unit = await aUnit(server.api, { name: 'Team', parentId: 'acme' });
      const folder = await aFolder(server.api);
      const named = { locallySet: [entry(unit.groupName), entry('bob')] };
      expect((await server.api.put(`/nodes/${folder.id}`, { permissions: named })).status).toBe(200);
      const hold = `select id from nodes where id = '${folder.id}' for update`;
      const change = () => server.api.put(`/nodes/${folder.id}`, { permissions: { locallySet: [entry('carl')] } });
      const remove = () => peer.delete(`${OC}/unit/${unit.id}`);
      const [a, b] = changeFirst
        ? await stalled(server.databaseUrl!, hold, change, remove)
        : await stalled(server.databaseUrl!, hold, remove, change);
      expect([a.status, b.status]).toEqual([200, 200]);
      const node = await server.api.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } });
      const entries = node.body.entry.permissions.locallySet.map(
        (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
      );
      expect(entries).toEqual(['carl Consumer']);
      await consistentAcls(server, [folder.id], [folder.id]);
    });
  },
);
