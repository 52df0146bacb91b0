import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { FavoriteKind } from '../../db/schema.ts';
import { aclReadable } from '../permissions/acl-sql.ts';
import type { Readers } from '../permissions/access.service.ts';

export type { FavoriteKind };

export const FAVORITE_KINDS: readonly FavoriteKind[] = ['file', 'folder', 'site'];

/** One favorite of a person: its target node, its kind and when it was made. */
export interface FavoriteRow {
  targetId: string;
  kind: FavoriteKind;
  createdAt: number;
}

/** An order of favorites: by kind (file < folder < site), date, or target name (case-insensitive). */
export interface FavoriteSort {
  field: 'type' | 'createdAt' | 'title';
  ascending: boolean;
}

const SORT_COLUMNS = { type: 'favorites.kind', createdAt: 'favorites.createdAt', title: 'n.nameKey' } as const;

const toRow = (r: { targetId: string; kind: string; createdAt: number }): FavoriteRow => ({
  targetId: r.targetId,
  kind: r.kind as FavoriteKind,
  createdAt: Number(r.createdAt),
});

/** Whether an insert failed because a row it refers to is gone (the target deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Adds favorites; those the person already has keep their date (adding again changes nothing).
 * Answers how many were new.
 */
async function add(
  db: DbOrTx,
  personId: string,
  targets: { targetId: string; kind: FavoriteKind }[],
  now: number,
): Promise<number> {
  if (targets.length === 0) return 0;
  const result = await db
    .insertInto('favorites')
    .values(targets.map((t) => ({ personId, targetId: t.targetId, kind: t.kind, createdAt: now })))
    .onConflict((oc) => oc.columns(['personId', 'targetId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

async function find(db: DbOrTx, personId: string, targetId: string): Promise<FavoriteRow | undefined> {
  const row = await db
    .selectFrom('favorites')
    .select(['targetId', 'kind', 'createdAt'])
    .where('personId', '=', personId)
    .where('targetId', '=', targetId)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The person's favorites among these targets, in no particular order. */
async function findMany(db: DbOrTx, personId: string, targetIds: readonly string[]): Promise<FavoriteRow[]> {
  if (targetIds.length === 0) return [];
  const rows: FavoriteRow[] = [];
  // SQLite allows 32,766 bound values per statement; pages are far smaller.
  for (let i = 0; i < targetIds.length; i += 1000) {
    const found = await db
      .selectFrom('favorites')
      .select(['targetId', 'kind', 'createdAt'])
      .where('personId', '=', personId)
      .where('targetId', 'in', targetIds.slice(i, i + 1000))
      .execute();
    rows.push(...found.map(toRow));
  }
  return rows;
}

/** Whether the person had the favorite (and now has not). */
async function remove(db: DbOrTx, personId: string, targetId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('favorites')
    .where('personId', '=', personId)
    .where('targetId', '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface FavoriteListOptions {
  kinds: readonly FavoriteKind[];
  sort: readonly FavoriteSort[];
  readable?: Readers;
  skip: number;
  limit: number;
}

/** The person's favorites of these kinds whose targets are live (and readable, with `readable`). */
function favoritesOf(db: DbOrTx, personId: string, options: FavoriteListOptions) {
  const { readable } = options;
  return db
    .selectFrom('favorites')
    .innerJoin('nodes as n', 'n.id', 'favorites.targetId')
    .leftJoin('nodes as p', 'p.id', 'n.parentId')
    .where((eb) => {
      // A favorite whose node is in the trash is not shown (nor counted) until it is restored.
      const conditions = [eb('favorites.personId', '=', personId), eb('n.archivedRootId', 'is', null)];
      if (options.kinds.length < FAVORITE_KINDS.length) {
        conditions.push(eb('favorites.kind', 'in', [...options.kinds]));
      }
      if (readable) {
        const effectiveAcl = sql<string>`coalesce(${sql.ref('n.aclId')}, ${sql.ref('p.aclId')})`;
        conditions.push(
          eb.or([eb('n.ownerId', '=', readable.ownerId), aclReadable(effectiveAcl, readable.authorities)]),
        );
      }
      return eb.and(conditions);
    });
}

/**
 * A page of the person's favorites of these kinds in this order, then by target id; with
 * `readable`, only those whose target the caller may read (owned, or its ACL — a file's
 * folder's when it has none — granting READ to one of the authorities), counted the same way.
 */
async function list(
  db: DbOrTx,
  personId: string,
  options: FavoriteListOptions,
): Promise<{ items: FavoriteRow[]; total: number }> {
  if (options.kinds.length === 0) return { items: [], total: 0 };
  let query = favoritesOf(db, personId, options).select([
    'favorites.targetId',
    'favorites.kind',
    'favorites.createdAt',
  ]);
  // The kinds' names sort as Alfresco's types do: file < folder < site.
  for (const s of options.sort) query = query.orderBy(SORT_COLUMNS[s.field], s.ascending ? 'asc' : 'desc');
  const rows = await query.orderBy('favorites.targetId', 'asc').limit(options.limit).offset(options.skip).execute();
  let total: number;
  if (rows.length < options.limit && (options.skip === 0 || rows.length > 0)) {
    total = options.skip + rows.length;
  } else {
    const { n } = await favoritesOf(db, personId, options)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(n);
  }
  return { items: rows.map(toRow), total };
}

/** SQL of favorites: rows per person and target; listings filtered by the caller's read access. */
export function createFavoritesRepository() {
  return { add, find, findMany, remove, list };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
