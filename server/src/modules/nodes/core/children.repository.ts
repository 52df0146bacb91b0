import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { aclNotReadable, aclReadable } from '../../permissions/acl-sql.ts';
import { selectNodes, type Row } from './node-rows.ts';
import type { NodeRecord } from './nodes.repository.ts';

export interface ChildFilter {
  /** true: primary children only; false: secondary children only; absent: both. */
  primary?: boolean;
  isFolder?: boolean;
  isFile?: boolean;
  nodeTypes?: string[];
  /** No child can match (for example `isPrimary=false` while there are no secondary children). */
  none?: boolean;
}

export type SortColumn =
  | 'isFolder'
  | 'name'
  | 'mimeType'
  | 'nodeType'
  | 'sizeInBytes'
  | 'modifiedAt'
  | 'createdAt'
  | 'modifiedByUser'
  | 'createdByUser';

/** A listing's sort key: a column, or a property by its QName (`cm:title`). */
export type ChildSortKey = SortColumn | `${string}:${string}`;

export interface ChildrenOptions {
  filter: ChildFilter;
  sort: { column: ChildSortKey; ascending: boolean }[];
  skip: number;
  limit: number;
  /**
   * Only children this caller may read: owned, or an ACL granting one of the authorities
   * READ; `folderReadable` says whether the folder's own ACL does (files without an ACL of
   * their own use it).
   */
  readable?: { ownerId: string; authorities: string[]; folderReadable: boolean };
}

/** A filtered listing with at most this many readable children sorts them instead of walking the folder. */
const SPARSE_LISTING = 5_000;

/**
 * 'any': readable by the caller. 'acl', 'inherited' and 'ownedOnly' are disjoint parts of that
 * which count fast on their own indexes (SQLite does not plan the OR of them well without
 * statistics): an ACL of their own that lets the caller read, the folder's ACL doing so, and the
 * caller's own nodes that neither lets them read.
 */
type Part = 'any' | 'acl' | 'inherited' | 'ownedOnly';

/** One listing: the folder, what is asked, and whether the folder has secondary children. */
interface Listing {
  db: DbOrTx;
  parentId: string;
  options: ChildrenOptions;
  withSecondary: boolean;
}

type Eb = ExpressionBuilder<Database, 'nodes'>;

const SORT_EXPRESSIONS: Record<SortColumn, Expression<unknown>> = {
  isFolder: sql.ref('nodes.isFolder'),
  name: sql.ref('nodes.nameKey'),
  mimeType: sql`coalesce(${sql.ref('nodes.mimeType')}, '')`,
  nodeType: sql.ref('nodes.nodeType'),
  sizeInBytes: sql`coalesce(${sql.ref('nodes.sizeInBytes')}, -1)`,
  modifiedAt: sql.ref('nodes.modifiedAt'),
  createdAt: sql.ref('nodes.createdAt'),
  modifiedByUser: sql.ref('nodes.modifiedBy'),
  createdByUser: sql.ref('nodes.createdBy'),
};

/**
 * How a property orders nodes, the same in both databases: nodes without it (or with null) last,
 * then numbers by value, then the rest as lower-cased text in code-point order (SQLite's lower()
 * and PostgreSQL's under COLLATE "C" both fold ASCII only).
 */
function propertyOrder(
  db: DbOrTx,
  qname: string,
): { missing: Expression<unknown>; number: Expression<unknown>; text: Expression<unknown> } {
  const props = sql.ref('nodes.properties');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const value = sql`(${props}::jsonb -> ${qname})`;
    return {
      missing: sql`(coalesce(jsonb_typeof(${value}), 'null') = 'null')`,
      number: sql`(case when jsonb_typeof(${value}) = 'number' then (${props}::jsonb ->> ${qname})::numeric end)`,
      text: sql`(lower(${props}::jsonb ->> ${qname}) collate "C")`,
    };
  }
  const path = `$."${qname}"`;
  return {
    missing: sql`(coalesce(json_type(${props}, ${path}), 'null') = 'null')`,
    number: sql`(case when json_type(${props}, ${path}) in ('integer', 'real') then json_extract(${props}, ${path}) end)`,
    text: sql`lower(cast(json_extract(${props}, ${path}) as text))`,
  };
}

