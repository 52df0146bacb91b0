import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import { type Params, reusableQuery, reusableWrite } from '../../../db/reusable-query.ts';

/** The hot statements, compiled once per repository. */
function contentStatements() {
  return {
    // Outside a transaction this reads through SQLite's read-only connection: a download never
    // waits for the writer (a batch of creates, a copy) to finish.
    dataOf: reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('contentObjects').select('data').where('id', '=', p.id),
    ),

    insertRow: reusableWrite(
      (db, p: Params<{ id: string; sizeInBytes: number; createdAt: number; data: Buffer | null }>) =>
        db.insertInto('contentObjects').values({
          id: p.id,
          sizeInBytes: p.sizeInBytes,
          createdAt: p.createdAt,
          data: p.data,
        }),
    ),
  };
}

type Statements = ReturnType<typeof contentStatements>;

/** `data`: the bytes of a small content kept in the database (ADR 0008). */
async function insert(
  q: Statements,
  db: DbOrTx,
  id: string,
  sizeInBytes: number,
  now: number,
  data?: Buffer,
): Promise<void> {
  await q.insertRow(db, { id, sizeInBytes, createdAt: now, data: data ?? null });
}

/** The bytes of a content kept in the database; undefined when it is in the content store (or unknown). */
async function inlineData(q: Statements, db: DbOrTx, id: string): Promise<Buffer | undefined> {
  const row = (await q.dataOf(db, { id })).rows[0];
  return row?.data ?? undefined;
}

async function totalBytes(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('repositoryUsage')
    .select(sql<number>`coalesce(sum(bytes), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Deletes those of the given content objects that no node or version references any more; returns their ids. */
async function deleteUnreferenced(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const orphans: string[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const batch = unique.slice(i, i + 500);
    const byNodes = await db
      .selectFrom('nodes')
      .select('contentId')
      .distinct()
      .where('contentId', 'in', batch)
      .execute();
    const byVersions = await db
      .selectFrom('versions')
      .select('contentId')
      .distinct()
      .where('contentId', 'in', batch)
      .execute();
    const used = new Set([...byNodes, ...byVersions].map((r) => r.contentId));
    orphans.push(...batch.filter((id) => !used.has(id)));
  }
  for (let i = 0; i < orphans.length; i += 500) {
    await db
      .deleteFrom('contentObjects')
      .where('id', 'in', orphans.slice(i, i + 500))
      .execute();
  }
  return orphans;
}

/** Which of these ids have a content row. */
async function existing(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('contentObjects')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Content rows that no node or version references (left behind by concurrent deletes), older than the cutoff. */
async function unreferenced(db: DbOrTx, createdBefore: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contentObjects as c')
    .select('c.id')
    .where('c.createdAt', '<', createdBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('nodes').select('nodes.id').whereRef('nodes.contentId', '=', 'c.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('versions').select('versions.nodeId').whereRef('versions.contentId', '=', 'c.id'))),
    )
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}

/** Content objects' rows (the bytes of small ones inline); the hot statements are compiled once per repository. */
export function createContentRepository() {
  const q = contentStatements();
  return {
    insert: (db: DbOrTx, id: string, sizeInBytes: number, now: number, data?: Buffer) =>
      insert(q, db, id, sizeInBytes, now, data),
    inlineData: (db: DbOrTx, id: string) => inlineData(q, db, id),
    totalBytes,
    deleteUnreferenced,
    existing,
    unreferenced,
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
