import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';

/** A unit with what its record shows of its group. */
export interface UnitRow {
  id: string;
  name: string;
  weight: number;
  parentId: string | null;
  /** The group's authority name (GROUP_orgchart_<id>). */
  groupId: string;
  /** The uuid of the group's node reference. */
  groupUuid: string;
}

export interface ChildRow extends UnitRow {
  hasChild: boolean;
}

/** The person fields of a member record. */
export interface MemberRow {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  enabled: boolean;
  avatarId: string | null;
  jobTitle: string | null;
  googleId: string | null;
  location: string | null;
  mobile: string | null;
  skypeId: string | null;
  telephone: string | null;
  quota: number;
  nodeUuid: string;
}

export interface JobRow {
  id: string;
  name: string;
}

export interface NewUnit {
  id: string;
  name: string;
  weight: number;
  parentId: string | null;
  groupId: string;
  createdAt: number;
}

const UNIT_COLUMNS = ['u.id', 'u.name', 'u.weight', 'u.parentId', 'u.groupId', 'g.nodeUuid as groupUuid'] as const;
const MEMBER_COLUMNS = [
  'p.id',
  'p.firstName',
  'p.lastName',
  'p.email',
  'p.enabled',
  'p.avatarId',
  'p.jobTitle',
  'p.googleId',
  'p.location',
  'p.mobile',
  'p.skypeId',
  'p.telephone',
  'p.quota',
  'p.nodeUuid',
] as const;

type RawMember = Omit<MemberRow, 'enabled'> & { enabled: number };

const toMember = (row: RawMember): MemberRow => ({
  ...row,
  enabled: Number(row.enabled) === 1,
  quota: Number(row.quota),
});
const toUnit = (row: UnitRow): UnitRow => ({ ...row, weight: Number(row.weight) });

