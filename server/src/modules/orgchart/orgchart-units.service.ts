import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { orgchartErrors as errors } from './orgchart.errors.ts';
import { inChart, ME, requireAdmin, resolvePerson, resolveUnit, unitView } from './orgchart-lookups.ts';
import type { MemberRow, UnitRow } from './orgchart.repository.ts';
import type { OrgchartServiceDeps, UnitCreate, UnitUpdate, UnitView } from './orgchart.service.ts';

/** The group backing a unit: its members are the unit's members. */
export const unitGroupId = (unitId: string) => `GROUP_orgchart_${unitId}`;

/** The new unit and its group (a member of its parent's group), in the chart's transaction. */
async function insertUnit(deps: OrgchartServiceDeps, tx: DbOrTx, id: string, body: UnitCreate, now: number) {
  const { repos } = deps;
  const chart = repos.orgchart;
  const name = body.name.trim();
  const groupId = unitGroupId(id);
  if (await chart.findUnit(tx, id)) throw errors.unitExists(id);
  const parent = body.parentId === undefined ? undefined : await resolveUnit(deps, tx, body.parentId);
  if (!parent) {
    const root = await chart.findRoot(tx);
    if (root) throw errors.rootExists(root.id);
  }
  if (await repos.groups.findById(tx, groupId)) throw errors.groupExists(groupId);
  await repos.groups.insert(tx, { id: groupId, displayName: name, description: null, createdAt: now });
  if (parent) await repos.groups.addMember(tx, parent.groupId, groupId, 'GROUP', now);
  const weight = body.weight ?? 0;
  await chart.insertUnit(tx, { id, name, weight, parentId: parent?.id ?? null, groupId, createdAt: now });
  return unitView(deps, tx, (await chart.findUnit(tx, id))!);
}

export async function createUnit(deps: OrgchartServiceDeps, principal: Principal, body: UnitCreate): Promise<UnitView> {
  requireAdmin(principal);
  const id = body.id ?? randomUUID();
  const now = Date.now();
  try {
    return await inChart(deps, (tx) => insertUnit(deps, tx, id, body, now));
  } catch (error) {
    // Lost a race: the same id, or a second root, committed first.
    if (isUniqueViolation(error)) throw errors.unitExists(id);
    throw error;
  }
}

/** Moves the unit's group under the new parent's (no cycles); answers the new parent's id, if it changes. */
async function moveUnit(
  deps: OrgchartServiceDeps,
  tx: DbOrTx,
  unit: UnitRow,
  parentIdOrAlias: string,
): Promise<string | undefined> {
  const { repos } = deps;
  const parent = await resolveUnit(deps, tx, parentIdOrAlias);
  if (unit.parentId === null) throw errors.rootHasNoParent();
  if (parent.id === unit.parentId) return undefined;
  if ((await repos.orgchart.lineage(tx, parent.id)).includes(unit.id)) throw errors.cycle(unit.id, parent.id);
  const oldParent = (await repos.orgchart.findUnit(tx, unit.parentId))!;
  await repos.groups.removeMember(tx, oldParent.groupId, unit.groupId);
  await repos.groups.addMember(tx, parent.groupId, unit.groupId, 'GROUP', Date.now());
  return parent.id;
}

/** Rename, re-weight and move (no cycles) in one transaction. */
export async function updateUnit(
  deps: OrgchartServiceDeps,
  principal: Principal,
  idOrAlias: string,
  body: UnitUpdate,
): Promise<UnitView> {
  requireAdmin(principal);
  const chart = deps.repos.orgchart;
  return inChart(deps, async (tx) => {
    const unit = await resolveUnit(deps, tx, idOrAlias);
    const name = body.name?.trim();
    if (name !== undefined) await chart.renameGroup(tx, unit.groupId, name);
    const parentId = body.parentId !== undefined ? await moveUnit(deps, tx, unit, body.parentId) : undefined;
    await chart.updateUnit(tx, unit.id, {
      ...(name !== undefined ? { name } : {}),
      ...(body.weight !== undefined ? { weight: body.weight } : {}),
      ...(parentId !== undefined ? { parentId } : {}),
    });
    return unitView(deps, tx, (await chart.findUnit(tx, unit.id))!);
  });
}

/** Only an empty unit (no subunits, no members) goes, with its group and the permissions naming it. */
export async function deleteUnit(deps: OrgchartServiceDeps, principal: Principal, idOrAlias: string): Promise<UnitRow> {
  requireAdmin(principal);
  const chart = deps.repos.orgchart;
  return inChart(
    deps,
    async (tx) => {
      const unit = await resolveUnit(deps, tx, idOrAlias);
      if (await chart.hasChildren(tx, unit.id)) throw errors.unitNotEmpty(unit.id, 'subunits');
      if (await chart.groupHasMembers(tx, unit.groupId)) throw errors.unitNotEmpty(unit.id, 'members');
      await chart.deleteUnit(tx, unit.id);
      await deps.repos.groups.delete(tx, unit.groupId);
      await deps.acls.forgetAuthorities(tx, [unit.groupId]);
      return unit;
    },
    true,
  );
}

export async function addMember(
  deps: OrgchartServiceDeps,
  principal: Principal,
  idOrAlias: string,
  username: string,
): Promise<{ person: MemberRow; quotaUsed: number }> {
  requireAdmin(principal);
  const { groups } = deps.repos;
  const person = await inChart(deps, async (tx) => {
    const unit = await resolveUnit(deps, tx, idOrAlias);
    const found = await resolvePerson(deps, tx, principal, username);
    if (await groups.isMember(tx, unit.groupId, found.id)) throw errors.alreadyMember(found.id, unit.id);
    await groups.addMember(tx, unit.groupId, found.id, 'PERSON', Date.now());
    return found;
  });
  const used = await deps.repos.orgchart.quotaUsed(deps.db, [person.id]);
  return { person, quotaUsed: used.get(person.id) ?? 0 };
}

export async function removeMember(
  deps: OrgchartServiceDeps,
  principal: Principal,
  idOrAlias: string,
  username: string,
): Promise<void> {
  requireAdmin(principal);
  await inChart(deps, async (tx) => {
    const unit = await resolveUnit(deps, tx, idOrAlias);
    const id = username === ME ? principal.id : username;
    const person = await deps.repos.orgchart.findPerson(tx, id);
    if (!person || !(await deps.repos.groups.removeMember(tx, unit.groupId, person.id))) {
      throw errors.notInUnit(id, unit.id);
    }
  });
}
