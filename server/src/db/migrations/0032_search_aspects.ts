import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search documents carry the node's aspects too (issue 19), so that ASPECT conditions are answered
// from `search_docs` without a look-up in `nodes` per match, as migration 0018 did for the other
// attributes. The Content App's search page sends `-ASPECT:'st:siteContainer' AND
// -ASPECT:'sys:hidden'` with every search: for a word found in 20,000 of 100,000 documents that one
// filter made the page about six times the cost of the term with its facets (each match's node row
// read for its aspects; docs/performance.md, session 21).
//
// - a node's insert writes its document with its aspects (SQLite: 0024's trigger; PostgreSQL:
//   0018's function), the same JSON text as `nodes.aspects`;
// - a change of a node's aspects rewrites them (a trigger of its own, on that column only).
// Frozen: imports nothing live.

const ATTRIBUTES =
  'live, acl_id, owner_id, parent_id, node_type, created_at, created_by, modified_at, modified_by, mime_type, size_in_bytes';

/** 0018's attribute values of node row `n`, in ATTRIBUTES' order. */
function attributeValues(n: string): string {
  return [
    `case when ${n}.archived_root_id is null then 1 else 0 end`,
    `coalesce(${n}.acl_id, (select p.acl_id from nodes p where p.id = ${n}.parent_id))`,
    ...ATTRIBUTES.split(', ')
      .slice(2)
      .map((a) => `${n}.${a}`),
  ].join(', ');
}

const PG_TERMS = `quire_search_terms(new.name, new.properties,
    (select text from content_text where content_id = new.content_id for share))`;

/** PostgreSQL's insert function (0018's), with the aspects written or not. */
const pgSearchNode = (aspects: boolean) =>
  `create or replace function quire_search_node() returns trigger language plpgsql as $$
    begin
      insert into search_docs (node_id, terms, ${ATTRIBUTES}${aspects ? ', aspects' : ''})
        values (new.id, ${PG_TERMS}, ${attributeValues('new')}${aspects ? ', new.aspects' : ''})
        on conflict (node_id) do update set terms = excluded.terms;
      return null;
    end $$`;

/** SQLite's insert trigger (0024's), with the aspects written or not. */
const sqliteSearchInsert = (aspects: boolean) =>
  `create trigger nodes_search_insert after insert on nodes begin
     insert into search_docs (node_id, ${ATTRIBUTES}${aspects ? ', aspects' : ''})
       values (new.id, ${attributeValues('new')}${aspects ? ', new.aspects' : ''});
     insert or ignore into search_queue (doc, fresh) values (last_insert_rowid(), 1);
   end`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`lock table nodes in share row exclusive mode`.execute(db);
  await db.schema
    .alterTable('search_docs')
    .addColumn('aspects', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql
    .raw(
      postgres
        ? `update search_docs d set aspects = n.aspects from nodes n where n.id = d.node_id`
        : `update search_docs set aspects = (select n.aspects from nodes n where n.id = search_docs.node_id)
             where node_id in (select id from nodes)`,
    )
    .execute(db);
  if (postgres) {
    await sql.raw(pgSearchNode(true)).execute(db);
    await sql
      .raw(
        `create function quire_search_aspects() returns trigger language plpgsql as $$
          begin
            update search_docs set aspects = new.aspects where node_id = new.id;
            return null;
          end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger nodes_search_aspects after update of aspects on nodes for each row
           when (new.aspects is distinct from old.aspects) execute function quire_search_aspects()`,
      )
      .execute(db);
    return;
  }
  await sql`drop trigger nodes_search_insert`.execute(db);
  await sql.raw(sqliteSearchInsert(true)).execute(db);
  await sql
    .raw(
      `create trigger nodes_search_aspects after update of aspects on nodes when new.aspects is not old.aspects begin
         update search_docs set aspects = new.aspects where node_id = new.id;
       end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger nodes_search_aspects on nodes`.execute(db);
    await sql`drop function quire_search_aspects()`.execute(db);
    await sql.raw(pgSearchNode(false)).execute(db);
  } else {
    await sql`drop trigger nodes_search_aspects`.execute(db);
    await sql`drop trigger nodes_search_insert`.execute(db);
    await sql.raw(sqliteSearchInsert(false)).execute(db);
  }
  await db.schema.alterTable('search_docs').dropColumn('aspects').execute();
}
