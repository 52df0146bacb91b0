import type { Kysely } from 'kysely';

// A person's favorite files, folders and sites (Alfresco keeps them as preferences; a table lets
// a listing filter by the caller's read access and page in SQL). The kind is fixed when the
// favorite is made: a node cannot turn from file to folder, and a site node is always a site.
// Rows go with their person and with their node (deleting a folder or a site deletes the
// favorites of everything below it through the nodes' own cascade).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('person_id', 'varchar(255)', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    // file, folder or site: also the listing order of the kinds (Alfresco's FILE < FOLDER < SITE).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['person_id', 'target_id'])
    .execute();
  // A person's favorites in the listing order: kind, newest first.
  await db.schema
    .createIndex('favorites_person_order')
    .on('favorites')
    .columns(['person_id', 'kind', 'created_at desc', 'target_id'])
    .execute();
  // Deleting a node looks its favorites up by target (every node of a deleted tree does).
  await db.schema.createIndex('favorites_target').on('favorites').column('target_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
}