/** True when the error is a foreign-key violation in either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** SQL of the organisation chart: units, their members (through their groups), jobs. */
export function createOrgchartRepository() {
  const unitByKey = reusableQuery((db, p: Params<{ key: string }>) =>
    db
      .selectFrom('orgchartUnits as u')
      .innerJoin('groups as g', 'g.id', 'u.groupId')
      .select(UNIT_COLUMNS)
      .where('u.idKey', '=', p.key),
  );
  const root = reusableQuery((db) =>
    db
      .selectFrom('orgchartUnits as u')
      .innerJoin('groups as g', 'g.id', 'u.groupId')
      .select(UNIT_COLUMNS)
      .where('u.parentId', 'is', null),
  );
  const childrenOf = reusableQuery((db, p: Params<{ parentId: string }>) =>
    db
      .selectFrom('orgchartUnits as u')
      .innerJoin('groups as g', 'g.id', 'u.groupId')
      .select(UNIT_COLUMNS)
      .select((eb) =>
        eb
          .exists(eb.selectFrom('orgchartUnits as c').select('c.id').whereRef('c.parentId', '=', 'u.id'))
          .as('hasChild'),
      )
      .where('u.parentId', '=', p.parentId)
      .orderBy('u.weight')
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id'),
  );
  const membersOf = reusableQuery((db, p: Params<{ groupId: string }>) =>
    db
      .selectFrom('groupMembers as m')
      .innerJoin('people as p', 'p.id', 'm.memberId')
      .select(MEMBER_COLUMNS)
      .where('m.groupId', '=', p.groupId)
      .where('m.memberType', '=', sql.lit<'PERSON'>('PERSON'))
      .orderBy(sql`lower(coalesce(p.last_name, ''))`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy('p.id'),
  );
  const personByKey = reusableQuery((db, p: Params<{ key: string }>) =>
    db.selectFrom('people as p').select(MEMBER_COLUMNS).where('p.idKey', '=', p.key),
  );
  const unitsOfPerson = reusableQuery((db, p: Params<{ personId: string }>) =>
    db
      .selectFrom('groupMembers as m')
      .innerJoin('orgchartUnits as u', 'u.groupId', 'm.groupId')
      .select(['u.id', 'u.name', 'u.weight'])
      .where('m.memberId', '=', p.personId)
      .where('m.memberType', '=', sql.lit<'PERSON'>('PERSON'))
      .orderBy('u.weight')
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id'),
  );
  const jobOfPerson = reusableQuery((db, p: Params<{ personId: string }>) =>
    db
      .selectFrom('orgchartMemberJobs as mj')
      .innerJoin('orgchartJobs as j', 'j.id', 'mj.jobId')
      .select(['j.id', 'j.name'])
      .where('mj.personId', '=', p.personId),
  );

  return {
    async findUnit(db: DbOrTx, id: string): Promise<UnitRow | undefined> {
      const row = (await unitByKey(db, { key: id.toLowerCase() })).rows[0];
      return row && toUnit(row);
    },

    async findRoot(db: DbOrTx): Promise<UnitRow | undefined> {
      const row = (await root(db)).rows[0];
      return row && toUnit(row);
    },

    /** The direct subunits, by weight, then name (case-insensitively), then id. */
    async children(db: DbOrTx, parentId: string): Promise<ChildRow[]> {
      return (await childrenOf(db, { parentId })).rows.map((r) => ({
        ...toUnit(r),
        hasChild: r.hasChild === true || Number(r.hasChild) === 1,
      }));
    },

    async hasChildren(db: DbOrTx, id: string): Promise<boolean> {
      const row = await db.selectFrom('orgchartUnits').select('id').where('parentId', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** The unit and its ancestors' ids, up to the root. */
    async lineage(db: DbOrTx, id: string): Promise<string[]> {
      const rows = await db
        .withRecursive('a(id, parentId)', (qb) =>
          qb
            .selectFrom('orgchartUnits')
            .select(['id', 'parentId'])
            .where('id', '=', id)
            .unionAll(
              qb.selectFrom('orgchartUnits as u').innerJoin('a', 'a.parentId', 'u.id').select(['u.id', 'u.parentId']),
            ),
        )
        .selectFrom('a')
        .select('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The unit's ancestors, the root first, without the unit itself. */
    async ancestors(db: DbOrTx, id: string): Promise<{ id: string; name: string }[]> {
      const rows = await db
        .withRecursive('a(id, name, parentId, depth)', (qb) =>
          qb
            .selectFrom('orgchartUnits')
            .select(['id', 'name', 'parentId', sql<number>`0`.as('depth')])
            .where('id', '=', id)
            .unionAll(
              qb
                .selectFrom('orgchartUnits as u')
                .innerJoin('a', 'a.parentId', 'u.id')
                .select(['u.id', 'u.name', 'u.parentId', sql<number>`a.depth + 1`.as('depth')]),
            ),
        )
        .selectFrom('a')
        .select(['id', 'name'])
        .where('depth', '>', 0)
        .orderBy('depth', 'desc')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },

    /** The person members of a group, by last name, then first name (case-insensitively), then id. */
    async members(db: DbOrTx, groupId: string): Promise<MemberRow[]> {
      return (await membersOf(db, { groupId })).rows.map(toMember);
    },

    async findPerson(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
      const row = (await personByKey(db, { key: id.toLowerCase() })).rows[0];
      return row && toMember(row);
    },

    /** Existing person ids of these (any case) → their canonical id. */
    async personIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const keys = [...new Set(ids.map((id) => id.toLowerCase()))];
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await db
          .selectFrom('people')
          .select(['id', 'idKey'])
          .where('idKey', 'in', keys.slice(i, i + 500))
          .execute();
        for (const r of rows) found.set(r.idKey, r.id);
      }
      return found;
    },

    async unitsOf(db: DbOrTx, personId: string): Promise<{ id: string; name: string; weight: number }[]> {
      return (await unitsOfPerson(db, { personId })).rows.map((r) => ({ ...r, weight: Number(r.weight) }));
    },

    async jobOf(db: DbOrTx, personId: string): Promise<JobRow | undefined> {
      return (await jobOfPerson(db, { personId })).rows[0];
    },

    /** Bytes of content each person owns (people who own nothing are absent). */
    async quotaUsed(db: DbOrTx, personIds: readonly string[]): Promise<Map<string, number>> {
      if (personIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('personUsage')
        .select(['ownerId', (eb) => eb.fn.sum<number | string>('bytes').as('bytes')])
        .where('ownerId', 'in', [...personIds])
        .groupBy('ownerId')
        .execute();
      return new Map(rows.map((r) => [r.ownerId, Number(r.bytes)]));
    },

    async insertUnit(db: DbOrTx, unit: NewUnit): Promise<void> {
      await db
        .insertInto('orgchartUnits')
        .values({ ...unit, idKey: unit.id.toLowerCase() })
        .execute();
    },

    async updateUnit(
      db: DbOrTx,
      id: string,
      patch: Partial<Pick<NewUnit, 'name' | 'weight' | 'parentId'>>,
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('orgchartUnits').set(patch).where('id', '=', id).execute();
    },

    /** A unit's group is named after it: renaming the unit renames the group's display name. */
    async renameGroup(db: DbOrTx, groupId: string, name: string): Promise<void> {
      await db.updateTable('groups').set({ displayName: name }).where('id', '=', groupId).execute();
    },

    /** Any member at all: people, or groups (subunits' or others). */
    async groupHasMembers(db: DbOrTx, groupId: string): Promise<boolean> {
      const row = await db
        .selectFrom('groupMembers')
        .select('memberId')
        .where('groupId', '=', groupId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteUnit(db: DbOrTx, id: string): Promise<void> {
      await db.deleteFrom('orgchartUnits').where('id', '=', id).execute();
    },

    /** Every unit (the import compares the file with them). */
    async allUnits(db: DbOrTx): Promise<UnitRow[]> {
      const rows = await db
        .selectFrom('orgchartUnits as u')
        .innerJoin('groups as g', 'g.id', 'u.groupId')
        .select(UNIT_COLUMNS)
        .execute();
      return rows.map(toUnit);
    },

    /**
     * Serialises changes to the tree: each write transaction first writes the root row, so on
     * PostgreSQL two moves cannot both pass the cycle check, nor a delete the emptiness check
     * while a child is added (SQLite has one writer).
     */
    async lock(db: DbOrTx): Promise<void> {
      await db
        .updateTable('orgchartUnits')
        .set((eb) => ({ weight: eb.ref('weight') }))
        .where('parentId', 'is', null)
        .execute();
    },

    /** The ids of a group's person members. */
    async personMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('groupMembers')
        .select('memberId')
        .where('groupId', '=', groupId)
        .where('memberType', '=', 'PERSON')
        .execute();
      return rows.map((r) => r.memberId);
    },

    async addPeopleToGroup(db: DbOrTx, groupId: string, personIds: readonly string[], now: number): Promise<void> {
      for (let i = 0; i < personIds.length; i += 500) {
        const values = personIds
          .slice(i, i + 500)
          .map((memberId) => ({ groupId, memberId, memberType: 'PERSON' as const, createdAt: now }));
        await db.insertInto('groupMembers').values(values).execute();
      }
    },

    async removePeopleFromGroup(db: DbOrTx, groupId: string, personIds: readonly string[]): Promise<void> {
      for (let i = 0; i < personIds.length; i += 500) {
        await db
          .deleteFrom('groupMembers')
          .where('groupId', '=', groupId)
          .where('memberId', 'in', personIds.slice(i, i + 500))
          .execute();
      }
    },

    async clearAllJobs(db: DbOrTx): Promise<void> {
      await db.deleteFrom('orgchartMemberJobs').execute();
    },

    async listJobs(db: DbOrTx): Promise<JobRow[]> {
      return db
        .selectFrom('orgchartJobs')
        .select(['id', 'name'])
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();
    },

    async findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('orgchartJobs')
        .select(['id', 'name'])
        .where('idKey', '=', id.toLowerCase())
        .executeTakeFirst();
    },

    async insertJob(db: DbOrTx, job: JobRow, now: number): Promise<void> {
      await db
        .insertInto('orgchartJobs')
        .values({ ...job, idKey: job.id.toLowerCase(), createdAt: now })
        .execute();
    },

    async renameJob(db: DbOrTx, id: string, name: string): Promise<void> {
      await db.updateTable('orgchartJobs').set({ name }).where('id', '=', id).execute();
    },

    async deleteJob(db: DbOrTx, id: string): Promise<void> {
      await db.deleteFrom('orgchartJobs').where('id', '=', id).execute();
    },

    /** How many people have the job. */
    async jobHolders(db: DbOrTx, id: string): Promise<number> {
      const { n } = await db
        .selectFrom('orgchartMemberJobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('jobId', '=', id)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async setJob(db: DbOrTx, personId: string, jobId: string): Promise<void> {
      await db.deleteFrom('orgchartMemberJobs').where('personId', '=', personId).execute();
      await db.insertInto('orgchartMemberJobs').values({ personId, jobId }).execute();
    },

    async clearJob(db: DbOrTx, personId: string): Promise<boolean> {
      const result = await db.deleteFrom('orgchartMemberJobs').where('personId', '=', personId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type OrgchartRepository = ReturnType<typeof createOrgchartRepository>;
