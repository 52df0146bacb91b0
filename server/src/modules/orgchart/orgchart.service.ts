import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { orgchartErrors as errors } from './orgchart.errors.ts';
import { importChart, type ImportReport } from './orgchart.importer.ts';
import {
  isForeignKeyViolation,
  type ChildRow,
  type JobRow,
  type MemberRow,
  type OrgchartRepository,
  type UnitRow,
} from './orgchart.repository.ts';

export const ROOT_ALIAS = '-root-';
const ME = '-me-';

/** The group backing a unit: its members are the unit's members. */
export const unitGroupId = (unitId: string) => `GROUP_orgchart_${unitId}`;

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

/**
 * The organisation chart: units form a tree (one root), each backed by a group that holds the
 * unit's members and is a member of its parent unit's group; a person has at most one job.
 * Reads are for anyone signed in; changes for administrators.
 */
export function createOrgchartService(deps: OrgchartServiceDeps) {
  const { db, repos } = deps;
  const chart = repos.orgchart;

  function requireAdmin(principal: Principal): void {
    if (!principal.isAdmin) throw errors.adminOnly();
  }

  async function resolveUnit(tx: DbOrTx, idOrAlias: string): Promise<UnitRow> {
    if (idOrAlias === ROOT_ALIAS) {
      const root = await chart.findRoot(tx);
      if (!root) throw errors.noRoot();
      return root;
    }
    const unit = await chart.findUnit(tx, idOrAlias);
    if (!unit) throw errors.unitNotFound(idOrAlias);
    return unit;
  }

  async function resolvePerson(tx: DbOrTx, principal: Principal, usernameOrMe: string): Promise<MemberRow> {
    const id = usernameOrMe === ME ? principal.id : usernameOrMe;
    const person = await chart.findPerson(tx, id);
    if (!person) throw errors.memberNotFound(id);
    return person;
  }

  async function unitView(tx: DbOrTx, unit: UnitRow): Promise<UnitView> {
    const [children, ancestors] = await Promise.all([chart.children(tx, unit.id), chart.ancestors(tx, unit.id)]);
    return { unit, children, ancestors };
  }

  async function memberView(person: MemberRow): Promise<MemberView> {
    const [units, job, used] = await Promise.all([
      chart.unitsOf(db, person.id),
      chart.jobOf(db, person.id),
      chart.quotaUsed(db, [person.id]),
    ]);
    return { person, units, job, quotaUsed: used.get(person.id) ?? 0 };
  }

  /** A write transaction on the tree, serialised with the others (see the repository's lock). */
  function inChart<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (tx) => {
      await chart.lock(tx);
      return work(tx);
    });
  }

  return {
    resolvePerson,

    /** Loads a whole chart file (`npm run orgchart:import`); see orgchart.importer.ts. */
    importChart(json: unknown): Promise<ImportReport> {
      return importChart({ db, repos, acls: deps.acls, unitGroupId }, json);
    },

    async subunits(idOrAlias: string): Promise<UnitView> {
      return unitView(db, await resolveUnit(db, idOrAlias));
    },

    async members(idOrAlias: string): Promise<{ person: MemberRow; quotaUsed: number }[]> {
      const unit = await resolveUnit(db, idOrAlias);
      const people = await chart.members(db, unit.groupId);
      const used = await chart.quotaUsed(
        db,
        people.map((p) => p.id),
      );
      return people.map((person) => ({ person, quotaUsed: used.get(person.id) ?? 0 }));
    },

    async member(principal: Principal, usernameOrMe: string): Promise<MemberView> {
      return memberView(await resolvePerson(db, principal, usernameOrMe));
    },

    async createUnit(principal: Principal, body: UnitCreate): Promise<UnitView> {
      requireAdmin(principal);
      const id = body.id ?? randomUUID();
      const name = body.name.trim();
      const groupId = unitGroupId(id);
      const now = Date.now();
      try {
        return await inChart(async (tx) => {
          if (await chart.findUnit(tx, id)) throw errors.unitExists(id);
          const parent = body.parentId === undefined ? undefined : await resolveUnit(tx, body.parentId);
          if (!parent) {
            const root = await chart.findRoot(tx);
            if (root) throw errors.rootExists(root.id);
          }
          if (await repos.groups.findById(tx, groupId)) throw errors.groupExists(groupId);
          await repos.groups.insert(tx, { id: groupId, displayName: name, description: null, createdAt: now });
          if (parent) await repos.groups.addMember(tx, parent.groupId, groupId, 'GROUP', now);
          const weight = body.weight ?? 0;
          await chart.insertUnit(tx, { id, name, weight, parentId: parent?.id ?? null, groupId, createdAt: now });
          return unitView(tx, (await chart.findUnit(tx, id))!);
        });
      } catch (error) {
        // Lost a race: the same id, or a second root, committed first.
        if (isUniqueViolation(error)) throw errors.unitExists(id);
        throw error;
      }
    },

    /** Rename, re-weight and move (no cycles) in one transaction. */
    async updateUnit(principal: Principal, idOrAlias: string, body: UnitUpdate): Promise<UnitView> {
      requireAdmin(principal);
      return inChart(async (tx) => {
        const unit = await resolveUnit(tx, idOrAlias);
        const name = body.name?.trim();
        if (name !== undefined) await chart.renameGroup(tx, unit.groupId, name);
        let parentId: string | undefined;
        if (body.parentId !== undefined) {
          const parent = await resolveUnit(tx, body.parentId);
          if (unit.parentId === null) throw errors.rootHasNoParent();
          if (parent.id !== unit.parentId) {
            if ((await chart.lineage(tx, parent.id)).includes(unit.id)) throw errors.cycle(unit.id, parent.id);
            const oldParent = (await chart.findUnit(tx, unit.parentId))!;
            await repos.groups.removeMember(tx, oldParent.groupId, unit.groupId);
            await repos.groups.addMember(tx, parent.groupId, unit.groupId, 'GROUP', Date.now());
            parentId = parent.id;
          }
        }
        await chart.updateUnit(tx, unit.id, {
          ...(name !== undefined ? { name } : {}),
          ...(body.weight !== undefined ? { weight: body.weight } : {}),
          ...(parentId !== undefined ? { parentId } : {}),
        });
        return unitView(tx, (await chart.findUnit(tx, unit.id))!);
      });
    },

    /** Only an empty unit (no subunits, no members) goes, with its group and the permissions naming it. */
    async deleteUnit(principal: Principal, idOrAlias: string): Promise<UnitRow> {
      requireAdmin(principal);
      return inChart(async (tx) => {
        const unit = await resolveUnit(tx, idOrAlias);
        if (await chart.hasChildren(tx, unit.id)) throw errors.unitNotEmpty(unit.id, 'subunits');
        if (await chart.groupHasMembers(tx, unit.groupId)) throw errors.unitNotEmpty(unit.id, 'members');
        await chart.deleteUnit(tx, unit.id);
        await repos.groups.delete(tx, unit.groupId);
        await deps.acls.forgetAuthorities(tx, [unit.groupId]);
        return unit;
      });
    },

    async addMember(
      principal: Principal,
      idOrAlias: string,
      username: string,
    ): Promise<{ person: MemberRow; quotaUsed: number }> {
      requireAdmin(principal);
      const person = await inChart(async (tx) => {
        const unit = await resolveUnit(tx, idOrAlias);
        const found = await resolvePerson(tx, principal, username);
        if (await repos.groups.isMember(tx, unit.groupId, found.id)) throw errors.alreadyMember(found.id, unit.id);
        await repos.groups.addMember(tx, unit.groupId, found.id, 'PERSON', Date.now());
        return found;
      });
      const used = await chart.quotaUsed(db, [person.id]);
      return { person, quotaUsed: used.get(person.id) ?? 0 };
    },

    async removeMember(principal: Principal, idOrAlias: string, username: string): Promise<void> {
      requireAdmin(principal);
      await inChart(async (tx) => {
        const unit = await resolveUnit(tx, idOrAlias);
        const id = username === ME ? principal.id : username;
        const person = await chart.findPerson(tx, id);
        if (!person || !(await repos.groups.removeMember(tx, unit.groupId, person.id))) {
          throw errors.notInUnit(id, unit.id);
        }
      });
    },

    listJobs(): Promise<JobRow[]> {
      return chart.listJobs(db);
    },

    async createJob(principal: Principal, body: { id?: string; name: string }): Promise<JobRow> {
      requireAdmin(principal);
      const job = { id: body.id ?? randomUUID(), name: body.name.trim() };
      if (await chart.findJob(db, job.id)) throw errors.jobExists(job.id);
      try {
        await chart.insertJob(db, job, Date.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.jobExists(job.id);
        throw error;
      }
      return job;
    },

    async updateJob(principal: Principal, id: string, body: { name: string }): Promise<JobRow> {
      requireAdmin(principal);
      const job = await chart.findJob(db, id);
      if (!job) throw errors.jobNotFound(id);
      await chart.renameJob(db, job.id, body.name.trim());
      return { id: job.id, name: body.name.trim() };
    },

    async deleteJob(principal: Principal, id: string): Promise<JobRow> {
      requireAdmin(principal);
      const job = await chart.findJob(db, id);
      if (!job) throw errors.jobNotFound(id);
      const holders = await chart.jobHolders(db, job.id);
      if (holders > 0) throw errors.jobInUse(job.id, holders);
      try {
        await chart.deleteJob(db, job.id);
      } catch (error) {
        // Given to someone since the check.
        if (isForeignKeyViolation(error)) throw errors.jobInUse(job.id, await chart.jobHolders(db, job.id));
        throw error;
      }
      return job;
    },

    async setJob(principal: Principal, usernameOrMe: string, jobId: string): Promise<MemberView> {
      requireAdmin(principal);
      const person = await resolvePerson(db, principal, usernameOrMe);
      const job = await chart.findJob(db, jobId);
      if (!job) throw errors.jobNotFound(jobId);
      try {
        await db.transaction().execute((tx) => chart.setJob(tx, person.id, job.id));
      } catch (error) {
        // Deleted since it was read.
        if (isForeignKeyViolation(error)) throw errors.jobNotFound(jobId);
        throw error;
      }
      return memberView(person);
    },

    async clearJob(principal: Principal, usernameOrMe: string): Promise<MemberView> {
      requireAdmin(principal);
      const person = await resolvePerson(db, principal, usernameOrMe);
      if (!(await chart.clearJob(db, person.id))) throw errors.noJob(person.id);
      return memberView(person);
    },
  };
}

export type OrgchartService = ReturnType<typeof createOrgchartService>;
