import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { inBatches } from '../../db/batches.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import type { JobRow, MemberRow } from './orgchart.repository.ts';

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

/** The hot member lookups, compiled once per repository. */
function memberLookups() {
  return {
    membersOf: reusableQuery((db, p: Params<{ groupId: string }>) =>
      db
        .selectFrom('groupMembers as m')
        .innerJoin('people as p', 'p.id', 'm.memberId')
        .select(MEMBER_COLUMNS)
        .where('m.groupId', '=', p.groupId)
        .where('m.memberType', '=', sql.lit<'PERSON'>('PERSON'))
        .orderBy(sql`lower(coalesce(p.last_name, ''))`)
        .orderBy(sql`lower(p.first_name)`)
        .orderBy('p.id'),
    ),
    personByKey: reusableQuery((db, p: Params<{ key: string }>) =>
      db.selectFrom('people as p').select(MEMBER_COLUMNS).where('p.idKey', '=', p.key),
    ),
    unitsOfPerson: reusableQuery((db, p: Params<{ personId: string }>) =>
      db
        .selectFrom('groupMembers as m')
        .innerJoin('orgchartUnits as u', 'u.groupId', 'm.groupId')
        .select(['u.id', 'u.name', 'u.weight'])
        .where('m.memberId', '=', p.personId)
        .where('m.memberType', '=', sql.lit<'PERSON'>('PERSON'))
        .orderBy('u.weight')
        .orderBy(sql`lower(u.name)`)
        .orderBy('u.id'),
    ),
    jobOfPerson: reusableQuery((db, p: Params<{ personId: string }>) =>
      db
        .selectFrom('orgchartMemberJobs as mj')
        .innerJoin('orgchartJobs as j', 'j.id', 'mj.jobId')
        .select(['j.id', 'j.name'])
        .where('mj.personId', '=', p.personId),
    ),
  };
}

/** A unit's members, a person, their units and job: over lookups made once per repository. */
export function memberReads() {
  const { membersOf, personByKey, unitsOfPerson, jobOfPerson } = memberLookups();
  return {
    /** The person members of a group, by last name, then first name (case-insensitively), then id. */
    async members(db: DbOrTx, groupId: string): Promise<MemberRow[]> {
      return (await membersOf(db, { groupId })).rows.map(toMember);
    },

    async findPerson(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
      const row = (await personByKey(db, { key: id.toLowerCase() })).rows[0];
      return row && toMember(row);
    },

    async unitsOf(db: DbOrTx, personId: string): Promise<{ id: string; name: string; weight: number }[]> {
      return (await unitsOfPerson(db, { personId })).rows.map((r) => ({ ...r, weight: Number(r.weight) }));
    },

    async jobOf(db: DbOrTx, personId: string): Promise<JobRow | undefined> {
      return (await jobOfPerson(db, { personId })).rows[0];
    },
  };
}

/** Existing person ids of these (any case) → their canonical id. */
export async function personIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
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
}

/** Bytes of content each person owns (people who own nothing are absent): as many as a unit's members. */
export async function quotaUsed(db: DbOrTx, personIds: readonly string[]): Promise<Map<string, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await inBatches(personIds, (batch) =>
    db
      .selectFrom('personUsage')
      .select(['ownerId', (eb) => eb.fn.sum<number | string>('bytes').as('bytes')])
      .where('ownerId', 'in', batch)
      .groupBy('ownerId')
      .execute(),
  );
  return new Map(rows.map((r) => [r.ownerId, Number(r.bytes)]));
}

/** The ids of a group's person members. */
export async function personMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('groupMembers')
    .select('memberId')
    .where('groupId', '=', groupId)
    .where('memberType', '=', 'PERSON')
    .execute();
  return rows.map((r) => r.memberId);
}

export async function addPeopleToGroup(
  db: DbOrTx,
  groupId: string,
  personIds: readonly string[],
  now: number,
): Promise<void> {
  for (let i = 0; i < personIds.length; i += 500) {
    const values = personIds
      .slice(i, i + 500)
      .map((memberId) => ({ groupId, memberId, memberType: 'PERSON' as const, createdAt: now }));
    await db.insertInto('groupMembers').values(values).execute();
  }
}

export async function removePeopleFromGroup(db: DbOrTx, groupId: string, personIds: readonly string[]): Promise<void> {
  for (let i = 0; i < personIds.length; i += 500) {
    await db
      .deleteFrom('groupMembers')
      .where('groupId', '=', groupId)
      .where('memberId', 'in', personIds.slice(i, i + 500))
      .execute();
  }
}

/** The member queries that need no lookup made per repository. */
export const memberQueries = { personIds, quotaUsed, personMemberIds, addPeopleToGroup, removePeopleFromGroup };
