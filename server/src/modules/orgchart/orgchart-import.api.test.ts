import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../paths.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFolder } from '../../testing/builders.ts';
import { bundled } from '../../testing/bundles.ts';
import { childIds, memberNames, OC } from '../../testing/orgchart-builders.ts';
import { aUser } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createGroupsRepository } from '../groups/groups.repository.ts';
import { createAclsRepository } from '../permissions/acls.repository.ts';
import { createAclsService } from '../permissions/acls.service.ts';
import { createOrgchartRepository } from './orgchart.repository.ts';
import { createOrgchartService, type OrgchartService } from './orgchart.service.ts';

let server: TestServer;
let admin: ApiClient;
let orgchart: OrgchartService;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.api;
  for (const id of ['alice', 'bob', 'carol', 'dave']) await aUser(admin, id);
  orgchart = createOrgchartService({
    db: server.app.database.db,
    repos: { orgchart: createOrgchartRepository(), groups: createGroupsRepository() },
    acls: createAclsService(createAclsRepository()),
  });
});
afterAll(() => server.close());

const FIRST = {
  jobs: [
    { id: 'ceo', name: 'Chief Executive' },
    { id: 'dev', name: 'Developer' },
  ],
  units: [
    { id: 'acme', name: 'Acme', members: ['alice'] },
    { id: 'eng', name: 'Engineering', parent: 'acme', weight: 1, members: ['BOB', 'carol'] },
    { id: 'web', name: 'Web', parent: 'eng', members: ['carol'] },
    { id: 'sales', name: 'Sales', parent: 'acme', weight: 2 },
  ],
  members: [
    { userName: 'alice', job: 'ceo' },
    { userName: 'bob', job: 'dev' },
  ],
};

/** The chart as the API shows it: each unit's children and members, jobs by person. */
async function snapshot() {
  const units: Record<string, { children: string[]; members: string[] }> = {};
  const walk = async (id: string) => {
    const res = await admin.get(`${OC}/unit/${id}/subunits`);
    const members = memberNames(await admin.get(`${OC}/unit/${id}/members`));
    units[res.body.data.id] = { children: childIds(res), members };
    for (const child of childIds(res)) await walk(child);
  };
  if ((await admin.get(`${OC}/unit/-root-/subunits`)).status === 200) await walk('-root-');
  const jobs: Record<string, string | undefined> = {};
  for (const id of ['alice', 'bob', 'carol', 'dave'])
    jobs[id] = (await admin.get(`${OC}/member/${id}`)).body.data.job?.id;
  return { units, jobs, jobList: (await admin.get(`${OC}/job`)).body.data };
}

