import type SQLite from 'better-sqlite3';

/** Characters of a content's text that are indexed (as migration 0017's triggers took them). */
const INDEXED_TEXT = 500_000;

/**
 * Writes the index documents that SQLite's triggers queued (migration 0024) to FTS5 and empties
 * the queue: the old words of a document written before go first, then the words its node holds
 * now (none when the node is gone). Inside a transaction it runs in it; outside one, in a
 * transaction of its own. Does nothing, for one look-up, when nothing is queued.
 *
 * The SQLite driver calls it right before each COMMIT, so that a transaction's documents reach
 * FTS5 together, as one segment, after every savepoint of the transaction (at a savepoint, FTS5
 * writes the words it holds); and with a write outside a transaction, in one transaction with it.
 */
export function searchQueueFlush(sqlite: SQLite.Database): () => void {
  const queued = sqlite.prepare('select exists (select 1 from search_queue)').pluck();
  const dropOld = sqlite.prepare(
    'delete from search_fts where rowid in (select doc from search_queue where fresh = 0)',
  );
  const write = sqlite.prepare(
    `insert into search_fts (rowid, name, title, description, content)
     select q.doc, n.name, json_extract(n.properties, '$."cm:title"'), json_extract(n.properties, '$."cm:description"'),
       substr((select text from content_text where content_id = n.content_id), 1, ${INDEXED_TEXT})
     from search_queue q cross join search_docs d on d.id = q.doc cross join nodes n on n.id = d.node_id`,
  );
  const empty = sqlite.prepare('delete from search_queue');
  const flush = () => {
    dropOld.run();
    write.run();
    empty.run();
  };
  const inTransactionOfItsOwn = sqlite.transaction(flush);
  return () => {
    if (!queued.get()) return;
    if (sqlite.inTransaction) flush();
    else inTransactionOfItsOwn();
  };
}
