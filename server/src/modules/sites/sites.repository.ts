import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, DialectName } from '../../db/database.ts';
import { jsonList } from '../../db/json-list.ts';
import type { Database } from '../../db/schema.ts';
import { aclReadable } from '../permissions/acl-sql.ts';
import type { Readers } from '../permissions/access.service.ts';
import { siteGroupQueries } from './site-groups.repository.ts';
import { CONTAINER_ASPECT, SITE_TYPE, type Visibility } from './sites.model.ts';

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

export interface SiteListOptions {
  readable?: Readers;
  visibilities?: readonly Visibility[];
  sort: SiteSort[];
  skip: number;
  limit: number;
}

/** A text property out of the JSON properties column, in the dialect's JSON syntax. */
export function property(dialect: DialectName, name: string): Expression<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref('nodes.properties')}::json ->> ${sql.lit(name)})`
    : sql<string | null>`json_extract(${sql.ref('nodes.properties')}, ${sql.lit(`$."${name}"`)})`;
}

function sortKey(dialect: DialectName, field: SiteSort['field']) {
  if (field === 'id') return sql.ref('nodes.nameKey');
  const name = field === 'title' ? 'cm:title' : 'cm:description';
  return sql`lower(coalesce(${property(dialect, name)}, ''))`;
}

/** Site nodes under the Sites folder, readable by these readers and of these visibilities when given. */
function sitesUnder(
  dialect: DialectName,
  eb: ExpressionBuilder<Database, 'nodes'>,
  sitesFolderId: string,
  readable?: Readers,
  visibilities?: readonly Visibility[],
) {
  const conditions: Expression<SqlBool>[] = [
    eb('nodes.parentId', '=', sitesFolderId),
    eb('nodes.nodeType', '=', SITE_TYPE),
  ];
  if (visibilities) conditions.push(eb(property(dialect, 'st:siteVisibility'), 'in', [...visibilities]));
  if (readable) {
    conditions.push(
      eb.or([eb('nodes.ownerId', '=', readable.ownerId), aclReadable(sql.ref('nodes.aclId'), readable.authorities)]),
    );
  }
  return eb.and(conditions);
}

const toSiteRow = (r: { id: string; name: string; properties: string; ownerId: string; aclId: string | null }) => ({
  guid: r.id,
  name: r.name,
  properties: JSON.parse(r.properties) as Record<string, unknown>,
  ownerId: r.ownerId,
  // A site node is a folder that defines its own ACL: the column is always set.
  aclId: r.aclId ?? r.id,
});

/**
 * The sites under the Sites folder the caller may read (all of them without a filter), of
 * these visibilities (any without), paged.
 */
async function list(
  dialect: DialectName,
  db: DbOrTx,
  sitesFolderId: string,
  options: SiteListOptions,
): Promise<{ items: SiteRow[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'nodes'>) =>
    sitesUnder(dialect, eb, sitesFolderId, options.readable, options.visibilities);
  let query = db.selectFrom('nodes').select(['id', 'name', 'properties', 'ownerId', 'aclId']).where(where);
  for (const s of options.sort) query = query.orderBy(sortKey(dialect, s.field), s.ascending ? 'asc' : 'desc');
  const rows = await query.orderBy('nodes.nameKey').limit(options.limit).offset(options.skip).execute();
  const { n } = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { items: rows.map(toSiteRow), total: Number(n) };
}

/** The ids of the PRIVATE sites. */
async function privateSiteIds(dialect: DialectName, db: DbOrTx, sitesFolderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('nodes')
    .select('name')
    .where((eb) => sitesUnder(dialect, eb, sitesFolderId, undefined, ['PRIVATE']))
    .execute();
  return rows.map((r) => r.name);
}

/** The sites with these ids (case-insensitive), in no particular order. */
async function findByIds(
  dialect: DialectName,
  db: DbOrTx,
  sitesFolderId: string,
  siteIds: readonly string[],
): Promise<SiteRow[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'name', 'properties', 'ownerId', 'aclId'])
    .where((eb) => sitesUnder(dialect, eb, sitesFolderId))
    .where('nodes.nameKey', 'in', jsonList(siteIds.map((id) => id.toLowerCase())))
    .execute();
  return rows.map(toSiteRow);
}

/** The containers of a site node: its folders with st:siteContainer. */
async function containerIds(db: DbOrTx, siteNodeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'aspects'])
    .where('parentId', '=', siteNodeId)
    .where('isFolder', '=', 1)
    .orderBy('nameKey')
    .execute();
  return rows.filter((r) => (JSON.parse(r.aspects) as string[]).includes(CONTAINER_ASPECT)).map((r) => r.id);
}

/**
 * SQL of sites: site nodes by title (site-node reads in the dialect's JSON syntax), their role
 * groups and memberships (site-groups.repository.ts).
 */
export function createSitesRepository(dialect: DialectName) {
  return {
    list: (db: DbOrTx, sitesFolderId: string, options: SiteListOptions) => list(dialect, db, sitesFolderId, options),
    privateSiteIds: (db: DbOrTx, sitesFolderId: string) => privateSiteIds(dialect, db, sitesFolderId),
    findByIds: (db: DbOrTx, sitesFolderId: string, siteIds: readonly string[]) =>
      findByIds(dialect, db, sitesFolderId, siteIds),
    containerIds,
    ...siteGroupQueries,
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
