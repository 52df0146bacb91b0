import type { DbOrTx } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import type { Principal } from '../../http/principal.ts';
import { orgchartErrors as errors } from './orgchart.errors.ts';
import type { MemberRow, UnitRow } from './orgchart.repository.ts';
import type { MemberView, OrgchartServiceDeps, UnitView } from './orgchart.service.ts';

/**
 * What the reads and the changes of the organisation chart share: units and people by id or
 * alias, their views, the administrators' check and the chart's write transaction.
 */

export const ROOT_ALIAS = '-root-';
export const ME = '-me-';

export function requireAdmin(principal: Principal): void {
  if (!principal.isAdmin) throw errors.adminOnly();
}

export async function resolveUnit(deps: OrgchartServiceDeps, tx: DbOrTx, idOrAlias: string): Promise<UnitRow> {
  const chart = deps.repos.orgchart;
  if (idOrAlias === ROOT_ALIAS) {
    const root = await chart.findRoot(tx);
    if (!root) throw errors.noRoot();
    return root;
  }
  const unit = await chart.findUnit(tx, idOrAlias);
  if (!unit) throw errors.unitNotFound(idOrAlias);
  return unit;
}

export async function resolvePerson(
  deps: OrgchartServiceDeps,
  tx: DbOrTx,
  principal: Principal,
  usernameOrMe: string,
): Promise<MemberRow> {
  const id = usernameOrMe === ME ? principal.id : usernameOrMe;
  const person = await deps.repos.orgchart.findPerson(tx, id);
  if (!person) throw errors.memberNotFound(id);
  return person;
}

export async function unitView(deps: OrgchartServiceDeps, tx: DbOrTx, unit: UnitRow): Promise<UnitView> {
  const chart = deps.repos.orgchart;
  const [children, ancestors] = await Promise.all([chart.children(tx, unit.id), chart.ancestors(tx, unit.id)]);
  return { unit, children, ancestors };
}

export async function memberView(deps: OrgchartServiceDeps, person: MemberRow): Promise<MemberView> {
  const { db } = deps;
  const chart = deps.repos.orgchart;
  const [units, job, used] = await Promise.all([
    chart.unitsOf(db, person.id),
    chart.jobOf(db, person.id),
    chart.quotaUsed(db, [person.id]),
  ]);
  return { person, units, job, quotaUsed: used.get(person.id) ?? 0 };
}

/**
 * A write transaction on the tree, serialised with the others (see the repository's lock).
 * `repointsAcls`: it takes a group's entries off nodes (a unit deleted), which re-points ACLs:
 * the node graph's lock first, as permission changes and moves take it (db/row-locks.ts).
 */
export function inChart<T>(
  deps: OrgchartServiceDeps,
  work: (tx: DbOrTx) => Promise<T>,
  repointsAcls = false,
): Promise<T> {
  return deps.db.transaction().execute(async (tx) => {
    if (repointsAcls) await lockNodeGraph(tx);
    await deps.repos.orgchart.lock(tx);
    return work(tx);
  });
}
