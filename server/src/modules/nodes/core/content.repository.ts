import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import { type Params, reusableQuery, reusableWrite } from '../../../db/reusable-query.ts';
import { onPostgres } from '../../../db/row-locks.ts';

type ContentRow = { id: string; sizeInBytes: number; createdAt: number; data: Buffer | null };

/** The hot statements, compiled once per repository. */
function contentStatements() {
  return {
    // Outside a transaction this reads through SQLite's read-only connection: a download never
    // waits for the writer (a batch of creates, a copy) to finish.
    dataOf: reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('contentObjects').select('data').where('id', '=', p.id),
    ),

    // PostgreSQL: the row of the node an upload locks first and the content row, in one statement
    // (one round trip less per upload). The lock is taken as the insert reads its one row, before
    // the row is written and before the usage triggers lock their counters (at the statement's
    // end): nodes before counters, as a delete takes them. In share mode, transactions that share
    // it run side by side (plain creates in one folder, which count themselves in its shards:
    // node-writes.repository.ts) and wait for one that holds the row alone (a trash, move or
    // delete of the folder, a create that picks its name from the folder's children), as it waits
    // for them.
    insertHoldingShared: insertHolding('share'),
    insertHoldingAlone: insertHolding('alone'),

    insertRow: reusableWrite((db, p: Params<ContentRow>) =>
      db
        .insertInto('contentObjects')
        .values({ id: p.id, sizeInBytes: p.sizeInBytes, createdAt: p.createdAt, data: p.data }),
    ),
  };
}

function insertHolding(mode: 'share' | 'alone') {
  return reusableWrite((db, p: Params<ContentRow & { nodeId: string }>) =>
    db
      .with('held', (w) => {
        const row = w.selectFrom('nodes').select('id').where('id', '=', p.nodeId);
        return mode === 'share' ? row.forShare() : row.forNoKeyUpdate();
      })
      .insertInto('contentObjects')
      .columns(['id', 'sizeInBytes', 'createdAt', 'data'])
      .expression((eb) =>
        eb
          .selectFrom('held')
          .select([
            sql<string>`cast(${p.id} as varchar)`.as('id'),
            sql<number>`cast(${p.sizeInBytes} as bigint)`.as('sizeInBytes'),
            sql<number>`cast(${p.createdAt} as bigint)`.as('createdAt'),
            sql<Buffer | null>`cast(${p.data} as bytea)`.as('data'),
          ]),
      ),
  );
}

type Statements = ReturnType<typeof contentStatements>;

/** The node whose row an upload holds before it writes: share mode, or alone (no key update). */
export interface NodeHold {
  nodeId: string;
  shared: boolean;
}

/**
 * Holds the node's row (PostgreSQL; SQLite's one writer needs no lock) and inserts the content
 * row (`data`: the bytes of a small content kept in the database, ADR 0008): false, and nothing
 * inserted, when the node is gone.
 */
async function insertHoldingNode(q: Statements, tx: DbOrTx, hold: NodeHold, row: ContentRow): Promise<boolean> {
  if (!onPostgres(tx)) {
    await q.insertRow(tx, row);
    return true;
  }
  const statement = hold.shared ? q.insertHoldingShared : q.insertHoldingAlone;
  const result = await statement(tx, { ...row, nodeId: hold.nodeId });
  return Number(result.numAffectedRows ?? 0) > 0;
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
    insertHolding: (tx: DbOrTx, hold: NodeHold, id: string, sizeInBytes: number, now: number, data?: Buffer) =>
      insertHoldingNode(q, tx, hold, { id, sizeInBytes, createdAt: now, data: data ?? null }),
    inlineData: (db: DbOrTx, id: string) => inlineData(q, db, id),
    totalBytes,
    deleteUnreferenced,
    existing,
    unreferenced,
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
