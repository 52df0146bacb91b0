/**
 * Benchmark 9: the organisation chart of 10,000 people in 500 units.
 * Seeded in-process: the people through the people repository, the chart through the import
 * (`importChart`, the code of `npm run orgchart:import`), timed. Then, as one of those people,
 * sequential GETs on one keep-alive connection: `…/unit/{id}/subunits` of the root (9 children)
 * and of a department (9 children), `…/unit/{id}/members` of a team (20 people), and
 * `…/member/{username}` for context.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { request } from './lib/http.ts';
import { log, row, type Row } from './lib/report.ts';
import { withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile, since } from './lib/stats.ts';
import { createGroupsRepository } from '../server/src/modules/groups/groups.repository.ts';
import { createOrgchartRepository } from '../server/src/modules/orgchart/orgchart.repository.ts';
import { createOrgchartService } from '../server/src/modules/orgchart/orgchart.service.ts';
import { hashPassword } from '../server/src/modules/people/passwords.ts';
import { createPeopleRepository } from '../server/src/modules/people/people.repository.ts';
import { createAclsRepository } from '../server/src/modules/permissions/acls.repository.ts';
import { createAclsService } from '../server/src/modules/permissions/acls.service.ts';

const GROUP = 'Organisation chart';
const PEOPLE = 10_000;
/** 1 root, 9 divisions, 54 departments (6 each), 436 teams (8 or 9 per department): 500 units. */
const DIVISIONS = 9;
const DEPARTMENTS_PER_DIVISION = 6;
const UNITS = 500;
const PREFIX = '/alfresco/service/api/ext/orgchart';
const USER = 'person00001';
const AUTH = `Basic ${Buffer.from(`${USER}:bench`).toString('base64')}`;

interface ChartUnit {
  id: string;
  name: string;
  parent?: string;
  weight: number;
  members: string[];
}

function chart(): { units: ChartUnit[] } {
  const units: ChartUnit[] = [{ id: 'root', name: 'Organisation', weight: 0, members: [] }];
  const departments: string[] = [];
  for (let d = 1; d <= DIVISIONS; d++) {
    units.push({ id: `div${d}`, name: `Division ${d}`, parent: 'root', weight: d, members: [] });
    for (let p = 1; p <= DEPARTMENTS_PER_DIVISION; p++) {
      const id = `div${d}-dep${p}`;
      units.push({ id, name: `Department ${d}.${p}`, parent: `div${d}`, weight: p, members: [] });
      departments.push(id);
    }
  }
  for (let t = 0; units.length < UNITS; t++) {
    const parent = departments[t % departments.length]!;
    units.push({ id: `team${t + 1}`, name: `Team ${t + 1}`, parent, weight: t, members: [] });
  }
  // Every person in one unit, round robin: 20 per unit.
  for (let i = 1; i <= PEOPLE; i++) units[(i - 1) % UNITS]!.members.push(personId(i));
  return { units };
}

const personId = (i: number) => `person${String(i).padStart(5, '0')}`;

async function seed(dataDir: string): Promise<{ importMs: number }> {
  return withSeedApp(dataDir, async ({ db }) => {
    const people = createPeopleRepository();
    const passwordHash = await hashPassword('bench');
    const t0 = process.hrtime.bigint();
    await db.transaction().execute(async (tx) => {
      for (let i = 1; i <= PEOPLE; i++) {
        const id = personId(i);
        const lastName = `Last${String((i * 7919) % PEOPLE).padStart(5, '0')}`;
        await people.insert(
          tx,
          {
            id,
            firstName: `First${i}`,
            lastName,
            email: `${id}@example.com`,
            enabled: true,
            passwordHash,
            homeFolderId: null,
          },
          Date.now(),
        );
      }
    });
    log(`seeded ${fmt(PEOPLE, 0)} people in ${fmt(since(t0) / 1000)} s`);
    const service = createOrgchartService({
      db,
      repos: { orgchart: createOrgchartRepository(), groups: createGroupsRepository() },
      acls: createAclsService(createAclsRepository()),
    });
    const t1 = process.hrtime.bigint();
    const report = await service.importChart(chart());
    const importMs = since(t1);
    if (!report.ok) throw new Error(`import refused: ${JSON.stringify(report.problems.slice(0, 5))}`);
    log(`imported ${UNITS} units and ${fmt(PEOPLE, 0)} memberships in ${fmt(importMs / 1000, 2)} s`);
    return { importMs };
  });
}

async function time(server: ServerHandle, path: string, check: (data: unknown) => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `${server.baseUrl}${PREFIX}${path}`;
    const get = () => request(url, { headers: { authorization: AUTH }, agent });
    const first = await get();
    if (first.status !== 200 || !check((JSON.parse(first.body) as { data: unknown }).data)) {
      throw new Error(`${path} answered ${first.status} ${first.body.slice(0, 300)}`);
    }
    for (let i = 0; i < 20; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = process.hrtime.bigint();
      const res = await get();
      times.push(since(t));
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    }
    const result = { median: median(times), p95: percentile(times, 95) };
    log(`${path}: median ${fmt(result.median, 2)} ms, p95 ${fmt(result.p95, 2)} ms`);
    return result;
  } finally {
    agent.destroy();
  }
}

const children = (n: number) => (d: unknown) => (d as { children: unknown[] }).children.length === n;
const members = (n: number) => (d: unknown) => (d as unknown[]).length === n;

export async function runOrgchart(): Promise<Row[]> {
  const dataDir = makeTempDir('orgchart');
  let server: ServerHandle | undefined;
  try {
    const { importMs } = await seed(dataDir);
    server = await spawnQuire(dataDir);
    const root = await time(server, '/unit/-root-/subunits', children(DIVISIONS));
    const department = await time(server, '/unit/div1-dep1/subunits', children(9));
    const team = await time(server, '/unit/team100/members', members(20));
    const member = await time(
      server,
      `/member/${personId(4321)}`,
      (d) => (d as { units: unknown[] }).units.length === 1,
    );
    const figure = (r: { median: number; p95: number }) => `${fmt(r.median, 2)} / ${fmt(r.p95, 2)}`;
    return [
      row(GROUP, 'Subunits of the root (9 children): median / p95 (ms)', figure(root), '< 20 (p95)', root.p95 < 20),
      row(
        GROUP,
        'Subunits of a department (9 children): median / p95 (ms)',
        figure(department),
        '< 20 (p95)',
        department.p95 < 20,
      ),
      row(GROUP, 'Members of a unit (20 people): median / p95 (ms)', figure(team), '< 20 (p95)', team.p95 < 20),
      row(GROUP, 'Member detail (units, job, quotaUsed): median / p95 (ms)', figure(member)),
      row(GROUP, 'Import of the whole chart (500 units, 10,000 memberships) (s)', fmt(importMs / 1000, 2)),
    ];
  } finally {
    await server?.stop();
    removeTempDir(dataDir);
  }
}
