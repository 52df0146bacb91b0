import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Content kept only in version history counts against its owner (issue 15, item 5). A person
// uses, for each node they own, the bytes of the distinct content objects that the node and its
// versions refer to: the live content (`size_in_bytes`, as before) plus `nodes.history_bytes`,
// the bytes of the distinct content objects its versions refer to other than the live one. The
// newest version shares the live content, so a file uploaded once counts once; a revert makes a
// version of content already counted; a copy's versions count for the copier.
// Triggers keep `history_bytes` (on versions inserted or deleted, and on a node's content changing)
// and the person_usage triggers of 0011 now add `size_in_bytes + history_bytes`.
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes` or `versions`
// must create them again.
const SHARDS = 16;

/** The bytes of the distinct contents of node `id`'s versions other than `content` (its live content). */
const history = (id: string, content: string) => `(
  select coalesce(sum(kept.size_in_bytes), 0) from (
    select v.content_id, max(v.size_in_bytes) as size_in_bytes from versions v
    where v.node_id = ${id} and v.content_id is not null and v.content_id <> coalesce(${content}, '')
    group by v.content_id) as kept)`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Writers of the previous version wait until this commits (see 0011).
  if (postgres) await sql`lock table nodes, versions, content_objects in share row exclusive mode`.execute(db);
  await db.schema
    .alterTable('nodes')
    .addColumn('history_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql
    .raw(
      `update nodes set history_bytes = ${history('nodes.id', 'nodes.content_id')}
       where exists (select 1 from versions v where v.node_id = nodes.id and v.content_id is not null
                     and v.content_id <> coalesce(nodes.content_id, ''))`,
    )
    .execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  // The per-owner totals again, from scratch, with the history.
  await sql`delete from person_usage`.execute(db);
  await sql`insert into person_usage (owner_id, shard, bytes)
            select owner_id, 0, sum(coalesce(size_in_bytes, 0) + history_bytes) from nodes
            where owner_id is not null
            group by owner_id having sum(coalesce(size_in_bytes, 0) + history_bytes) <> 0`.execute(db);
}

/** 0011's per-owner function, counting `bytes` of each node row inserted, deleted or changed. */
async function personUsageFunction(db: Kysely<any>, bytes: (row: string) => string): Promise<void> {
  const perOwner = (changes: string) => `
    insert into person_usage (owner_id, shard, bytes)
      select owner_id, pg_backend_pid() % ${SHARDS}, sum(delta) from (${changes}) as changes
      where owner_id is not null and delta is not null
      group by owner_id having sum(delta) <> 0
      on conflict (owner_id, shard) do update set bytes = person_usage.bytes + excluded.bytes;`;
  const added = `select owner_id, ${bytes('new_rows')} as delta from new_rows`;
  const removed = `select owner_id, -(${bytes('old_rows')}) as delta from old_rows`;
  await sql
    .raw(
      `create or replace function quire_person_usage() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${perOwner(added)}
        elsif tg_op = 'DELETE' then ${perOwner(removed)}
        else ${perOwner(`${added} union all ${removed}`)}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
}