describe('importing a chart', () => {
  it('loads a whole chart into an empty repository', async () => {
    const report = await orgchart.importChart(FIRST);
    expect(report).toEqual({
      ok: true,
      summary: {
        units: { total: 4, created: 4, updated: 0, deleted: 0 },
        memberships: { total: 4, added: 4, removed: 0 },
        jobs: { total: 2, created: 2, updated: 0, deleted: 0 },
        assignments: 2,
      },
    });
    expect(await snapshot()).toEqual({
      units: {
        acme: { children: ['eng', 'sales'], members: ['alice'] },
        eng: { children: ['web'], members: ['bob', 'carol'] },
        web: { children: [], members: ['carol'] },
        sales: { children: [], members: [] },
      },
      jobs: { alice: 'ceo', bob: 'dev', carol: undefined, dave: undefined },
      jobList: [
        { id: 'ceo', name: 'Chief Executive' },
        { id: 'dev', name: 'Developer' },
      ],
    });
    expect(
      (await admin.get('/groups/GROUP_orgchart_web', { query: { include: 'parentIds' } })).body.entry,
    ).toMatchObject({
      displayName: 'Web',
      parentIds: ['GROUP_orgchart_eng'],
    });
  });

  it('changes nothing when the file has problems, and says where each one is', async () => {
    const before = await snapshot();
    const bad = {
      jobs: FIRST.jobs,
      units: [
        ...FIRST.units.slice(0, 3),
        { id: 'sales', name: 'Sales', parent: 'nowhere', members: ['zed'] },
        { id: 'ops', name: '', parent: 'acme' },
      ],
      members: [
        { userName: 'yves', job: 'ceo' },
        { userName: 'bob', job: 'boss' },
      ],
    };
    const report = await orgchart.importChart(bad);
    expect(report).toEqual({
      ok: false,
      problems: [
        { path: 'members[0].userName', message: 'no person yves' },
        { path: 'members[1].job', message: "no job boss in the file's jobs" },
        { path: 'units[3].members[0]', message: 'no person zed' },
        { path: 'units[3].parent', message: 'no unit nowhere in the file' },
        { path: 'units[4].name', message: 'must be a name of 1 to 256 characters, not blank' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('makes the chart what the next file says: renames, moves, a new root, deletions, members and jobs', async () => {
    const folder = await aFolder(admin);
    const closed = {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: 'GROUP_orgchart_eng', name: 'Consumer' }],
    };
    expect((await admin.put(`/nodes/${folder.id}`, { permissions: closed })).status).toBe(200);
    const second = {
      jobs: [
        { id: 'dev', name: 'Software Developer' },
        { id: 'cfo', name: 'Finance' },
      ],
      units: [
        { id: 'holding', name: 'Holding', members: ['dave'] },
        { id: 'acme', name: 'Acme Ltd', parent: 'holding', members: ['alice'] },
        { id: 'web', name: 'Web', parent: 'acme', weight: 5, members: ['bob'] },
        { id: 'eng', name: 'Engineering', parent: 'web', members: ['carol'] },
      ],
      members: [
        { userName: 'dave', job: 'cfo' },
        { userName: 'carol', job: 'dev' },
      ],
    };
    const report = await orgchart.importChart(second);
    expect(report).toEqual({
      ok: true,
      summary: {
        units: { total: 4, created: 1, updated: 3, deleted: 1 },
        memberships: { total: 4, added: 2, removed: 2 },
        jobs: { total: 2, created: 1, updated: 1, deleted: 1 },
        assignments: 2,
      },
    });
    expect(await snapshot()).toEqual({
      units: {
        holding: { children: ['acme'], members: ['dave'] },
        acme: { children: ['web'], members: ['alice'] },
        web: { children: ['eng'], members: ['bob'] },
        eng: { children: [], members: ['carol'] },
      },
      jobs: { alice: undefined, bob: undefined, carol: 'dev', dave: 'cfo' },
      jobList: [
        { id: 'cfo', name: 'Finance' },
        { id: 'dev', name: 'Software Developer' },
      ],
    });
    expect((await admin.get('/groups/GROUP_orgchart_sales')).status).toBe(404);
    expect((await admin.get('/groups/GROUP_orgchart_acme')).body.entry).toMatchObject({
      displayName: 'Acme Ltd',
      isRoot: false,
    });
    // A kept unit keeps its group, so the permissions granted to it.
    const local = (await admin.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } })).body.entry
      .permissions;
    expect(local.locallySet).toMatchObject([{ authorityId: 'GROUP_orgchart_eng', name: 'Consumer' }]);
    // Importing the same file again changes nothing.
    const again = await orgchart.importChart(second);
    expect(again.ok && again.summary.units).toEqual({ total: 4, created: 0, updated: 0, deleted: 0 });
    expect(again.ok && again.summary.memberships).toEqual({ total: 4, added: 0, removed: 0 });
  });
});

describe('npm run orgchart:import', () => {
  // The script bundled as build:server bundles the server (the same code as under tsx, started with
  // a quarter of the CPU; testing/bundles.ts).
  const run = async (file: string) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: server.dataDir,
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}),
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [bundled('scripts/orgchart-import.ts'), file],
        { cwd: PROJECT_ROOT, env },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('imports a good file, and refuses a bad one listing its problems', async () => {
    const good = path.join(server.dataDir, 'good.json');
    await writeFile(good, JSON.stringify(FIRST));
    const ok = await run(good);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('imported 4 units (1 created, 3 updated, 1 deleted)');
    expect(childIds(await admin.get(`${OC}/unit/-root-/subunits`))).toEqual(['eng', 'sales']);

    const bad = path.join(server.dataDir, 'bad.json');
    await writeFile(
      bad,
      JSON.stringify({
        units: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B', parent: 'c' },
        ],
      }),
    );
    const refused = await run(bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 problem; nothing was changed.');
    expect(refused.stderr).toContain('units[1].parent: no unit c in the file');
    await writeFile(bad, '{"units": [');
    expect((await run(bad)).stderr).toMatch(/\(root\): not valid JSON/);
    expect((await admin.get(`${OC}/unit/-root-/subunits`)).body.data.id).toBe('acme');
  });
});
