import { sql, type Kysely } from 'kysely';

// Small contents (up to 64 KiB) are kept in the database, in the row of their content object,
// committed with the node in one transaction: ADR 0008. `bytea` is PostgreSQL's binary type;
// SQLite stores the bytes as a BLOB whatever the declared type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('content_objects')
    .addColumn('data', sql`bytea`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_objects').dropColumn('data').execute();
}