/** Primary children, secondary ones, or both (a node filed here twice appears once). */
function membership(eb: Eb, l: Listing): Expression<SqlBool> {
  // A primary child in the trash is no longer below its folder; a secondary one is, so it is left out here.
  const secondary = () =>
    eb.and([
      eb('nodes.id', 'in', eb.selectFrom('secondaryChildren').select('childId').where('parentId', '=', l.parentId)),
      eb('nodes.archivedRootId', 'is', null),
    ]);
  if (l.options.filter.primary === false) return secondary();
  return l.withSecondary
    ? eb.or([eb('nodes.parentId', '=', l.parentId), secondary()])
    : eb('nodes.parentId', '=', l.parentId);
}

/** The condition of one part of what the caller may read (see Part). */
function readableCondition(
  eb: Eb,
  l: Listing,
  readable: NonNullable<ChildrenOptions['readable']>,
  part: Part,
): Expression<SqlBool>[] {
  const readableAcl = (acl: Expression<unknown>) => aclReadable(acl, readable.authorities);
  const owned = eb('nodes.ownerId', '=', readable.ownerId);
  const own = readableAcl(sql.ref('nodes.aclId'));
  // Null for a file using its folder's ACL, so `not own` needs both tests.
  const notOwn = aclNotReadable(sql.ref('nodes.aclId'), readable.authorities);
  const inherits = eb('nodes.aclId', 'is', null);
  if (l.withSecondary) {
    // A secondary child's folder ACL is its primary parent's, not this folder's.
    const effective = sql`coalesce(${sql.ref('nodes.aclId')}, (select p.acl_id from nodes p where p.id = ${sql.ref('nodes.parentId')}))`;
    return [eb.or([owned, readableAcl(effective)])];
  }
  if (part === 'any') return [eb.or([owned, own, ...(readable.folderReadable ? [inherits] : [])])];
  if (part === 'acl') return [own];
  if (part === 'inherited') return [readable.folderReadable ? inherits : eb.lit(false)];
  return [owned, readable.folderReadable ? notOwn : eb.or([inherits, notOwn])];
}

/** The children of the listing that match its filter, and, for `part`, that the caller may read. */
function childWhere(l: Listing, part: Part = 'any') {
  return (eb: Eb) => {
    const { filter, readable } = l.options;
    const conditions: Expression<SqlBool>[] = [membership(eb, l)];
    if (filter.isFolder !== undefined) conditions.push(eb('nodes.isFolder', '=', filter.isFolder ? 1 : 0));
    if (filter.isFile !== undefined) conditions.push(eb('nodes.isFile', '=', filter.isFile ? 1 : 0));
    if (filter.nodeTypes) conditions.push(eb('nodes.nodeType', 'in', filter.nodeTypes));
    if (readable) conditions.push(...readableCondition(eb, l, readable, part));
    return eb.and(conditions);
  };
}

type Orderable = { orderBy(e: Expression<unknown>, d: 'asc' | 'desc'): Orderable };

/** The listing's order, then name, then id (a total order, so pages never overlap). */
function inOrder<Q extends Orderable>(l: Listing, q: Q): Q {
  let ordered: Orderable = q;
  const seen = new Set<ChildSortKey>();
  for (const s of [...l.options.sort, { column: 'name' as const, ascending: true }]) {
    if (seen.has(s.column)) continue;
    seen.add(s.column);
    if (s.column.includes(':')) {
      // Nodes without the property come last and numbers before text, whichever the direction.
      const by = propertyOrder(l.db, s.column);
      const direction = s.ascending ? 'asc' : 'desc';
      ordered = ordered.orderBy(by.missing, 'asc');
      ordered = ordered.orderBy(sql`(${by.number} is null)`, 'asc');
      ordered = ordered.orderBy(by.number, direction);
      ordered = ordered.orderBy(by.text, direction);
    } else {
      ordered = ordered.orderBy(SORT_EXPRESSIONS[s.column as SortColumn], s.ascending ? 'asc' : 'desc');
    }
  }
  return ordered.orderBy(sql.ref('nodes.id'), 'asc') as Q;
}

