import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The search index (issue 19, ADR 0019). Written by triggers in the transaction of the change, so
// what committed is found, whichever code path wrote it:
// - `content_text`: one row per content object, created with it (state 'pending'); the extraction
//   jobs fill in its text (or 'none', 'failed' with a reason). Content is immutable, so a text is
//   extracted once for every node and version that shares the content.
// - one index document per node (trashed nodes too: a restore then needs no reindex; searches
//   read live nodes only): its name, cm:title, cm:description and the first INDEXED_TEXT
//   characters of its content's text, as words (letters and digits; everything else separates).
//   SQLite: the FTS5 table `search_fts` (contentless, columns name, title, description, content),
//   keyed by `search_docs.id` (a stable integer per node; FTS5 needs one). PostgreSQL:
//   `search_docs.terms`, a tsvector (config 'simple': lower-cased words, no stemming) with the
//   four parts as weights A, B, C and D, under a GIN index.
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes`,
// `content_objects` or `content_text` must create them again. Frozen: imports nothing live.

/** Characters of a content's text that are indexed (a tsvector holds at most 1 MB). */
const INDEXED_TEXT = 500_000;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`lock table nodes, content_objects in share row exclusive mode`.execute(db);
  await db.schema
    .createTable('content_text')
    .addColumn('content_id', 'varchar(64)', (c) => c.primaryKey().references('content_objects.id').onDelete('cascade'))
    // pending, extracted, none (a format without text), failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('reason', 'text')
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // A job holds a pending row until then (an instance that stops mid-job lets it go).
    .addColumn('claimed_until', 'bigint')
    .addColumn('updated_at', 'bigint')
    .execute();
  await sql`create index content_text_pending on content_text (claimed_until) where state = 'pending'`.execute(db);
  await sql`insert into content_text (content_id, state) select id, 'pending' from content_objects`.execute(db);
  if (postgres) await postgresIndex(db);
  else await sqliteIndex(db);
}

async function postgresIndex(db: Kysely<any>): Promise<void> {
  await sql`create table search_docs (
    node_id varchar(64) primary key references nodes (id) on delete cascade,
    terms tsvector not null)`.execute(db);
  // Words as FTS5's unicode61 sees them: punctuation and blanks separate (file names, e-mail
  // addresses and paths are words apart, as in SQLite), then 'simple' lower-cases them.
  await sql
    .raw(
      `create function quire_search_words(t text) returns tsvector immutable language sql as $$
        select to_tsvector('simple', regexp_replace(coalesce(t, ''), '[[:space:][:punct:]]+', ' ', 'g'))
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function quire_search_terms(name text, properties text, body text) returns tsvector immutable language sql as $$
        select setweight(quire_search_words(name), 'A')
          || setweight(quire_search_words(properties::jsonb ->> 'cm:title'), 'B')
          || setweight(quire_search_words(properties::jsonb ->> 'cm:description'), 'C')
          || setweight(quire_search_words(left(body, ${INDEXED_TEXT})), 'D')
      $$`,
    )
    .execute(db);
  // The text row is read FOR SHARE: a text being stored concurrently is waited for (and then read),
  // or waits for this node's transaction (whose node its own trigger then sees), so a node written
  // while its content's text arrives never misses it.
  const terms = (node: string) =>
    `quire_search_terms(${node}.name, ${node}.properties,
      (select text from content_text where content_id = ${node}.content_id for share))`;
  await sql
    .raw(
      `create function quire_search_node() returns trigger language plpgsql as $$
        begin
          insert into search_docs (node_id, terms) values (new.id, ${terms('new')})
            on conflict (node_id) do update set terms = excluded.terms;
          return null;
        end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function quire_search_text() returns trigger language plpgsql as $$
        begin
          update search_docs d set terms = quire_search_terms(n.name, n.properties, left(new.text, ${INDEXED_TEXT}))
            from nodes n where n.content_id = new.content_id and d.node_id = n.id;
          return null;
        end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function quire_content_text() returns trigger language plpgsql as $$
        begin
          insert into content_text (content_id, state) values (new.id, 'pending') on conflict do nothing;
          return null;
        end $$`,
    )
    .execute(db);
  for (const statement of [
    `create trigger nodes_search_insert after insert on nodes for each row execute function quire_search_node()`,
    `create trigger nodes_search_update after update of name, properties, content_id on nodes for each row
       when (new.name is distinct from old.name or new.properties is distinct from old.properties
             or new.content_id is distinct from old.content_id)
       execute function quire_search_node()`,
    `create trigger content_text_search after update of text on content_text for each row
       when (new.text is distinct from old.text) execute function quire_search_text()`,
    `create trigger content_objects_text after insert on content_objects for each row execute function quire_content_text()`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql.raw(`insert into search_docs (node_id, terms) select n.id, ${terms('n')} from nodes n`).execute(db);
  await sql`create index search_docs_terms on search_docs using gin (terms)`.execute(db);
}

async function sqliteIndex(db: Kysely<any>): Promise<void> {
  await sql`create table search_docs (id integer primary key, node_id text not null unique)`.execute(db);
  await sql`create virtual table search_fts using fts5(
    name, title, description, content,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  const doc = (node: string) => `(select id from search_docs where node_id = ${node}.id)`;
  const values = (node: string, body: string) =>
    `${node}.name, json_extract(${node}.properties, '$."cm:title"'),
     json_extract(${node}.properties, '$."cm:description"'), substr(${body}, 1, ${INDEXED_TEXT})`;
  const text = (node: string) => `(select text from content_text where content_id = ${node}.content_id)`;
  const statements = [
    `create trigger nodes_search_insert after insert on nodes begin
       insert into search_docs (node_id) values (new.id);
       insert into search_fts (rowid, name, title, description, content) values (${doc('new')}, ${values('new', text('new'))});
     end`,
    `create trigger nodes_search_update after update of name, properties, content_id on nodes
     when new.name is not old.name or new.properties is not old.properties or new.content_id is not old.content_id
     begin
       delete from search_fts where rowid = ${doc('new')};
       insert into search_fts (rowid, name, title, description, content) values (${doc('new')}, ${values('new', text('new'))});
     end`,
    `create trigger nodes_search_delete after delete on nodes begin
       delete from search_fts where rowid = ${doc('old')};
       delete from search_docs where node_id = old.id;
     end`,
    `create trigger content_text_search after update of text on content_text when new.text is not old.text begin
       delete from search_fts where rowid in
         (select d.id from search_docs d join nodes n on n.id = d.node_id where n.content_id = new.content_id);
       insert into search_fts (rowid, name, title, description, content)
         select d.id, ${values('n', 'new.text')} from nodes n join search_docs d on d.node_id = n.id
         where n.content_id = new.content_id;
     end`,
    `create trigger content_objects_text after insert on content_objects begin
       insert or ignore into content_text (content_id, state) values (new.id, 'pending');
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`insert into search_docs (node_id) select id from nodes order by id`.execute(db);
  await sql
    .raw(
      `insert into search_fts (rowid, name, title, description, content)
       select d.id, ${values('n', text('n'))} from nodes n join search_docs d on d.node_id = n.id`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = [
    ['nodes', 'nodes_search_insert'],
    ['nodes', 'nodes_search_update'],
    ['nodes', 'nodes_search_delete'],
    ['content_text', 'content_text_search'],
    ['content_objects', 'content_objects_text'],
  ];
  for (const [table, trigger] of triggers) {
    await sql.raw(`drop trigger if exists ${trigger}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  if (postgres) {
    for (const fn of [
      'quire_search_node()',
      'quire_search_text()',
      'quire_content_text()',
      'quire_search_terms(text, text, text)',
      'quire_search_words(text)',
    ]) {
      await sql.raw(`drop function if exists ${fn}`).execute(db);
    }
  } else {
    await sql`drop table search_fts`.execute(db);
  }
  await db.schema.dropTable('search_docs').execute();
  await db.schema.dropTable('content_text').execute();
}
