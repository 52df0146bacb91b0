import { sql, type AliasableExpression, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { onPostgres } from '../../db/row-locks.ts';
import { badRequest } from '../../http/errors.ts';
import { aclReadable } from '../permissions/acl-sql.ts';

/** Who is searching: an administrator reads everything; anyone else what they own or may read. */
export type SearchReader = { all: true } | { all: false; personId: string; authorities: readonly string[] };

/** What is searched: a condition over `nodes` (search/query/afts-sql.ts) and who reads. */
export interface SearchScope {
  where: RawBuilder<SqlBool>;
  reader: SearchReader;
}

/**
 * Live nodes that match and that the reader may read: their search documents (`doc`), which hold
 * the attributes most conditions, orders and facets read, joined to `nodes` for the rest (a join
 * that no condition uses costs nothing: both databases leave it out).
 */
function matching(db: DbOrTx, scope: SearchScope, extra?: RawBuilder<SqlBool>) {
  let query = db
    .selectFrom('searchDocs as doc')
    .leftJoin('nodes', 'nodes.id', 'doc.nodeId')
    .where('doc.live', '=', 1)
    .where(scope.where);
  if (extra) query = query.where(extra);
  if (!scope.reader.all) {
    const { personId, authorities } = scope.reader;
    query = query.where((eb) =>
      eb.or([eb('doc.ownerId', '=', personId), aclReadable(sql.ref('doc.aclId'), authorities)]),
    );
  }
  return query;
}

/** Where a page of matches starts and how long it is, and what orders them. */
export interface PageSpec {
  /** How well each node matches (selected as its score and, for SCORE sorts, ordered by). */
  score: AliasableExpression<number>;
  order: { by: Expression<unknown>; ascending: boolean }[];
  skip: number;
  limit: number;
}

export type SearchPage = SearchScope & PageSpec;

/** The matches on a page, in order, with their scores. */
export type Hits = { id: string; score: number }[];

/**
 * One page of the matches, in order (then by id: pages never overlap), with their scores and
 * number.
 */
export async function searchPage(db: DbOrTx, page: SearchPage): Promise<{ hits: Hits; total: number }> {
  // The total comes with the page (a window over every match): the matches are found once.
  let query = matching(db, page).select([
    'doc.nodeId as id',
    page.score.as('score'),
    sql<number>`count(*) over ()`.as('total'),
  ]);
  // The score is ordered by its column's name: SQLite computed the expression again for the order
  // (three look-ups in the index per match), a fifth of a page's time for a common word.
  for (const { by, ascending } of page.order) {
    query = query.orderBy(by === page.score ? sql.ref('score') : by, ascending ? 'asc' : 'desc');
  }
  const rows = await query.orderBy('doc.nodeId', 'asc').limit(page.limit).offset(page.skip).execute();
  const hits = rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  if (rows.length > 0) return { hits, total: Number(rows[0]!.total) };
  return { hits, total: page.skip === 0 ? 0 : await countMatching(db, page) };
}

/** How many nodes match (and also `extra`, when given). */
export async function countMatching(db: DbOrTx, scope: SearchScope, extra?: RawBuilder<SqlBool>): Promise<number> {
  const counted = await matching(db, scope, extra)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

export interface ValueCountOptions {
  mincount: number;
  limit: number;
  offset: number;
  /** Only values that start with it. */
  prefix?: string | undefined;
  /** INDEX: by value; COUNT (default): the most frequent first, then by value. */
  sort: 'COUNT' | 'INDEX';
}

/** A field facet: the values of `value` among the matches, with how many matches have each. */
export interface ValueCount {
  value: AliasableExpression<unknown>;
  options: ValueCountOptions;
}

export interface FacetCounts {
  /** How many matches there are (undefined when nothing was counted). */
  total?: number;
  /** How many matches meet each condition, in order. */
  counts: number[];
  /** For each field facet, its values (as text) and how many matches have each, in its order. */
  values: { value: string; count: number }[][];
}

/**
 * Facet counts in one statement: the matches are found once (a materialized common table
 * expression holding each field's value and whether each condition holds), then every field's
 * values are grouped from there, and every condition's count summed in one scan (as a list of
 * numbers: one row for them all). With `page`, that page of the matches comes from the same scan
 * (numbered in its order): the search need not find them again (a third of the Content App's
 * search page for a common word).
 */
export async function facetCounts(
  db: DbOrTx,
  scope: SearchScope,
  conditions: readonly RawBuilder<SqlBool>[],
  fields: readonly ValueCount[],
  page?: PageSpec,
): Promise<FacetCounts & { hits?: Hits }> {
  if (conditions.length === 0 && fields.length === 0) return { counts: [], values: [] };
  const orders = page ? page.order.filter((o) => o.by !== page.score) : [];
  const columns = [
    ...fields.map((f, i) => f.value.as(`v${i}`)),
    ...conditions.map((c, i) => sql<number>`case when ${c} then 1 else 0 end`.as(`c${i}`)),
    ...(page ? [sql.ref('doc.nodeId').as('id'), page.score.as('score')] : []),
    ...orders.map((o, i) => sql`${o.by}`.as(`o${i}`)),
  ];
  const branches = fields.map(
    (f, i) =>
      sql`select ${sql.lit(i)} as facet, value, n, cast(null as real) as score from (${valuesOf(i, f.options)}) f${sql.raw(String(i))}`,
  );
  if (conditions.length > 0) {
    const sums = conditions.map((_, i) => sql`cast(coalesce(sum(${sql.ref(`c${i}`)}), 0) as text)`);
    branches.push(
      sql`select -1 as facet, ${sql.join(sums, sql` || ',' || `)} as value, 0 as n, cast(null as real) as score from m`,
    );
  }
  // The number of matches too, from the same scan: the page then need not count them.
  branches.push(sql`select -2 as facet, cast(count(*) as text) as value, 0 as n, cast(null as real) as score from m`);
  if (page) branches.push(pageOf(page));
  // (A query builder in sql`` comes in parentheses of its own.)
  const rows = await sql<{ facet: number; value: string | null; n: number; score: number | null }>`
    with m as materialized ${matching(db, scope).select(columns)}
    ${sql.join(branches, sql` union all `)}`.execute(db);
  const result: FacetCounts & { hits?: Hits } = { counts: conditions.map(() => 0), values: fields.map(() => []) };
  const numbered: { id: string; score: number; n: number }[] = [];
  for (const row of rows.rows) {
    const facet = Number(row.facet);
    if (facet === -3) numbered.push({ id: String(row.value), score: Number(row.score), n: Number(row.n) });
    else if (facet === -2) result.total = Number(row.value);
    else if (facet < 0) result.counts = String(row.value).split(',').map(Number);
    else result.values[facet]!.push({ value: String(row.value), count: Number(row.n) });
  }
  if (page) result.hits = numbered.sort((a, b) => a.n - b.n).map(({ id, score }) => ({ id, score }));
  return result;
}

/**
 * The page's matches of `m`, numbered in the page's order (then by id, as searchPage orders
 * them): the branch of facetCounts' statement that answers the page.
 */
function pageOf(page: PageSpec): RawBuilder<unknown> {
  let o = 0;
  const by = page.order.map(({ by, ascending }) => {
    const ref = by === page.score ? sql.ref('score') : sql.ref(`o${o++}`);
    return ascending ? sql`${ref} asc` : sql`${ref} desc`;
  });
  const numbered = sql`select id, score, row_number() over (order by ${sql.join([...by, sql`id asc`])}) as rn from m`;
  return sql`select -3 as facet, id as value, rn as n, score from (${numbered}) r
    where rn > ${page.skip} and rn <= ${page.skip + page.limit}`;
}

/** The grouped values of field `i` of the matches `m`, as its options ask. */
function valuesOf(i: number, options: ValueCountOptions): RawBuilder<unknown> {
  const v = sql.ref(`v${i}`);
  const prefix = options.prefix
    ? sql`and cast(${v} as text) like ${`${options.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
    : sql``;
  const order = options.sort === 'INDEX' ? sql`${v} asc` : sql`count(*) desc, ${v} asc`;
  return sql`select cast(${v} as text) as value, count(*) as n from m where ${v} is not null ${prefix}
    group by ${v} having count(*) >= ${Math.max(options.mincount, 1)}
    order by ${order} limit ${options.limit} offset ${options.offset}`;
}

/** The first `maxChars` characters of a content's text (highlights), if it has one. */
export async function contentTextOf(db: DbOrTx, contentId: string, maxChars: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('contentText')
    .select(sql<string | null>`substr(text, 1, ${maxChars})`.as('text'))
    .where('contentId', '=', contentId)
    .executeTakeFirst();
  return row?.text ?? undefined;
}

/** Longest a search's statements may run on PostgreSQL (SQLite bounds them by the request's budget only). */
export const SEARCH_TIMEOUT_MS = 20_000;

/**
 * Runs a search's reads: on PostgreSQL in one read-only transaction whose statements stop after
 * SEARCH_TIMEOUT_MS (a 400 that says so); on SQLite as they are.
 */
export async function searchReads<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  if (!onPostgres(db)) return run(db);
  try {
    return await db.transaction().execute(async (tx) => {
      await sql.raw(`set local statement_timeout = ${SEARCH_TIMEOUT_MS}`).execute(tx);
      await sql`set transaction read only`.execute(tx);
      return run(tx);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === '57014') {
      throw badRequest(
        `The search took longer than ${SEARCH_TIMEOUT_MS / 1000} s: narrow it (fewer clauses, filters or facets)`,
      );
    }
    throw error;
  }
}
