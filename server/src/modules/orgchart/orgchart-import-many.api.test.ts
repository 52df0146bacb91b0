import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createGroupsRepository } from '../groups/groups.repository.ts';
import { createAclsRepository } from '../permissions/acls.repository.ts';
import { createAclsService } from '../permissions/acls.service.ts';
import { createOrgchartRepository } from './orgchart.repository.ts';
import { createOrgchartService, type OrgchartService } from './orgchart.service.ts';

// An import that removes units forgets their groups in every node's permissions, looking for the
// nodes that name any of them: one condition per group. SQLite parses `a or b or …` as a tree at
// most 1,000 deep, so 1,100 groups in one statement failed the import.

const MANY = 1_100;
let server: TestServer;
let orgchart: OrgchartService;
beforeAll(async () => {
  server = await startTestServer();
  orgchart = createOrgchartService({
    db: server.app.database.db,
    repos: { orgchart: createOrgchartRepository(), groups: createGroupsRepository() },
    acls: createAclsService(createAclsRepository()),
  });
});
afterAll(() => server.close());

const root = { id: 'acme', name: 'Acme' };

describe(`an import that removes ${MANY} units`, () => {
  it('removes them and forgets their groups in the permissions that name them', async () => {
    const units = Array.from({ length: MANY }, (_, i) => ({ id: `team${i}`, name: `Team ${i}`, parent: 'acme' }));
    const first = await orgchart.importChart({ jobs: [], units: [root, ...units], members: [] });
    expect(first).toMatchObject({ ok: true });
    const folder = await aFolder(server.api);
    const group = (await server.app.database.db
      .selectFrom('orgchartUnits')
      .select('groupId')
      .where('id', '=', `team${MANY - 1}`)
      .executeTakeFirstOrThrow())!.groupId;
    const shared = await server.api.put(`/nodes/${folder.id}`, {
      permissions: { locallySet: [{ authorityId: group, name: 'Consumer', accessStatus: 'ALLOWED' }] },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);

    const second = await orgchart.importChart({ jobs: [], units: [root], members: [] });
    expect(second).toMatchObject({ ok: true });
    const after = await server.api.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } });
    expect(after.body.entry.permissions.locallySet ?? []).toEqual([]);
  }, 120_000);
});
