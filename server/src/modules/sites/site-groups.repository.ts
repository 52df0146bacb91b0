import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { parseRoleGroup, roleGroup, SITE_ROLES, siteGroup, type SiteRole } from './sites.model.ts';

/** A site's groups and memberships: the site group holds one group per role; members are in one. */

const roleGroups = (siteId: string) => SITE_ROLES.map((r) => roleGroup(siteId, r));

/** The site's group and its role groups (members of the site group). */
export async function createGroups(db: DbOrTx, siteId: string, now: number): Promise<void> {
  const site = siteGroup(siteId);
  const groups = [site, ...roleGroups(siteId)];
  await db
    .insertInto('groups')
    .values(
      groups.map((id) => ({
        id,
        idKey: id.toLowerCase(),
        displayName: id.slice('GROUP_'.length),
        description: null,
        createdAt: now,
        nodeUuid: randomUUID(),
      })),
    )
    .execute();
  await db
    .insertInto('groupMembers')
    .values(roleGroups(siteId).map((id) => ({ groupId: site, memberId: id, memberType: 'GROUP', createdAt: now })))
    .execute();
}

/** The site's groups with every membership in or of them. */
export async function deleteGroups(db: DbOrTx, siteId: string): Promise<void> {
  const groups = [siteGroup(siteId), ...roleGroups(siteId)];
  await db.deleteFrom('groupMembers').where('memberId', 'in', groups).execute();
  await db.deleteFrom('groupMembers').where('groupId', 'in', groups).execute();
  await db.deleteFrom('groups').where('id', 'in', groups).execute();
}

/**
 * Serialises membership changes of one site until the transaction ends (a row lock on its
 * group in PostgreSQL; SQLite has one writer anyway), so two concurrent changes cannot both
 * pass the last-manager check.
 */
export async function lock(tx: DbOrTx, siteId: string): Promise<void> {
  await tx
    .updateTable('groups')
    .set({ displayName: sql.ref('displayName') })
    .where('id', '=', siteGroup(siteId))
    .execute();
}

/** The person's role in the site (direct membership of a role group). */
export async function roleOf(db: DbOrTx, siteId: string, personId: string): Promise<SiteRole | undefined> {
  const rows = await db
    .selectFrom('groupMembers')
    .select('groupId')
    .where('memberId', '=', personId)
    .where('groupId', 'in', roleGroups(siteId))
    .execute();
  const held = new Set(rows.map((r) => r.groupId));
  return SITE_ROLES.find((role) => held.has(roleGroup(siteId, role)));
}

/** Makes the person a member with this role (replacing any other), or no member (undefined). */
export async function setRole(db: DbOrTx, siteId: string, personId: string, role: SiteRole | undefined, now: number) {
  await db
    .deleteFrom('groupMembers')
    .where('memberId', '=', personId)
    .where('groupId', 'in', roleGroups(siteId))
    .execute();
  if (role) {
    await db
      .insertInto('groupMembers')
      .values({ groupId: roleGroup(siteId, role), memberId: personId, memberType: 'PERSON', createdAt: now })
      .execute();
  }
}

export async function countManagers(db: DbOrTx, siteId: string): Promise<number> {
  const { n } = await db
    .selectFrom('groupMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('groupId', '=', roleGroup(siteId, 'SiteManager'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** People who are members, by last name, first name, role and id; paged. */
export async function members(
  db: DbOrTx,
  siteId: string,
  skip: number,
  limit: number,
): Promise<{ items: { personId: string; role: SiteRole }[]; total: number }> {
  const base = db
    .selectFrom('groupMembers as m')
    .innerJoin('people as p', 'p.id', 'm.memberId')
    .where('m.groupId', 'in', roleGroups(siteId))
    .where('m.memberType', '=', 'PERSON');
  const rows = await base
    .select(['p.id', 'm.groupId'])
    .orderBy(sql`lower(coalesce(p.last_name, ''))`)
    .orderBy(sql`lower(p.first_name)`)
    // The role groups differ only by the role's name, so this orders by role.
    .orderBy('m.groupId')
    .orderBy('p.idKey')
    .limit(limit)
    .offset(skip)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({ personId: r.id, role: parseRoleGroup(r.groupId)!.role })),
    total: Number(n),
  };
}

/** The sites a person is a member of (directly), with the role. */
export async function membershipsOf(db: DbOrTx, personId: string): Promise<{ siteId: string; role: SiteRole }[]> {
  const rows = await db
    .selectFrom('groupMembers')
    .select('groupId')
    .where('memberId', '=', personId)
    .where('memberType', '=', 'PERSON')
    .execute();
  return rows.flatMap((r) => parseRoleGroup(r.groupId) ?? []);
}

export const siteGroupQueries = {
  createGroups,
  deleteGroups,
  lock,
  roleOf,
  setRole,
  countManagers,
  members,
  membershipsOf,
};
