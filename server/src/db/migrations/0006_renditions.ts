import type { Kysely } from 'kysely';

// Renditions requested for a file (multipart `renditions` field). No converter exists yet, so
// every row stays NOT_CREATED; the rows go with their node.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('renditions')
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('rendition_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NOT_CREATED'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('renditions_pk', ['node_id', 'rendition_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('renditions').execute();
}
