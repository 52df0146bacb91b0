import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { aclReadable } from '../permissions/acl-sql.ts';
import type { Readers } from '../permissions/access.service.ts';
import {
  CONTAINER_ASPECT,
  parseRoleGroup,
  roleGroup,
  SITE_ROLES,
  SITE_TYPE,
  siteGroup,
  type SiteRole,
  type Visibility,
} from './sites.model.ts';

/** A site node as listings need it. */
export interface SiteRow {
  guid: string;
  /** The site id: the node's name. */
  name: string;
  properties: Record<string, unknown>;
  ownerId: string;
  aclId: string;
}

export type SiteSort = { field: 'title' | 'id' | 'description'; ascending: boolean };

/** SQL of sites: site nodes by title, their role groups and memberships. */
export function createSitesRepository(dialect: DialectName) {
  /** A text property out of the JSON properties column, in the dialect's JSON syntax. */
  const property = (name: string): Expression<string | null> =>
    dialect === 'postgres'
      ? sql<string | null>`(${sql.ref('nodes.properties')}::json ->> ${sql.lit(name)})`
      : sql<string | null>`json_extract(${sql.ref('nodes.properties')}, ${sql.lit(`$."${name}"`)})`;
  const sortKeys = {
    title: sql`lower(coalesce(${property('cm:title')}, ''))`,
    description: sql`lower(coalesce(${property('cm:description')}, ''))`,
    id: sql.ref('nodes.nameKey'),
  };

  const sitesUnder = (
    eb: ExpressionBuilder<Database, 'nodes'>,
    sitesFolderId: string,
    readable?: Readers,
    visibilities?: readonly Visibility[],
  ) => {
    const conditions: Expression<SqlBool>[] = [
      eb('nodes.parentId', '=', sitesFolderId),
      eb('nodes.nodeType', '=', SITE_TYPE),
    ];
    if (visibilities) conditions.push(eb(property('st:siteVisibility'), 'in', [...visibilities]));
    if (readable) {
      conditions.push(
        eb.or([eb('nodes.ownerId', '=', readable.ownerId), aclReadable(sql.ref('nodes.aclId'), readable.authorities)]),
      );
    }
    return eb.and(conditions);
  };

  const toSiteRow = (r: { id: string; name: string; properties: string; ownerId: string; aclId: string | null }) => ({
    guid: r.id,
    name: r.name,
    properties: JSON.parse(r.properties) as Record<string, unknown>,
    ownerId: r.ownerId,
    // A site node is a folder that defines its own ACL: the column is always set.
    aclId: r.aclId ?? r.id,
  });

  const roleGroups = (siteId: string) => SITE_ROLES.map((r) => roleGroup(siteId, r));

  return {
    /**
     * The sites under the Sites folder the caller may read (all of them without a filter), of
     * these visibilities (any without), paged.
     */
    async list(
      db: DbOrTx,
      sitesFolderId: string,
      options: {
        readable?: Readers;
        visibilities?: readonly Visibility[];
        sort: SiteSort[];
        skip: number;
        limit: number;
      },
    ): Promise<{ items: SiteRow[]; total: number }> {
      const where = (eb: ExpressionBuilder<Database, 'nodes'>) =>
        sitesUnder(eb, sitesFolderId, options.readable, options.visibilities);
      let query = db.selectFrom('nodes').select(['id', 'name', 'properties', 'ownerId', 'aclId']).where(where);
      for (const s of options.sort) query = query.orderBy(sortKeys[s.field], s.ascending ? 'asc' : 'desc');
      const rows = await query.orderBy('nodes.nameKey').limit(options.limit).offset(options.skip).execute();
      const { n } = await db
        .selectFrom('nodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow();
      return { items: rows.map(toSiteRow), total: Number(n) };
    },

    /** The ids of the PRIVATE sites. */
    async privateSiteIds(db: DbOrTx, sitesFolderId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('nodes')
        .select('name')
        .where((eb) => sitesUnder(eb, sitesFolderId, undefined, ['PRIVATE']))
        .execute();
      return rows.map((r) => r.name);
    },

    /** The sites with these ids (case-insensitive), in no particular order. */
    async findByIds(db: DbOrTx, sitesFolderId: string, siteIds: readonly string[]): Promise<SiteRow[]> {
      if (siteIds.length === 0) return [];
      const rows = await db
        .selectFrom('nodes')
        .select(['id', 'name', 'properties', 'ownerId', 'aclId'])
        .where((eb) => sitesUnder(eb, sitesFolderId))
        .where(
          'nodes.nameKey',
          'in',
          siteIds.map((id) => id.toLowerCase()),
        )
        .execute();
      return rows.map(toSiteRow);
    },

    /** The containers of a site node: its folders with st:siteContainer. */
    async containerIds(db: DbOrTx, siteNodeId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('nodes')
        .select(['id', 'aspects'])
        .where('parentId', '=', siteNodeId)
        .where('isFolder', '=', 1)
        .orderBy('nameKey')
        .execute();
      return rows.filter((r) => (JSON.parse(r.aspects) as string[]).includes(CONTAINER_ASPECT)).map((r) => r.id);
    },

    /** The site's group and its role groups (members of the site group). */
    async createGroups(db: DbOrTx, siteId: string, now: number): Promise<void> {
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
    },

    /** The site's groups with every membership in or of them. */
    async deleteGroups(db: DbOrTx, siteId: string): Promise<void> {
      const groups = [siteGroup(siteId), ...roleGroups(siteId)];
      await db.deleteFrom('groupMembers').where('memberId', 'in', groups).execute();
      await db.deleteFrom('groupMembers').where('groupId', 'in', groups).execute();
      await db.deleteFrom('groups').where('id', 'in', groups).execute();
    },

    /**
     * Serialises membership changes of one site until the transaction ends (a row lock on its
     * group in PostgreSQL; SQLite has one writer anyway), so two concurrent changes cannot both
     * pass the last-manager check.
     */
    async lock(tx: DbOrTx, siteId: string): Promise<void> {
      await tx
        .updateTable('groups')
        .set({ displayName: sql.ref('displayName') })
        .where('id', '=', siteGroup(siteId))
        .execute();
    },

    /** The person's role in the site (direct membership of a role group). */
    async roleOf(db: DbOrTx, siteId: string, personId: string): Promise<SiteRole | undefined> {
      const rows = await db
        .selectFrom('groupMembers')
        .select('groupId')
        .where('memberId', '=', personId)
        .where('groupId', 'in', roleGroups(siteId))
        .execute();
      const held = new Set(rows.map((r) => r.groupId));
      return SITE_ROLES.find((role) => held.has(roleGroup(siteId, role)));
    },

    /** Makes the person a member with this role (replacing any other), or no member (undefined). */
    async setRole(db: DbOrTx, siteId: string, personId: string, role: SiteRole | undefined, now: number) {
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
    },

    async countManagers(db: DbOrTx, siteId: string): Promise<number> {
      const { n } = await db
        .selectFrom('groupMembers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('groupId', '=', roleGroup(siteId, 'SiteManager'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** People who are members, by last name, first name, role and id; paged. */
    async members(
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
    },

    /** The sites a person is a member of (directly), with the role. */
    async membershipsOf(db: DbOrTx, personId: string): Promise<{ siteId: string; role: SiteRole }[]> {
      const rows = await db
        .selectFrom('groupMembers')
        .select('groupId')
        .where('memberId', '=', personId)
        .where('memberType', '=', 'PERSON')
        .execute();
      return rows.flatMap((r) => parseRoleGroup(r.groupId) ?? []);
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
