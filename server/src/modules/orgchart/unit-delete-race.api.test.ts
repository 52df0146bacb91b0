import { beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { aUnit, childIds, OC } from '../../testing/orgchart-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';
import { createGroupsRepository } from '../groups/groups.repository.ts';
import { createAclsRepository } from '../permissions/acls.repository.ts';
import { createAclsService } from '../permissions/acls.service.ts';
import { createOrgchartRepository } from './orgchart.repository.ts';
import { createOrgchartService } from './orgchart.service.ts';

// An organisation unit's deletion (through the API, or by an import of a chart without it) takes
// the entries naming its group off nodes, while a permission change of such a node runs (through two instances on PostgreSQL): both answer as in
// one serial order, no 5xx, the change is in force and the node's ACL is as its permissions give it.

const t = serverWithPeer({
  people: ['bob', 'carl'],
  skippedOnSqlite:
    'a unit deletion and a permission change held half-way: SQLite has one writer, so neither can be held half-way.',
});
beforeAll(() => aUnit(t.server.api, { id: 'acme', name: 'Acme' }));

/** The import, in this process (scripts/orgchart-import.ts runs the same service). */
const importer = () =>
  createOrgchartService({
    db: t.server.app.database.db,
    repos: { orgchart: createOrgchartRepository(), groups: createGroupsRepository() },
    acls: createAclsService(createAclsRepository()),
  });

const entry = (authorityId: string) => ({ authorityId, name: 'Consumer', accessStatus: 'ALLOWED' });

describe.skipIf(testDialect !== 'postgres')(
  'a unit deletion and a permission change meeting half-way (PostgreSQL)',
  () => {
    it.each([
      ['the permission change first', true, 'api'],
      ['the unit deletion first', false, 'api'],
      ['the permission change first, an import deleting the unit', true, 'import'],
      ['an import deleting the unit first', false, 'import'],
    ] as const)('%s (held at a folder naming its group): the change is in force', async (_, changeFirst, by) => {
      const unit = await aUnit(t.server.api, { name: 'Team', parentId: 'acme' });
      const folder = await aFolder(t.server.api);
      const named = { locallySet: [entry(unit.groupName), entry('bob')] };
      expect((await t.server.api.put(`/nodes/${folder.id}`, { permissions: named })).status).toBe(200);
      const hold = `select id from nodes where id = '${folder.id}' for update`;
      const change = () => t.server.api.put(`/nodes/${folder.id}`, { permissions: { locallySet: [entry('carl')] } });
      // The import's chart holds the root alone: the unit is not in it, so the import deletes it.
      const remove =
        by === 'api'
          ? () => t.peer.delete(`${OC}/unit/${unit.id}`)
          : () =>
              importer()
                .importChart({ units: [{ id: 'acme', name: 'Acme' }] })
                .then((report) => ({ status: report.ok ? 200 : 400 }));
      const [a, b] = changeFirst
        ? await stalled(t.server.databaseUrl!, hold, change, remove)
        : await stalled(t.server.databaseUrl!, hold, remove, change);
      expect([a.status, b.status]).toEqual([200, 200]);
      const node = await t.server.api.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } });
      const entries = node.body.entry.permissions.locallySet.map(
        (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
      );
      expect(entries).toEqual(['carl Consumer']);
      await consistentAcls(t.server, [folder.id], [folder.id]);
    });

    it('an import that deletes no unit when it starts, and finds one created meanwhile, deletes it holding the lock', async () => {
      const chart = { units: [{ id: 'acme', name: 'Acme' }] };
      expect((await importer().importChart(chart)).ok).toBe(true);
      // The import waits for the tree's lock (held here) after finding nothing to delete; a unit
      // created before it gets the lock is not in its chart, so it goes.
      const holdTree = `update orgchart_units set weight = weight where parent_id is null`;
      const [created, report] = await stalled(
        t.server.databaseUrl!,
        holdTree,
        () => t.peer.post(`${OC}/unit`, { id: 'late', name: 'Late', parentId: 'acme' }),
        () => importer().importChart(chart),
      );
      expect(created.status).toBe(201);
      // The creation first (as held; on a loaded machine it may not have reached the lock in
      // time): the import deletes it. Else the import first: the unit stays. One serial order.
      expect(report).toMatchObject({ ok: true });
      const deleted = report.ok ? report.summary.units.deleted : -1;
      expect([0, 1]).toContain(deleted);
      const children = childIds(await t.server.api.get(`${OC}/unit/acme/subunits`));
      expect(children).toEqual(deleted === 1 ? [] : ['late']);
    });
  },
);
