import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx, DialectName } from '../../db/database.ts';
import { jsonList } from '../../db/json-list.ts';
import { SITE_TYPE } from './sites.model.ts';
import { property } from './sites.repository.ts';

/** A pending request as stored: the site by its node's id. */
export interface RequestRow {
  siteGuid: string;
  personId: string;
  message: string;
  createdAt: number;
  modifiedAt: number | undefined;
}

/** A request with its site's node, as listings need it. */
export interface RequestWithSiteRow extends RequestRow {
  site: { guid: string; name: string; properties: Record<string, unknown>; ownerId: string; aclId: string };
}

/** Which requests a listing covers; the sites are always the MODERATED ones under the Sites folder. */
export interface RequestFilter {
  sitesFolderId: string;
  personId?: string;
  /** Sites by id (case-insensitive); undefined: every site. */
  siteIds?: readonly string[];
}

const toRow = (r: {
  siteId: string;
  personId: string;
  message: string;
  createdAt: number;
  modifiedAt: number | null;
}): RequestRow => ({
  siteGuid: r.siteId,
  personId: r.personId,
  message: r.message,
  createdAt: Number(r.createdAt),
  modifiedAt: r.modifiedAt === null ? undefined : Number(r.modifiedAt),
});

async function find(db: DbOrTx, siteGuid: string, personId: string): Promise<RequestRow | undefined> {
  const row = await db
    .selectFrom('siteMembershipRequests')
    .selectAll()
    .where('siteId', '=', siteGuid)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return row && toRow(row);
}

/** Stores a request; a second one of the same person to the same site is a unique violation. */
async function insert(db: DbOrTx, row: Omit<RequestRow, 'modifiedAt'>): Promise<void> {
  await db
    .insertInto('siteMembershipRequests')
    .values({
      siteId: row.siteGuid,
      personId: row.personId,
      message: row.message,
      createdAt: row.createdAt,
      modifiedAt: null,
    })
    .execute();
}

/** Ends a request: whether there was one (and now is not). */
async function remove(db: DbOrTx, siteGuid: string, personId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('siteMembershipRequests')
    .where('siteId', '=', siteGuid)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A new message: whether there was a request to change. */
async function updateMessage(db: DbOrTx, siteGuid: string, personId: string, message: string, now: number) {
  const result = await db
    .updateTable('siteMembershipRequests')
    .set({ message, modifiedAt: now })
    .where('siteId', '=', siteGuid)
    .where('personId', '=', personId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function requestsOf(dialect: DialectName, db: DbOrTx, filter: RequestFilter) {
  return db
    .selectFrom('siteMembershipRequests as r')
    .innerJoin('nodes', 'nodes.id', 'r.siteId')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [
        eb('nodes.parentId', '=', filter.sitesFolderId),
        eb('nodes.nodeType', '=', SITE_TYPE),
        eb(property(dialect, 'st:siteVisibility'), '=', 'MODERATED'),
      ];
      if (filter.personId !== undefined) conditions.push(eb('r.personId', '=', filter.personId));
      if (filter.siteIds) {
        conditions.push(eb('nodes.nameKey', 'in', jsonList(filter.siteIds.map((id) => id.toLowerCase()))));
      }
      return eb.and(conditions);
    });
}

/**
 * A page of the pending requests to MODERATED sites (requests to a site that is no longer
 * MODERATED are kept, as Alfresco keeps them, but not listed), by site title, site id, age and
 * person.
 */
async function list(
  dialect: DialectName,
  db: DbOrTx,
  filter: RequestFilter,
  skip: number,
  limit: number,
): Promise<{ items: RequestWithSiteRow[]; total: number }> {
  if (filter.siteIds?.length === 0) return { items: [], total: 0 };
  const rows = await requestsOf(dialect, db, filter)
    .select([
      'r.siteId',
      'r.personId',
      'r.message',
      'r.createdAt',
      'r.modifiedAt',
      'nodes.name',
      'nodes.properties',
      'nodes.ownerId',
      'nodes.aclId',
    ])
    .orderBy(sql`lower(coalesce(${property(dialect, 'cm:title')}, ${sql.ref('nodes.name')}))`)
    .orderBy('nodes.nameKey')
    .orderBy('r.createdAt')
    .orderBy('r.personId')
    .limit(limit)
    .offset(skip)
    .execute();
  const { n } = await requestsOf(dialect, db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = rows.map((r) => ({
    ...toRow(r),
    site: {
      guid: r.siteId,
      name: r.name,
      properties: JSON.parse(r.properties) as Record<string, unknown>,
      ownerId: r.ownerId,
      // A site node defines its own ACL: the column is always set.
      aclId: r.aclId ?? r.siteId,
    },
  }));
  return { items, total: Number(n) };
}

/** SQL of pending site membership requests (table site_membership_requests). */
export function createSiteMembershipRequestsRepository(dialect: DialectName) {
  return {
    find,
    insert,
    remove,
    updateMessage,
    list: (db: DbOrTx, filter: RequestFilter, skip: number, limit: number) => list(dialect, db, filter, skip, limit),
  };
}

export type SiteMembershipRequestsRepository = ReturnType<typeof createSiteMembershipRequestsRepository>;
