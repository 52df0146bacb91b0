import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL: the event triggers (migrations 0021, 0022) no longer send NOTIFY quire_events in the
// writing transaction; the instance that committed sends it after the commit (db/peer-changes.ts).
//
// PostgreSQL commits the transactions that sent a notification one at a time: a database-wide lock
// is held from before the commit record is written until it is flushed, so that notifications
// queue in commit order. Measured on this project's machine (16 connections, each transaction an
// insert and one more statement): 2,370–2,390 commits/s when that statement is `select 1`,
// 1,290–1,340 when it is `pg_notify` (docs/scaling.md). A change made by another tool is now read
// by the instances' one-second poll (ADR 0022).
//
// The functions are rewritten from their own definitions, so whatever later migrations changed
// in them stays. Down puts a notification after each insert into the log. SQLite: nothing (its
// one process wakes its reader after each commit). Frozen: imports nothing live.

const FUNCTIONS = ['quire_node_event', 'quire_version_event', 'quire_membership_event', 'quire_link_event'];

async function rewrite(db: Kysely<any>, edit: (definition: string) => string): Promise<void> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname in (${sql.join(FUNCTIONS)})`.execute(db);
  for (const { definition } of rows) await sql.raw(edit(definition)).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await rewrite(db, (definition) =>
    definition
      .replace(/if found then\s*perform pg_notify\('quire_events', ''\);\s*end if;/g, '')
      .replace(/perform pg_notify\('quire_events', ''\);/g, ''),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await rewrite(db, (definition) =>
    definition.replace(/(insert into node_events[^;]*;)/g, `$1 perform pg_notify('quire_events', '');`),
  );
}
