import { PostgresAdapter, sql, type Kysely } from 'kysely';

// SQLite: the words of the index documents that a transaction changes are written to FTS5 once,
// when it commits, not by each change's trigger (issue 19, ADR 0019).
//
// FTS5 keeps the words of a transaction's inserts in memory and writes them to the index as one
// segment. But each later write statement of the transaction opens a statement savepoint, and FTS5
// writes its pending words at every savepoint: an upload's node insert was followed by its version's
// insert, so every upload wrote a segment of its own, and group commit's batches (ADR 0008), whose
// pieces each run in a savepoint, saved nothing on the index. Measured in-process with 8 uploads per
// transaction: 86 µs per 30-word document written by each change against 57 µs written at the end.
//
// So the triggers now only name the documents to write in `search_queue` (doc: search_docs.id;
// fresh: 1 for a document never written to FTS5, whose old words need no delete). The database
// layer writes them to FTS5 from what the nodes hold at that moment — right before the COMMIT of
// the transaction that queued them, or after a write outside a transaction (db/search-queue.ts) —
// and empties the queue. What committed is found, as before. PostgreSQL keeps its triggers (a
// tsvector column has no such cost).
//
// Both databases: a content stored in the database itself (`data`, a small one) gets its
// `content_text` row from the transaction that stores it — its text when that can be read at once,
// else 'pending' for the jobs — instead of a 'pending' row from the trigger that the text then
// replaced (two writes more per small upload). The trigger writes the rows of contents in the
// content store only.
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes`,
// `content_text` or `search_docs` must create them again. Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await contentTrigger(db, true, 'when (new.data is null)');
    return;
  }
  await contentTrigger(db, false, 'when new.data is null');
  await sql`create table search_queue (doc integer primary key, fresh integer not null)`.execute(db);
  const queueOf = (node: string) =>
    `insert or ignore into search_queue (doc, fresh) select id, 0 from search_docs where node_id = ${node}.id;`;
  for (const trigger of ['nodes_search_insert', 'nodes_search_update', 'nodes_search_delete', 'content_text_search']) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  for (const statement of [
    `create trigger nodes_search_insert after insert on nodes begin
       insert into search_docs (node_id, ${ATTRIBUTES}) values (new.id, ${attributeValues('new')});
       insert or ignore into search_queue (doc, fresh) values (last_insert_rowid(), 1);
     end`,
    `create trigger nodes_search_update after update of name, properties, content_id on nodes
     when new.name is not old.name or new.properties is not old.properties or new.content_id is not old.content_id
     begin
       ${queueOf('new')}
     end`,
    `create trigger nodes_search_delete after delete on nodes begin
       ${queueOf('old')}
       delete from search_docs where node_id = old.id;
     end`,
    `create trigger content_text_search after update of text on content_text when new.text is not old.text begin
       insert or ignore into search_queue (doc, fresh)
         select d.id, 0 from nodes n join search_docs d on d.node_id = n.id where n.content_id = new.content_id;
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await contentTrigger(db, true, '');
    return;
  }
  await contentTrigger(db, false, '');
  // What is queued is written first, then the triggers of migrations 0017 and 0018 come back.
  await sql`delete from search_fts where rowid in (select doc from search_queue where fresh = 0)`.execute(db);
  await sql.raw(`insert into search_fts (rowid, name, title, description, content) ${WORDS_OF_QUEUED}`).execute(db);
  await sql`drop table search_queue`.execute(db);
  for (const trigger of ['nodes_search_insert', 'nodes_search_update', 'nodes_search_delete', 'content_text_search']) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  const words = (node: string, text: string) =>
    `${node}.name, json_extract(${node}.properties, '$."cm:title"'),
     json_extract(${node}.properties, '$."cm:description"'), substr(${text}, 1, 500000)`;
  const doc = (node: string) => `(select id from search_docs where node_id = ${node}.id)`;
  const textOf = (node: string) => `(select text from content_text where content_id = ${node}.content_id)`;
  for (const statement of [
    `create trigger nodes_search_insert after insert on nodes begin
       insert into search_docs (node_id, ${ATTRIBUTES}) values (new.id, ${attributeValues('new')});
       insert into search_fts (rowid, name, title, description, content) values (${doc('new')}, ${words('new', textOf('new'))});
     end`,
    `create trigger nodes_search_update after update of name, properties, content_id on nodes
     when new.name is not old.name or new.properties is not old.properties or new.content_id is not old.content_id
     begin
       delete from search_fts where rowid = ${doc('new')};
       insert into search_fts (rowid, name, title, description, content) values (${doc('new')}, ${words('new', textOf('new'))});
     end`,
    `create trigger nodes_search_delete after delete on nodes begin
       delete from search_fts where rowid = ${doc('old')};
       delete from search_docs where node_id = old.id;
     end`,
    `create trigger content_text_search after update of text on content_text when new.text is not old.text begin
       delete from search_fts where rowid in
         (select d.id from search_docs d join nodes n on n.id = d.node_id where n.content_id = new.content_id);
       insert into search_fts (rowid, name, title, description, content)
         select d.id, ${words('n', 'new.text')} from nodes n join search_docs d on d.node_id = n.id
         where n.content_id = new.content_id;
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

/** The attributes a search document holds (migration 0018). */
const ATTRIBUTES =
  'live, acl_id, owner_id, parent_id, node_type, created_at, created_by, modified_at, modified_by, mime_type, size_in_bytes';

/** Their values for node row `n`, in ATTRIBUTES' order (migration 0018). */
function attributeValues(n: string): string {
  return [
    `case when ${n}.archived_root_id is null then 1 else 0 end`,
    `coalesce(${n}.acl_id, (select p.acl_id from nodes p where p.id = ${n}.parent_id))`,
    ...ATTRIBUTES.split(', ')
      .slice(2)
      .map((a) => `${n}.${a}`),
  ].join(', ');
}

/** The queued documents' words, from their nodes now (a document whose node is gone has none). */
const WORDS_OF_QUEUED = `select q.doc, n.name, json_extract(n.properties, '$."cm:title"'),
    json_extract(n.properties, '$."cm:description"'),
    substr((select text from content_text where content_id = n.content_id), 1, 500000)
  from search_queue q cross join search_docs d on d.id = q.doc cross join nodes n on n.id = d.node_id`;

/** Migration 0017's trigger that gives a new content its 'pending' text row, under `condition`. */
async function contentTrigger(db: Kysely<any>, postgres: boolean, condition: string): Promise<void> {
  await sql.raw(`drop trigger content_objects_text${postgres ? ' on content_objects' : ''}`).execute(db);
  await sql
    .raw(
      postgres
        ? `create trigger content_objects_text after insert on content_objects for each row ${condition}
             execute function quire_content_text()`
        : `create trigger content_objects_text after insert on content_objects ${condition} begin
             insert or ignore into content_text (content_id, state) values (new.id, 'pending');
           end`,
    )
    .execute(db);
}
