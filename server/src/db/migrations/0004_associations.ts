import type { Kysely } from 'kysely';

// Secondary child associations (a node filed in more folders than its primary parent) and peer
// associations (source -> target, e.g. cm:references).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('secondary_children')
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('child_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('assoc_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('secondary_children_pk', ['parent_id', 'child_id', 'assoc_type'])
    .execute();
  await db.schema.createIndex('secondary_children_child').on('secondary_children').column('child_id').execute();

  await db.schema
    .createTable('peer_assocs')
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('assoc_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('peer_assocs_pk', ['source_id', 'target_id', 'assoc_type'])
    .execute();
  await db.schema.createIndex('peer_assocs_target').on('peer_assocs').column('target_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('peer_assocs').execute();
  await db.schema.dropTable('secondary_children').execute();
}
