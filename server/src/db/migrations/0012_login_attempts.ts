import type { Kysely } from 'kysely';

// Failed sign-ins, in the database so that every server instance on one PostgreSQL database counts
// the same attempts (ADR 0012). One row per key: a (user, client address) pair or a user. The key
// is stored as its SHA-256 (hex), so the table holds neither user names nor addresses, and a key
// of any length fits. A row is forgotten once `expires_at` has passed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    // Attempts counted as failures: an attempt is counted before its password is checked, and a
    // success takes its count back.
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    // The next attempt of this key is refused before this time (0: none).
    .addColumn('next_allowed_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_expires').on('login_attempts').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
