import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';

/**
 * Rebuilding the index online (npm run search:reindex): nodes a batch at a time, each batch in
 * its own short transaction, from what the nodes hold now, so the servers go on writing (their
 * triggers keep the index of what they change) and a stopped rebuild leaves a usable index.
 */

/** Rewrites the index documents of the next `size` nodes after `afterId`: how many, and the last id. */
export async function reindexBatch(
  db: Db,
  afterId: string,
  size: number,
): Promise<{ count: number; last: string } | undefined> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('nodes')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(size)
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return undefined;
    if (onPostgres(tx)) await reindexPostgres(tx, ids);
    else await reindexSqlite(tx, ids);
    await rewriteAttributes(tx, ids);
    return { count: ids.length, last: ids.at(-1)! };
  });
}

async function reindexPostgres(tx: DbOrTx, ids: string[]): Promise<void> {
  const terms = sql`quire_search_terms(n.name, n.properties, ct.text)`;
  await sql`insert into search_docs (node_id, terms)
    select n.id, ${terms} from nodes n left join content_text ct on ct.content_id = n.content_id
    where n.id in (${sql.join(ids)})
    on conflict (node_id) do update set terms = excluded.terms`.execute(tx);
}

/** SQLite: the nodes' documents are queued, and the batch's COMMIT writes their words (db/search-queue.ts). */
async function reindexSqlite(tx: DbOrTx, ids: string[]): Promise<void> {
  const list = sql.join(ids);
  await sql`insert or ignore into search_docs (node_id) select id from nodes where id in (${list})`.execute(tx);
  await sql`insert or ignore into search_queue (doc, fresh)
    select id, 0 from search_docs where node_id in (${list})`.execute(tx);
}

/** The node attributes a search document holds (as migrations 0018's and 0032's triggers write them). */
const ATTRIBUTES = sql.raw(
  'live, acl_id, owner_id, parent_id, node_type, created_at, created_by, modified_at, modified_by, mime_type, size_in_bytes, aspects',
);
const attributeValues = sql.raw(`case when n.archived_root_id is null then 1 else 0 end,
  coalesce(n.acl_id, (select p.acl_id from nodes p where p.id = n.parent_id)), n.owner_id, n.parent_id, n.node_type,
  n.created_at, n.created_by, n.modified_at, n.modified_by, n.mime_type, n.size_in_bytes, n.aspects`);

async function rewriteAttributes(tx: DbOrTx, ids: string[]): Promise<void> {
  const list = sql.join(ids);
  await (
    onPostgres(tx)
      ? sql`update search_docs d set (${ATTRIBUTES}) = (select ${attributeValues})
        from nodes n where n.id = d.node_id and d.node_id in (${list})`
      : sql`update search_docs set (${ATTRIBUTES}) = (select ${attributeValues} from nodes n where n.id = search_docs.node_id)
        where node_id in (${list})`
  ).execute(tx);
}

/** Index documents of nodes that are gone (none unless the index was damaged), removed. */
export async function removeOrphans(db: Db): Promise<number> {
  if (onPostgres(db)) return 0; // search_docs rows go with their node (a foreign key)
  const orphans = sql`select id from search_docs where node_id not in (select id from nodes)`;
  await sql`delete from search_fts where rowid in (${orphans})`.execute(db);
  const result = await sql`delete from search_docs where node_id not in (select id from nodes)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every content's text to be read again (`--text`): the extraction jobs take them up. */
export async function requeueTexts(db: Db): Promise<number> {
  const result = await db
    .updateTable('contentText')
    .set({ state: 'pending', attempts: 0, claimedUntil: null })
    .where('state', '<>', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
