import type { Kysely } from 'kysely';

// Version history: one row per version, a snapshot of the node when the version was made. The
// newest version shares its content object with the live node (content is immutable).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('versions')
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('label', 'varchar(32)', (c) => c.notNull())
    .addColumn('major', 'integer', (c) => c.notNull())
    .addColumn('minor', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('node_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_id', 'varchar(64)', (c) => c.references('content_objects.id'))
    .addColumn('mime_type', 'varchar(255)')
    .addColumn('encoding', 'varchar(64)')
    .addColumn('size_in_bytes', 'bigint')
    .addColumn('aspects', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('versions_pk', ['node_id', 'label'])
    .execute();
  await db.schema.createIndex('versions_content_id').on('versions').column('content_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('versions').execute();
}
