import type { Db, DbOrTx } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { parseChart, type Chart, type ChartUnit, type Problem } from './orgchart.import.ts';
import type { OrgchartRepository, UnitRow } from './orgchart.repository.ts';

export interface ImportSummary {
  units: { total: number; created: number; updated: number; deleted: number };
  memberships: { total: number; added: number; removed: number };
  jobs: { total: number; created: number; updated: number; deleted: number };
  /** People with a job after the import. */
  assignments: number;
}

export type ImportReport = { ok: true; summary: ImportSummary } | { ok: false; problems: Problem[] };

export interface ImporterDeps {
  db: Db;
  repos: { orgchart: OrgchartRepository; groups: GroupsRepository };
  acls: Pick<AclsService, 'forgetAuthorities'>;
  unitGroupId: (unitId: string) => string;
}

/**
 * Loads a whole chart: the file becomes the organisation chart. Everything is checked first (the
 * file, then that its people exist) and every problem is reported with its JSON path; a file with
 * problems changes nothing. Then, in one transaction: units of the file are created or updated
 * (kept units keep their groups, so the permissions granted to them), units not in the file are
 * deleted with their groups, each unit's person members become the file's, and jobs and job
 * assignments become the file's.
 */
export async function importChart(deps: ImporterDeps, json: unknown): Promise<ImportReport> {
  const parsed = parseChart(json);
  const people = await deps.repos.orgchart.personIds(
    deps.db,
    parsed.people.map((p) => p.userName),
  );
  const problems = [
    ...parsed.problems,
    ...parsed.people
      .filter((p) => !people.has(p.userName.toLowerCase()))
      .map((p) => ({ path: p.path, message: `no person ${p.userName}` })),
    ...(parsed.chart ? await takenGroups(deps, parsed.chart) : []),
  ];
  const { chart } = parsed;
  if (!chart || problems.length) return { ok: false, problems: sortByPath(problems) };
  // Deleting units takes their groups' entries off nodes, re-pointing ACLs: that needs the node
  // graph's lock, first in the transaction (db/row-locks.ts), else it deadlocks with a permission
  // change of such a node (503) or overwrites it. Held only by an import that deletes units, so
  // moves need not wait for the others; a unit created meanwhile, seen under the chart's lock,
  // starts the transaction again with it.
  let graph = await deletesUnits(deps, deps.db, chart);
  for (;;) {
    try {
      const summary = await deps.db.transaction().execute(async (tx) => {
        if (graph) await lockNodeGraph(tx);
        await deps.repos.orgchart.lock(tx);
        if (!graph && (await deletesUnits(deps, tx, chart))) throw new DeletesUnits();
        const { groupIds, ...units } = await syncUnits(deps, tx, chart);
        const memberships = await syncMembers(deps, tx, chart.units, groupIds, people);
        const jobs = await syncJobs(deps, tx, chart, people);
        return { units, memberships, jobs, assignments: chart.members.length };
      });
      return { ok: true, summary };
    } catch (error) {
      if (!(error instanceof DeletesUnits)) throw error;
      graph = true;
    }
  }
}

/** An import found units to delete that it did not expect: it starts again holding the node graph's lock. */
class DeletesUnits extends Error {}

/** Whether the import deletes units (the repository has units the file has not). */
async function deletesUnits(deps: ImporterDeps, db: DbOrTx, chart: Chart): Promise<boolean> {
  const inFile = new Set(chart.units.map((u) => u.id.toLowerCase()));
  return (await deps.repos.orgchart.allUnits(db)).some((u) => !inFile.has(u.id.toLowerCase()));
}

/** A new unit's group name must be free (a group of that name that backs no unit is in the way). */
async function takenGroups(deps: ImporterDeps, chart: Chart): Promise<Problem[]> {
  const units = new Set((await deps.repos.orgchart.allUnits(deps.db)).map((u) => u.id.toLowerCase()));
  const problems: Problem[] = [];
  for (const unit of chart.units) {
    if (units.has(unit.id.toLowerCase())) continue;
    const groupId = deps.unitGroupId(unit.id);
    if (await deps.repos.groups.findById(deps.db, groupId)) {
      problems.push({ path: `${unit.path}.id`, message: `group ${groupId} exists and backs no unit` });
    }
  }
  return problems;
}

/** Problems in the order of the file. */
const sortByPath = (problems: Problem[]) =>
  problems.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));

