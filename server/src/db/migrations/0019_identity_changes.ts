import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Identity changes heard by every instance (ADR 0021). On PostgreSQL, a commit that writes
// people, groups, group memberships or deletes tickets (whoever wrote it: the query builder, raw
// SQL, psql) bumps the one row of `identity_version` and sends a notification on the channel
// `quire_identity` whose payload is the table's name. Both happen at commit (deferred constraint
// triggers), so the counter's row is locked only for the end of a commit, once per transaction.
// Instances forget the principals and display names they remember when a notification arrives,
// and check the counter several times a second in case one was missed. SQLite is one process:
// nothing here. Frozen: imports nothing live.

const WATCHED: { table: string; events: string }[] = [
  { table: 'people', events: 'insert or update or delete' },
  { table: 'groups', events: 'insert or update or delete' },
  { table: 'group_members', events: 'insert or update or delete' },
  // A new ticket or its last use changes nobody's rights; an ended one does.
  { table: 'tickets', events: 'delete' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table identity_version (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into identity_version (id, version) values (1, 0)`.execute(db);
  await sql`
    create function quire_identity_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('quire_identity', tg_table_name);
      if current_setting('quire.identity_bumped', true) is distinct from 'on' then
        perform set_config('quire.identity_bumped', 'on', true);
        update identity_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const { table, events } of WATCHED) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_identity_changed`)}
      after ${sql.raw(events)} on ${sql.table(table)}
      deferrable initially deferred for each row
      execute function quire_identity_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { table } of WATCHED) {
    await sql`drop trigger if exists ${sql.raw(`${table}_identity_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists quire_identity_changed()`.execute(db);
  await sql`drop table if exists identity_version`.execute(db);
}
