import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The node event trigger of migration 0021 runs for updates of the columns its event type is
// decided by only, not for every UPDATE of `nodes` (issue 20).
//
// It ran for each update of a node row, whatever it set, and found no event to write for most of
// them: on SQLite every create and every upload also adds one to its folder's `child_count`, and
// that update ran the trigger, which costs even when it writes nothing (the update then loads both
// whole rows, properties included, for the trigger). Measured in-process on a database of 6,400
// uploads: 28–36 µs per `child_count` update with the trigger, 3.5–5.5 µs without (one in four
// statements of an upload's transaction; docs/performance.md, session 20). On PostgreSQL the child
// counts live in their own table (0026), but other updates (the version triggers' `history_bytes`)
// ran its PL/pgSQL function for nothing just the same.
//
// `UPDATE OF` fires when the statement sets one of the columns, whatever the value; the event's
// type (0021's UPDATE_TYPE) reads no other column, so the events written are the same.
// Frozen: imports nothing live.

/** The columns 0021's UPDATE_TYPE decides an update's event type by. */
const DECIDING = [
  'archived_root_id',
  'parent_id',
  'lock_owner',
  'local_permissions',
  'inherit_permissions',
  'name',
  'node_type',
  'aspects',
  'properties',
  'content_id',
  'modified_at',
].join(', ');

const SQLITE_BEFORE = 'after update on nodes begin';
const SQLITE_AFTER = `after update of ${DECIDING} on nodes begin`;

const pgTrigger = (update: string) =>
  `create trigger nodes_event after insert or ${update} or delete on nodes for each row execute function quire_node_event()`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger nodes_event on nodes`.execute(db);
    await sql.raw(pgTrigger(`update of ${DECIDING}`)).execute(db);
    return;
  }
  await redefineSqlite(db, SQLITE_BEFORE, SQLITE_AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger nodes_event on nodes`.execute(db);
    await sql.raw(pgTrigger('update')).execute(db);
    return;
  }
  await redefineSqlite(db, SQLITE_AFTER, SQLITE_BEFORE);
}

/** SQLite: the trigger again with its header changed from `from` to `to`, its body as 0021 wrote it. */
async function redefineSqlite(db: Kysely<any>, from: string, to: string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'trigger' and name = 'nodes_event_update'`.execute(db);
  const text = rows[0]?.sql;
  if (!text || text.split(from).length !== 2) {
    throw new Error(`nodes_event_update is not as migration 0021 made it (looked for "${from}")`);
  }
  await sql`drop trigger nodes_event_update`.execute(db);
  await sql.raw(text.replace(from, to)).execute(db);
}