async function countChildren(l: Listing, part: Part): Promise<number> {
  const counted = await l.db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(childWhere(l, part))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The ids of the page: chosen on the index alone (the people joins run for its rows only). */
function pageIds(l: Listing, partTotal: number | undefined) {
  const { db } = l;
  const ids = () => db.selectFrom('nodes').select('nodes.id');
  // Few readable children: the page is chosen among those, not by walking the folder in order.
  const candidates =
    partTotal !== undefined && partTotal <= SPARSE_LISTING
      ? ids()
          .where(childWhere(l, 'acl'))
          .unionAll(ids().where(childWhere(l, 'inherited')))
          .unionAll(ids().where(childWhere(l, 'ownedOnly')))
      : undefined;
  const from = candidates ? ids().where('nodes.id', 'in', candidates) : ids().where(childWhere(l));
  return inOrder(l, from).limit(l.options.limit).offset(l.options.skip);
}

/** The listing's total: counted by parts, told by a short page, the folder's child_count, or counted. */
async function totalOf(l: Listing, found: number, partTotal: number | undefined): Promise<number> {
  const { filter, skip, limit, readable } = l.options;
  if (partTotal !== undefined) return partTotal;
  if (found < limit && (skip === 0 || found > 0)) return skip + found;
  const unfiltered =
    !l.withSecondary && !readable && filter.isFolder === undefined && filter.isFile === undefined && !filter.nodeTypes;
  if (!unfiltered) return countChildren(l, 'any');
  // With the creates counted in the folder's shards (PostgreSQL, migration 0026; none on SQLite).
  const parent = await l.db
    .selectFrom('nodes')
    .select(
      sql<number>`child_count + coalesce((select sum(s.n) from child_count_shards s where s.parent_id = nodes.id), 0)`.as(
        'childCount',
      ),
    )
    .where('id', '=', l.parentId)
    .executeTakeFirstOrThrow();
  return Number(parent.childCount);
}

async function hasSecondaryChildren(db: DbOrTx, parentId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('secondaryChildren')
    .select('childId')
    .where('parentId', '=', parentId)
    .limit(1)
    .execute();
  return rows.length > 0;
}

/** A page of a folder's children (primary and secondary), with the total. */
export async function listChildren(
  records: (db: DbOrTx, rows: Row[]) => Promise<NodeRecord[]>,
  db: DbOrTx,
  parentId: string,
  options: ChildrenOptions,
): Promise<{ items: NodeRecord[]; total: number }> {
  const { filter } = options;
  if (filter.none || filter.nodeTypes?.length === 0) return { items: [], total: 0 };
  const withSecondary = filter.primary !== true && (await hasSecondaryChildren(db, parentId));
  if (filter.primary === false && !withSecondary) return { items: [], total: 0 };
  const l: Listing = { db, parentId, options, withSecondary };
  // A filtered listing counts first (cheap, per part): when few children are readable, the
  // page is chosen among those instead of walking the folder in order until enough match,
  // which in a large folder could mean reading most of it.
  const partTotal =
    options.readable && !withSecondary
      ? (await countChildren(l, 'acl')) + (await countChildren(l, 'inherited')) + (await countChildren(l, 'ownedOnly'))
      : undefined;
  const rows = await inOrder(l, selectNodes(db).where('nodes.id', 'in', pageIds(l, partTotal) as never)).execute();
  const total = await totalOf(l, rows.length, partTotal);
  return { items: await records(db, rows as Row[]), total };
}
