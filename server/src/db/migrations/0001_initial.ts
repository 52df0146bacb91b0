import { sql, type Kysely } from 'kysely';

// Column names are snake_case in the database (CamelCasePlugin maps them).
// Booleans are integers and timestamps epoch milliseconds so both dialects share every query.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_objects')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('size_in_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('nodes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(64)', (c) => c.references('nodes.id').onDelete('cascade'))
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('node_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_folder', 'integer', (c) => c.notNull())
    .addColumn('is_file', 'integer', (c) => c.notNull())
    .addColumn('system_key', 'varchar(64)')
    .addColumn('content_id', 'varchar(64)', (c) => c.references('content_objects.id'))
    .addColumn('mime_type', 'varchar(255)')
    .addColumn('encoding', 'varchar(64)')
    .addColumn('size_in_bytes', 'bigint')
    .addColumn('aspects', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_by', 'varchar(255)', (c) => c.notNull())
    // Primary children, kept in step by every insert and delete, so that a listing's totalItems
    // costs the same in any folder.
    .addColumn('child_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Case-insensitive uniqueness of names among siblings: two concurrent creates cannot both win.
  await db.schema
    .createIndex('nodes_parent_name_key')
    .unique()
    .on('nodes')
    .columns(['parent_id', 'name_key'])
    .execute();
  // The default listing order (folders first, then name, then id) walks this index, so a page
  // costs the same in a folder of ten children as in one of a million.
  await sql`create index nodes_children_default_order on nodes (parent_id, is_folder desc, name_key, id)`.execute(db);
  await db.schema.createIndex('nodes_system_key').unique().on('nodes').column('system_key').execute();
  await db.schema.createIndex('nodes_content_id').on('nodes').column('content_id').execute();
  // Only one root (Company Home): a unique index over a constant for rows without a parent.
  await sql`create unique index nodes_single_root on nodes ((1)) where parent_id is null`.execute(db);

  await db.schema
    .createTable('people')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('id_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(255)')
    .addColumn('email', 'varchar(255)')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(512)', (c) => c.notNull())
    .addColumn('home_folder_id', 'varchar(64)', (c) => c.references('nodes.id').onDelete('set null'))
    .addColumn('is_admin', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('people').execute();
  await db.schema.dropTable('nodes').execute();
  await db.schema.dropTable('content_objects').execute();
}