async function syncUnits(deps: ImporterDeps, tx: DbOrTx, chart: Chart) {
  const { orgchart, groups } = deps.repos;
  const existing = new Map((await orgchart.allUnits(tx)).map((u) => [u.id.toLowerCase(), u]));
  const inFile = new Set(chart.units.map((u) => u.id.toLowerCase()));
  const fileRoot = chart.units[0]!;
  const oldRoot = [...existing.values()].find((u) => u.parentId === null);
  // Another root gives way first (one root at a time): parented to itself until it gets its place.
  if (oldRoot && oldRoot.id.toLowerCase() !== fileRoot.id.toLowerCase()) {
    await orgchart.updateUnit(tx, oldRoot.id, { parentId: oldRoot.id });
  }
  const now = Date.now();
  const placed = new Map<string, UnitRow>();
  let created = 0;
  let updated = 0;
  for (const unit of chart.units) {
    const parent = unit.parent === undefined ? undefined : placed.get(unit.parent.toLowerCase())!;
    const current = existing.get(unit.id.toLowerCase());
    if (current) {
      if (await updateUnit(deps, tx, current, unit, parent, existing, now)) updated += 1;
      placed.set(unit.id.toLowerCase(), current);
    } else {
      const groupId = deps.unitGroupId(unit.id);
      await groups.insert(tx, { id: groupId, displayName: unit.name, description: null, createdAt: now });
      if (parent) await groups.addMember(tx, parent.groupId, groupId, 'GROUP', now);
      const row = { id: unit.id, name: unit.name, weight: unit.weight, parentId: parent?.id ?? null, groupId };
      await orgchart.insertUnit(tx, { ...row, createdAt: now });
      placed.set(unit.id.toLowerCase(), { ...row, groupUuid: '' });
      created += 1;
    }
  }
  // Units not in the file go, children before parents (kept children have moved away already).
  const gone = [...existing.values()].filter((u) => !inFile.has(u.id.toLowerCase()));
  const depth = (u: UnitRow): number => {
    let d = 0;
    for (let p = u.parentId; p !== null && p !== u.id && d < existing.size; d++) {
      p = existing.get(p.toLowerCase())?.parentId ?? null;
    }
    return d;
  };
  for (const unit of gone.sort((a, b) => depth(b) - depth(a))) {
    await orgchart.deleteUnit(tx, unit.id);
    await groups.delete(tx, unit.groupId);
  }
  if (gone.length)
    await deps.acls.forgetAuthorities(
      tx,
      gone.map((u) => u.groupId),
    );
  const groupIds = new Map([...placed].map(([key, u]) => [key, u.groupId]));
  return { total: chart.units.length, created, updated, deleted: gone.length, groupIds };
}

/** Name, weight and parent as the file says; true when something changed. */
async function updateUnit(
  deps: ImporterDeps,
  tx: DbOrTx,
  current: UnitRow,
  unit: ChartUnit,
  parent: UnitRow | undefined,
  existing: Map<string, UnitRow>,
  now: number,
): Promise<boolean> {
  const { orgchart, groups } = deps.repos;
  const parentId = parent?.id ?? null;
  const wasRoot = current.parentId === null;
  const moved = parentId !== current.parentId;
  if (!moved && unit.name === current.name && unit.weight === current.weight) return false;
  if (unit.name !== current.name) await orgchart.renameGroup(tx, current.groupId, unit.name);
  if (moved) {
    const oldParent = wasRoot ? undefined : existing.get(current.parentId!.toLowerCase());
    if (oldParent) await groups.removeMember(tx, oldParent.groupId, current.groupId);
    if (parent) await groups.addMember(tx, parent.groupId, current.groupId, 'GROUP', now);
  }
  await orgchart.updateUnit(tx, current.id, { name: unit.name, weight: unit.weight, parentId });
  return true;
}

/** Each unit's person members become the file's (other members of its group, groups, stay). */
async function syncMembers(
  deps: ImporterDeps,
  tx: DbOrTx,
  units: ChartUnit[],
  groupIds: Map<string, string>,
  people: Map<string, string>,
) {
  let added = 0;
  let removed = 0;
  let total = 0;
  const now = Date.now();
  for (const unit of units) {
    const groupId = groupIds.get(unit.id.toLowerCase())!;
    const wanted = new Set(unit.members.map((m) => people.get(m.toLowerCase())!));
    const current = new Set(await deps.repos.orgchart.personMemberIds(tx, groupId));
    const toAdd = [...wanted].filter((id) => !current.has(id));
    const toRemove = [...current].filter((id) => !wanted.has(id));
    await deps.repos.orgchart.addPeopleToGroup(tx, groupId, toAdd, now);
    await deps.repos.orgchart.removePeopleFromGroup(tx, groupId, toRemove);
    added += toAdd.length;
    removed += toRemove.length;
    total += wanted.size;
  }
  return { total, added, removed };
}

async function syncJobs(deps: ImporterDeps, tx: DbOrTx, chart: Chart, people: Map<string, string>) {
  const { orgchart } = deps.repos;
  const existing = new Map((await orgchart.listJobs(tx)).map((j) => [j.id.toLowerCase(), j]));
  await orgchart.clearAllJobs(tx);
  let created = 0;
  let updated = 0;
  const now = Date.now();
  for (const job of chart.jobs) {
    const current = existing.get(job.id.toLowerCase());
    if (!current) {
      await orgchart.insertJob(tx, job, now);
      created += 1;
    } else if (current.name !== job.name) {
      await orgchart.renameJob(tx, current.id, job.name);
      updated += 1;
    }
  }
  const inFile = new Set(chart.jobs.map((j) => j.id.toLowerCase()));
  const gone = [...existing.values()].filter((j) => !inFile.has(j.id.toLowerCase()));
  for (const job of gone) await orgchart.deleteJob(tx, job.id);
  for (const m of chart.members) {
    const jobId = existing.get(m.job.toLowerCase())?.id ?? m.job;
    await orgchart.setJob(tx, people.get(m.userName.toLowerCase())!, jobId);
  }
  return { total: chart.jobs.length, created, updated, deleted: gone.length };
}