/** 0011's person_usage triggers on nodes (SQLite), counting `bytes` of each row. */
async function sqliteUsageTriggers(db: Kysely<any>, bytes: (row: string) => string, extra: string): Promise<void> {
  const owner = (id: string, amount: string) =>
    `insert into person_usage (owner_id, shard, bytes) select ${id}, 0, ${amount}
       where ${id} is not null and ${amount} is not null and ${amount} <> 0
       on conflict (owner_id, shard) do update set bytes = bytes + excluded.bytes;`;
  const statements = [
    'drop trigger nodes_usage_insert',
    'drop trigger nodes_usage_delete',
    'drop trigger nodes_usage_update',
    `create trigger nodes_usage_insert after insert on nodes
     begin ${owner('new.owner_id', bytes('new'))} end`,
    `create trigger nodes_usage_delete after delete on nodes
     begin ${owner('old.owner_id', `-${bytes('old')}`)} end`,
    `create trigger nodes_usage_update after update of size_in_bytes, owner_id${extra ? `, ${extra}` : ''} on nodes
     when new.owner_id is not old.owner_id or new.size_in_bytes is not old.size_in_bytes
       ${extra ? `or new.${extra} <> old.${extra}` : ''}
     begin ${owner('old.owner_id', `-${bytes('old')}`)} ${owner('new.owner_id', bytes('new'))} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await personUsageFunction(db, (row) => `coalesce(${row}.size_in_bytes, 0) + ${row}.history_bytes`);
  // A node's content changed: what its versions keep besides it changed too. (A row trigger: a
  // statement trigger with transition tables cannot name columns.)
  await sql
    .raw(
      `create function quire_node_history() returns trigger language plpgsql as $$
      begin
        update nodes set history_bytes = ${history('nodes.id', 'nodes.content_id')}
          where id = new.id and history_bytes <> ${history('nodes.id', 'nodes.content_id')};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger nodes_history_content after update of content_id on nodes for each row
            when (old.content_id is distinct from new.content_id) execute function quire_node_history()`.execute(db);
  // Versions added or removed that keep content other than their node's live content.
  const versions = (rows: string) => `
    update nodes set history_bytes = ${history('nodes.id', 'nodes.content_id')}
      from (select distinct node_id, content_id from ${rows} where content_id is not null) as changed
      where nodes.id = changed.node_id and changed.content_id <> coalesce(nodes.content_id, '');`;
  await sql
    .raw(
      `create function quire_version_history() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${versions('new_rows')}
        else ${versions('old_rows')}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger versions_history_insert after insert on versions referencing new table as new_rows
            for each statement execute function quire_version_history()`.execute(db);
  await sql`create trigger versions_history_delete after delete on versions referencing old table as old_rows
            for each statement execute function quire_version_history()`.execute(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sqliteUsageTriggers(db, (row) => `(coalesce(${row}.size_in_bytes, 0) + ${row}.history_bytes)`, 'history_bytes');
  const recompute = (id: string) =>
    `update nodes set history_bytes = ${history('nodes.id', 'nodes.content_id')} where id = ${id};`;
  const statements = [
    `create trigger nodes_history_content after update of content_id on nodes
     when new.content_id is not old.content_id
     begin ${recompute('new.id')} end`,
    // A version of the live content changes nothing (the newest version of every upload).
    `create trigger versions_history_insert after insert on versions
     when new.content_id is not null
       and new.content_id is not (select content_id from nodes where id = new.node_id)
     begin ${recompute('new.node_id')} end`,
    `create trigger versions_history_delete after delete on versions
     when old.content_id is not null
       and old.content_id is not (select content_id from nodes where id = old.node_id)
     begin ${recompute('old.node_id')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, name] of [
    ['nodes', 'nodes_history_content'],
    ['versions', 'versions_history_insert'],
    ['versions', 'versions_history_delete'],
  ] as const) {
    await sql.raw(`drop trigger if exists ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
  }
  if (postgres) {
    await sql`drop function if exists quire_node_history()`.execute(db);
    await sql`drop function if exists quire_version_history()`.execute(db);
  }
  // Back to 0011's counting (the live content only), then without the column.
  if (postgres) await personUsageFunction(db, (row) => `${row}.size_in_bytes`);
  else await sqliteUsageTriggers(db, (row) => `${row}.size_in_bytes`, '');
  await db.schema.alterTable('nodes').dropColumn('history_bytes').execute();
  await sql`delete from person_usage`.execute(db);
  await sql`insert into person_usage (owner_id, shard, bytes)
            select owner_id, 0, sum(size_in_bytes) from nodes
            where owner_id is not null and size_in_bytes is not null
            group by owner_id`.execute(db);
}
