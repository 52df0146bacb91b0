import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { clearJob, createJob, deleteJob, setJob, updateJob } from './orgchart-jobs.service.ts';
import { memberView, resolvePerson, resolveUnit, unitView } from './orgchart-lookups.ts';
import { addMember, createUnit, deleteUnit, removeMember, unitGroupId, updateUnit } from './orgchart-units.service.ts';
import { importChart, type ImportReport } from './orgchart.importer.ts';
import type { ChildRow, JobRow, MemberRow, OrgchartRepository, UnitRow } from './orgchart.repository.ts';

export { ROOT_ALIAS } from './orgchart-lookups.ts';
export { unitGroupId } from './orgchart-units.service.ts';

export interface OrgchartServiceDeps {
  db: Db;
  repos: { orgchart: OrgchartRepository; groups: GroupsRepository };
  acls: Pick<AclsService, 'forgetAuthorities'>;
}

export interface UnitView {
  unit: UnitRow;
  children: ChildRow[];
  /** The root first, down to the unit's parent. */
  ancestors: { id: string; name: string }[];
}

export interface MemberView {
  person: MemberRow;
  quotaUsed: number;
  units: { id: string; name: string; weight: number }[];
  job: JobRow | undefined;
}

export interface UnitCreate {
  id?: string;
  name: string;
  parentId?: string;
  weight?: number;
}

export interface UnitUpdate {
  name?: string;
  parentId?: string;
  weight?: number;
}

/** The person members of a unit, with the bytes each owns. */
async function unitMembers(
  deps: OrgchartServiceDeps,
  idOrAlias: string,
): Promise<{ person: MemberRow; quotaUsed: number }[]> {
  const { db } = deps;
  const chart = deps.repos.orgchart;
  const unit = await resolveUnit(deps, db, idOrAlias);
  const people = await chart.members(db, unit.groupId);
  const used = await chart.quotaUsed(
    db,
    people.map((p) => p.id),
  );
  return people.map((person) => ({ person, quotaUsed: used.get(person.id) ?? 0 }));
}

/**
 * The organisation chart: units form a tree (one root), each backed by a group that holds the
 * unit's members and is a member of its parent unit's group; a person has at most one job.
 * Reads are for anyone signed in; changes for administrators (orgchart-units.service.ts,
 * orgchart-jobs.service.ts).
 */
export function createOrgchartService(deps: OrgchartServiceDeps) {
  const { db, repos } = deps;
  return {
    resolvePerson: (tx: DbOrTx, principal: Principal, usernameOrMe: string): Promise<MemberRow> =>
      resolvePerson(deps, tx, principal, usernameOrMe),

    /** Loads a whole chart file (`npm run orgchart:import`); see orgchart.importer.ts. */
    importChart: (json: unknown): Promise<ImportReport> =>
      importChart({ db, repos, acls: deps.acls, unitGroupId }, json),

    subunits: async (idOrAlias: string): Promise<UnitView> =>
      unitView(deps, db, await resolveUnit(deps, db, idOrAlias)),
    members: (idOrAlias: string) => unitMembers(deps, idOrAlias),
    member: async (principal: Principal, usernameOrMe: string): Promise<MemberView> =>
      memberView(deps, await resolvePerson(deps, db, principal, usernameOrMe)),

    createUnit: (principal: Principal, body: UnitCreate) => createUnit(deps, principal, body),
    updateUnit: (principal: Principal, idOrAlias: string, body: UnitUpdate) =>
      updateUnit(deps, principal, idOrAlias, body),
    deleteUnit: (principal: Principal, idOrAlias: string) => deleteUnit(deps, principal, idOrAlias),
    addMember: (principal: Principal, idOrAlias: string, username: string) =>
      addMember(deps, principal, idOrAlias, username),
    removeMember: (principal: Principal, idOrAlias: string, username: string) =>
      removeMember(deps, principal, idOrAlias, username),

    listJobs: (): Promise<JobRow[]> => repos.orgchart.listJobs(db),
    createJob: (principal: Principal, body: { id?: string; name: string }) => createJob(deps, principal, body),
    updateJob: (principal: Principal, id: string, body: { name: string }) => updateJob(deps, principal, id, body),
    deleteJob: (principal: Principal, id: string) => deleteJob(deps, principal, id),
    setJob: (principal: Principal, usernameOrMe: string, jobId: string) => setJob(deps, principal, usernameOrMe, jobId),
    clearJob: (principal: Principal, usernameOrMe: string) => clearJob(deps, principal, usernameOrMe),
  };
}

export type OrgchartService = ReturnType<typeof createOrgchartService>;
