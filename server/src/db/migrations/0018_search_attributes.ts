import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Search documents carry the node's attributes that searches filter, count and order by (issue 19,
// ADR 0019): whether the node is live, the ACL that decides who reads it (its own, or for a file
// without one its folder's), its owner, parent, type, creation and modification, MIME type and size.
// A search then finds, counts, orders and facets its matches from `search_docs` alone, without a
// look-up in `nodes` per match. Triggers keep them in the transaction of each change:
// - a node's insert writes its document with them (as migration 0017 wrote its words);
// - an update of any of them rewrites them, and a folder whose ACL changes passes it to the
//   documents of its files that use it (files without an ACL of their own).
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes` or
// `search_docs` must create them again. Frozen: imports nothing live.

const ATTRIBUTES = [
  'live',
  'acl_id',
  'owner_id',
  'parent_id',
  'node_type',
  'created_at',
  'created_by',
  'modified_at',
  'modified_by',
  'mime_type',
  'size_in_bytes',
] as const;

/** The node columns whose change rewrites the attributes (`live` comes from archived_root_id). */
const WATCHED = [
  'archived_root_id',
  'acl_id',
  'owner_id',
  'parent_id',
  'node_type',
  'created_at',
  'created_by',
  'modified_at',
  'modified_by',
  'mime_type',
  'size_in_bytes',
];

/** The attributes' values of node row `n` (a trigger's `new`, or a table alias), in ATTRIBUTES' order. */
function values(n: string): string {
  return [
    `case when ${n}.archived_root_id is null then 1 else 0 end`,
    `coalesce(${n}.acl_id, (select p.acl_id from nodes p where p.id = ${n}.parent_id))`,
    ...ATTRIBUTES.slice(2).map((a) => `${n}.${a}`),
  ].join(', ');
}

const changed = (postgres: boolean) =>
  WATCHED.map((c) => `new.${c} is ${postgres ? 'distinct from' : 'not'} old.${c}`).join(' or ');

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`lock table nodes in share row exclusive mode`.execute(db);
  await db.schema
    .alterTable('search_docs')
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const [name, type] of [
    ['acl_id', 'varchar(64)'],
    ['owner_id', 'varchar(255)'],
    ['parent_id', 'varchar(64)'],
    ['node_type', 'varchar(255)'],
    ['created_at', 'bigint'],
    ['created_by', 'varchar(255)'],
    ['modified_at', 'bigint'],
    ['modified_by', 'varchar(255)'],
    ['mime_type', 'varchar(255)'],
    ['size_in_bytes', 'bigint'],
  ] as const) {
    await db.schema.alterTable('search_docs').addColumn(name, type).execute();
  }
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql
    .raw(
      postgres
        ? `update search_docs d set (${ATTRIBUTES.join(', ')}) = (select ${values('n')}) from nodes n where n.id = d.node_id`
        : `update search_docs set (${ATTRIBUTES.join(', ')}) = (select ${values('n')} from nodes n where n.id = search_docs.node_id)`,
    )
    .execute(db);
}

/** The documents of a folder's files that use its ACL take the folder's new one. */
function folderAclSql(postgres: boolean): string {
  return postgres
    ? `update search_docs d set acl_id = new.acl_id from nodes c
         where c.parent_id = new.id and c.acl_id is null and d.node_id = c.id;`
    : `update search_docs set acl_id = new.acl_id
         where node_id in (select id from nodes where parent_id = new.id and acl_id is null);`;
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const terms = `quire_search_terms(new.name, new.properties,
      (select text from content_text where content_id = new.content_id for share))`;
  // The insert writes the document whole; a change of the words rewrites the words only.
  await sql
    .raw(
      `create or replace function quire_search_node() returns trigger language plpgsql as $$
        begin
          insert into search_docs (node_id, terms, ${ATTRIBUTES.join(', ')}) values (new.id, ${terms}, ${values('new')})
            on conflict (node_id) do update set terms = excluded.terms;
          return null;
        end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function quire_search_attributes() returns trigger language plpgsql as $$
        begin
          update search_docs set (${ATTRIBUTES.join(', ')}) = (select ${values('new')}) where node_id = new.id;
          if new.is_folder = 1 and new.acl_id is distinct from old.acl_id then
            ${folderAclSql(true)}
          end if;
          return null;
        end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger nodes_search_attributes after update of ${WATCHED.join(', ')} on nodes for each row
         when (${changed(true)}) execute function quire_search_attributes()`,
    )
    .execute(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const insert = (body: string) => `insert into search_fts (rowid, name, title, description, content) values (
       (select id from search_docs where node_id = new.id), new.name, json_extract(new.properties, '$."cm:title"'),
       json_extract(new.properties, '$."cm:description"'), substr(${body}, 1, 500000));`;
  await sql`drop trigger nodes_search_insert`.execute(db);
  for (const statement of [
    `create trigger nodes_search_insert after insert on nodes begin
       insert into search_docs (node_id, ${ATTRIBUTES.join(', ')}) values (new.id, ${values('new')});
       ${insert('(select text from content_text where content_id = new.content_id)')}
     end`,
    `create trigger nodes_search_attributes after update of ${WATCHED.join(', ')} on nodes
     when ${changed(false)}
     begin
       update search_docs set (${ATTRIBUTES.join(', ')}) = (select ${values('new')}) where node_id = new.id;
       ${folderAclSql(false).replace('where node_id', 'where new.is_folder = 1 and new.acl_id is not old.acl_id and node_id')}
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql.raw(`drop trigger nodes_search_attributes${postgres ? ' on nodes' : ''}`).execute(db);
  if (postgres) await sql`drop function quire_search_attributes()`.execute(db);
  for (const column of ATTRIBUTES) await db.schema.alterTable('search_docs').dropColumn(column).execute();
  // Back to migration 0017's insert trigger, which writes the words only.
  if (postgres) {
    await sql
      .raw(
        `create or replace function quire_search_node() returns trigger language plpgsql as $$
          begin
            insert into search_docs (node_id, terms) values (new.id, quire_search_terms(new.name, new.properties,
              (select text from content_text where content_id = new.content_id for share)))
              on conflict (node_id) do update set terms = excluded.terms;
            return null;
          end $$`,
      )
      .execute(db);
  } else {
    await sql`drop trigger nodes_search_insert`.execute(db);
    await sql
      .raw(
        `create trigger nodes_search_insert after insert on nodes begin
           insert into search_docs (node_id) values (new.id);
           insert into search_fts (rowid, name, title, description, content) values (
             (select id from search_docs where node_id = new.id), new.name, json_extract(new.properties, '$."cm:title"'),
             json_extract(new.properties, '$."cm:description"'),
             substr((select text from content_text where content_id = new.content_id), 1, 500000));
         end`,
      )
      .execute(db);
  }
}
