import type { Kysely } from 'kysely';

// Secrets the server instances of one database share, by name (the key that signs direct access
// URLs). A value is written once, by whichever instance starts first, and never changes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
