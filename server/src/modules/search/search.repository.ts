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

export interface SearchPage extends SearchScope {
  /** How well each node matches (selected as its score and, for SCORE sorts, ordered by). */
  score: AliasableExpression<number>;
  order: { by: Expression<unknown>; ascending: boolean }[];
  skip: number;
  limit: number;
}

/** Live nodes that match and that the reader may read: `nodes` joined to its primary parent. */
function matching(db: DbOrTx, scope: SearchScope, extra?: RawBuilder<SqlBool>) {
  let query = db
    .selectFrom('nodes')
    .leftJoin('nodes as parent', 'parent.id', 'nodes.parentId')
    .where('nodes.archivedRootId', 'is', null)
    .where(scope.where);
  if (extra) query = query.where(extra);
  if (!scope.reader.all) {
    // A file without an ACL of its own uses its folder's.
    const acl = sql`coalesce(${sql.ref('nodes.aclId')}, ${sql.ref('parent.aclId')})`;
    const { personId, authorities } = scope.reader;
    query = query.where((eb) => eb.or([eb('nodes.ownerId', '=', personId), aclReadable(acl, authorities)]));
  }
  return query;
}

/** One page of the matches, in order (then by id: pages never overlap), with their scores and number. */
export async function searchPage(
  db: DbOrTx,
  page: SearchPage,
): Promise<{ hits: { id: string; score: number }[]; total: number }> {
  // The total comes with the page (a window over every match): the matches are found once.
  let query = matching(db, page).select([
    'nodes.id',
    page.score.as('score'),
    sql<number>`count(*) over ()`.as('total'),
  ]);
  for (const { by, ascending } of page.order) query = query.orderBy(by, ascending ? 'asc' : 'desc');
  const rows = await query.orderBy('nodes.id', 'asc').limit(page.limit).offset(page.skip).execute();
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

/** The values of `value` among the matches, with how many matches have each (a field facet). */
export async function valueCounts(
  db: DbOrTx,
  scope: SearchScope,
  value: AliasableExpression<unknown>,
  options: ValueCountOptions,
): Promise<{ value: unknown; count: number }[]> {
  let query = matching(db, scope)
    .select([value.as('value'), (eb) => eb.fn.countAll<number>().as('n')])
    .where(sql<SqlBool>`${value} is not null`)
    .groupBy(value)
    .having((eb) => eb.fn.countAll(), '>=', Math.max(options.mincount, 1));
  if (options.prefix) {
    const pattern = `${options.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<SqlBool>`cast(${value} as text) like ${pattern} escape '\\'`);
  }
  query =
    options.sort === 'INDEX'
      ? query.orderBy(value, 'asc')
      : query.orderBy((eb) => eb.fn.countAll(), 'desc').orderBy(value, 'asc');
  const rows = await query.limit(options.limit).offset(options.offset).execute();
  return rows.map((r) => ({ value: r.value, count: Number(r.n) }));
}

/** How many matches also meet each condition, counted in one pass over the matches. */
export async function countEach(
  db: DbOrTx,
  scope: SearchScope,
  conditions: readonly RawBuilder<SqlBool>[],
): Promise<number[]> {
  if (conditions.length === 0) return [];
  const sums = conditions.map((c, i) => sql<number>`sum(case when ${c} then 1 else 0 end)`.as(`c${i}`));
  const row = (await matching(db, scope).select(sums).executeTakeFirstOrThrow()) as Record<string, unknown>;
  return conditions.map((_, i) => Number(row[`c${i}`] ?? 0));
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
