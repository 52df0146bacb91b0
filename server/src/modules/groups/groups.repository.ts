import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { jsonList } from '../../db/json-list.ts';
import { onPostgres } from '../../db/row-locks.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';

export interface GroupRecord {
  id: string;
  displayName: string;
  description: string | null;
  createdAt: number;
}

export interface MemberRecord {
  id: string;
  displayName: string;
  memberType: 'PERSON' | 'GROUP';
}

export const GROUP_EVERYONE = 'GROUP_EVERYONE';
export const GROUP_ADMINISTRATORS = 'GROUP_ALFRESCO_ADMINISTRATORS';

/** The hot lookups, compiled once per repository. */
function groupLookups() {
  return {
    // Transitive: the groups a member is in, directly or through other groups (UNION stops cycles).
    containing: reusableQuery((db, p: Params<{ memberId: string }>) =>
      db
        .withRecursive('g(id)', (qb) =>
          qb
            .selectFrom('groupMembers')
            .select('groupId as id')
            .where('memberId', '=', p.memberId)
            .union(qb.selectFrom('groupMembers as m').innerJoin('g', 'g.id', 'm.memberId').select('m.groupId as id')),
        )
        .selectFrom('g')
        .select('id'),
    ),
    byKey: reusableQuery((db, p: Params<{ key: string }>) =>
      db.selectFrom('groups').selectAll().where('idKey', '=', p.key),
    ),
  };
}

export interface GroupListOptions {
  skip: number;
  limit: number;
  isRoot?: boolean;
  hidden?: readonly string[];
}

async function list(db: DbOrTx, options: GroupListOptions): Promise<{ items: GroupRecord[]; total: number }> {
  let query = db.selectFrom('groups');
  if (options.hidden?.length) {
    query = query.where('idKey', 'not in', jsonList(options.hidden.map((id) => id.toLowerCase())));
  }
  if (options.isRoot !== undefined) {
    const parented = db.selectFrom('groupMembers').select('memberId').where('memberType', '=', 'GROUP');
    query = query.where('id', options.isRoot ? 'not in' : 'in', parented);
  }
  const items = await query
    .select(['id', 'displayName', 'description', 'createdAt'])
    .orderBy(sql`lower(display_name)`)
    .orderBy('id')
    .limit(options.limit)
    .offset(options.skip)
    .execute();
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { items, total: Number(n) };
}

/** Groups by id, in display-name order, paged. */
async function listByIds(db: DbOrTx, ids: readonly string[], skip: number, limit: number): Promise<GroupRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('groups')
    .select(['id', 'displayName', 'description', 'createdAt'])
    .where('id', 'in', jsonList(ids))
    .orderBy(sql`lower(display_name)`)
    .orderBy('id')
    .limit(limit)
    .offset(skip)
    .execute();
}

async function parentIds(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db.selectFrom('groupMembers').select('groupId').where('memberId', '=', id).execute();
  return rows.map((r) => r.groupId).sort();
}

/** Whether the group has groups among its direct members. */
async function hasSubgroups(db: DbOrTx, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('groupMembers')
    .select('memberId')
    .where('groupId', '=', id)
    .where('memberType', '=', 'GROUP')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function insert(db: DbOrTx, group: GroupRecord): Promise<void> {
  await db
    .insertInto('groups')
    .values({ ...group, idKey: group.id.toLowerCase(), nodeUuid: randomUUID() })
    .execute();
}

/**
 * The group's row first (its own members go with it, by the foreign key), then the memberships
 * that name it: an addition of it as a member holds its row (hold), so on PostgreSQL the second
 * statement, run once that addition committed, sees and removes its membership too.
 */
async function deleteGroup(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
  await db.deleteFrom('groupMembers').where('memberId', '=', id).execute();
}

/**
 * Holds these groups' rows until the transaction ends (PostgreSQL; SQLite has one writer), in id
 * order, so two transactions holding the same groups never wait for each other; answers the ids
 * that exist.
 */
async function hold(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const id of [...new Set(ids)].sort()) {
    const query = db.selectFrom('groups').select('id').where('id', '=', id);
    const row = await (onPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
    if (row) found.add(row.id);
  }
  return found;
}

/** The group's direct members, people and groups, by display name; `hidden` groups left out. */
async function members(db: DbOrTx, groupId: string, skip: number, limit: number, hidden: readonly string[] = []) {
  const people = db
    .selectFrom('groupMembers as m')
    .innerJoin('people as p', 'p.id', 'm.memberId')
    .select([
      'm.memberId as id',
      sql<string>`trim(p.first_name || ' ' || coalesce(p.last_name, ''))`.as('displayName'),
      'm.memberType',
    ])
    .where('m.groupId', '=', groupId);
  const groups = db
    .selectFrom('groupMembers as m')
    .innerJoin('groups as g', 'g.id', 'm.memberId')
    .select(['m.memberId as id', 'g.displayName', 'm.memberType'])
    .where('m.groupId', '=', groupId)
    .$if(hidden.length > 0, (q) => q.where('m.memberId', 'not in', jsonList(hidden)));
  const all = people.unionAll(groups);
  const items = await db
    .selectFrom(all.as('x'))
    .selectAll()
    .orderBy(sql`lower(display_name)`)
    .orderBy('id')
    .limit(limit)
    .offset(skip)
    .execute();
  const { n } = await db
    .selectFrom('groupMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('groupId', '=', groupId)
    .$if(hidden.length > 0, (q) => q.where('memberId', 'not in', jsonList(hidden)))
    .executeTakeFirstOrThrow();
  return { items: items as MemberRecord[], total: Number(n) };
}

async function isMember(db: DbOrTx, groupId: string, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('groupMembers')
    .select('memberId')
    .where('groupId', '=', groupId)
    .where('memberId', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

async function addMember(db: DbOrTx, groupId: string, memberId: string, memberType: 'PERSON' | 'GROUP', now: number) {
  await db.insertInto('groupMembers').values({ groupId, memberId, memberType, createdAt: now }).execute();
}

async function removeMember(db: DbOrTx, groupId: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('groupMembers')
    .where('groupId', '=', groupId)
    .where('memberId', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** SQL of groups and their members (people and groups); the hot lookups are compiled once per repository. */
export function createGroupsRepository() {
  const { containing, byKey } = groupLookups();
  return {
    /** Every group the member belongs to, directly or not. */
    async groupsOf(db: DbOrTx, memberId: string): Promise<string[]> {
      return (await containing(db, { memberId })).rows.map((r) => r.id);
    },

    async findById(db: DbOrTx, id: string): Promise<GroupRecord | undefined> {
      const row = (await byKey(db, { key: id.toLowerCase() })).rows[0];
      return (
        row && { id: row.id, displayName: row.displayName, description: row.description, createdAt: row.createdAt }
      );
    },

    list,
    listByIds,
    parentIds,
    hasSubgroups,
    insert,
    delete: deleteGroup,
    hold,
    members,
    isMember,
    addMember,
    removeMember,
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
