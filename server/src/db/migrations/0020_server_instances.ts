import { sql, type Kysely } from 'kysely';

// Server instances and the EPHEMERAL locks they hold (issue 20, ADR 0005). Each running instance
// has a row, its `last_seen_at` renewed by a heartbeat; an EPHEMERAL lock names the instance it was
// taken through. An instance that stops clears its own; a dead instance's end when its lease runs
// out (its row is deleted by whichever instance sees it first). Locks taken before this migration
// name no instance and are cleared at the next start, as they were. `background_runs`: scheduled
// background jobs claim a run here, so each runs once per interval across instances. Frozen:
// imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('nodes').addColumn('lock_instance_id', 'varchar(64)').execute();
  // Background work that runs once across instances (sweeper.ts): when each job last started.
  await db.schema
    .createTable('background_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`create index nodes_ephemeral_locks on nodes (lock_instance_id) where lock_lifetime = 'EPHEMERAL'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index nodes_ephemeral_locks`.execute(db);
  await db.schema.alterTable('nodes').dropColumn('lock_instance_id').execute();
  await db.schema.dropTable('background_runs').execute();
  await db.schema.dropTable('server_instances').execute();
}
