import type { Kysely } from 'kysely';

// A lock is part of the node row, so listings show isLocked without another query.
const COLUMNS = [
  ['lock_owner', 'varchar(255)'],
  ['lock_type', 'varchar(32)'],
  ['lock_lifetime', 'varchar(16)'],
  ['lock_expires_at', 'bigint'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('nodes').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('nodes').dropColumn(name).execute();
}
