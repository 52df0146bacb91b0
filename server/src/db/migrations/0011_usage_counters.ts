import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Bytes in use, kept by triggers in the transaction that changes them, so that a quota check reads
// a few rows instead of summing the whole repository (CONTENT_QUOTA_BYTES, every content object,
// inline bytes included) or every file a person owns (6 ms per 100,000 files on SQLite, on the
// writer, inside each upload's commit):
// - `person_usage`: per owner, the sum of `nodes.size_in_bytes` of the nodes they own;
// - `repository_usage`: the sum of `content_objects.size_in_bytes`.
// Each total is the sum of its rows over `shard`. On PostgreSQL a connection adds to its own shard
// (its backend pid modulo 16), so concurrent transactions on several connections do not queue for
// one counter row; SQLite has one writer and one shard. Rows may hold 0 or be missing (read as 0).
// SQLite drops a table's triggers with the table: a migration that rebuilds `nodes` or
// `content_objects` must create them again.
const SHARDS = 16;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // An instance of the previous version may still be writing (PostgreSQL, several instances): its
  // changes must be in the sums below or seen by the triggers, so writers wait until this commits.
  // (SQLite: the migration's transaction is the only writer already.)
  if (postgres) await sql`lock table nodes, content_objects in share row exclusive mode`.execute(db);
  await db.schema
    .createTable('person_usage')
    .addColumn('owner_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('person_usage_pk', ['owner_id', 'shard'])
    .execute();
  await db.schema
    .createTable('repository_usage')
    .addColumn('shard', 'integer', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into person_usage (owner_id, shard, bytes)
            select owner_id, 0, sum(size_in_bytes) from nodes
            where owner_id is not null and size_in_bytes is not null
            group by owner_id`.execute(db);
  await sql`insert into repository_usage (shard, bytes)
            select 0, coalesce(sum(size_in_bytes), 0) from content_objects`.execute(db);

  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** One trigger per statement: a copy or a delete of a tree writes a row per owner, not per node. */
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // PL/pgSQL plans a statement when it first reaches it, so each branch names only the transition
  // tables its trigger has.
  const perOwner = (changes: string) => `
    insert into person_usage (owner_id, shard, bytes)
      select owner_id, pg_backend_pid() % ${SHARDS}, sum(delta) from (${changes}) as changes
      where owner_id is not null and delta is not null
      group by owner_id having sum(delta) <> 0
      on conflict (owner_id, shard) do update set bytes = person_usage.bytes + excluded.bytes;`;
  const total = (changes: string) => `
    insert into repository_usage (shard, bytes)
      select pg_backend_pid() % ${SHARDS}, sum(delta) from (${changes}) as changes
      having sum(delta) <> 0
      on conflict (shard) do update set bytes = repository_usage.bytes + excluded.bytes;`;
  const counter = (name: string, upsert: (changes: string) => string, columns: string) => {
    const added = `select ${columns}, size_in_bytes as delta from new_rows`;
    const removed = `select ${columns}, -size_in_bytes as delta from old_rows`;
    return sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${upsert(added)}
        elsif tg_op = 'DELETE' then ${upsert(removed)}
        else ${upsert(`${added} union all ${removed}`)}
        end if;
        return null;
      end $$`);
  };
  await counter('quire_person_usage', perOwner, 'owner_id').execute(db);
  await counter('quire_repository_usage', total, '1 as one').execute(db);
  for (const [table, fn] of [
    ['nodes', 'quire_person_usage'],
    ['content_objects', 'quire_repository_usage'],
  ] as const) {
    const run = `for each statement execute function ${fn}()`;
    await sql
      .raw(`create trigger ${table}_usage_insert after insert on ${table} referencing new table as new_rows ${run}`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_usage_update after update on ${table}
         referencing old table as old_rows new table as new_rows ${run}`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${table}_usage_delete after delete on ${table} referencing old table as old_rows ${run}`)
      .execute(db);
  }
}

/** Row triggers (SQLite has no other kind); rows without bytes (folders, empty files) are skipped. */
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // INSERT … SELECT needs its WHERE for SQLite to read ON CONFLICT as the upsert clause.
  const owner = (id: string, bytes: string) =>
    `insert into person_usage (owner_id, shard, bytes) select ${id}, 0, ${bytes}
       where ${id} is not null and ${bytes} is not null and ${bytes} <> 0
       on conflict (owner_id, shard) do update set bytes = bytes + excluded.bytes;`;
  const total = (bytes: string) =>
    `insert into repository_usage (shard, bytes) select 0, ${bytes} where ${bytes} <> 0
       on conflict (shard) do update set bytes = bytes + excluded.bytes;`;
  const statements = [
    `create trigger nodes_usage_insert after insert on nodes
     begin ${owner('new.owner_id', 'new.size_in_bytes')} end`,
    `create trigger nodes_usage_delete after delete on nodes
     begin ${owner('old.owner_id', '-old.size_in_bytes')} end`,
    `create trigger nodes_usage_update after update of size_in_bytes, owner_id on nodes
     when new.owner_id is not old.owner_id or new.size_in_bytes is not old.size_in_bytes
     begin ${owner('old.owner_id', '-old.size_in_bytes')} ${owner('new.owner_id', 'new.size_in_bytes')} end`,
    `create trigger content_objects_usage_insert after insert on content_objects
     begin ${total('new.size_in_bytes')} end`,
    `create trigger content_objects_usage_delete after delete on content_objects
     begin ${total('-old.size_in_bytes')} end`,
    `create trigger content_objects_usage_update after update of size_in_bytes on content_objects
     when new.size_in_bytes is not old.size_in_bytes
     begin ${total('new.size_in_bytes - old.size_in_bytes')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['nodes', 'content_objects']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_usage_${event}${postgres ? ` on ${table}` : ''}`).execute(db);
    }
  }
  if (postgres) {
    await sql`drop function if exists quire_person_usage()`.execute(db);
    await sql`drop function if exists quire_repository_usage()`.execute(db);
  }
  await db.schema.dropTable('person_usage').execute();
  await db.schema.dropTable('repository_usage').execute();
}
