import { sql, type Kysely } from 'kysely';

// Downloads (Alfresco's `/downloads`): a zip of the nodes a person asked for, built off the request.
// A row is the durable job and its status at once: any instance claims a waiting row for a lease
// (`claimed_until`), streams the zip into the content store and ends it DONE with the zip's object
// id (`content_id`), or MAX_CONTENT_SIZE_EXCEEDED / CANCELLED. An instance that stops mid-job lets
// the lease run out and another takes the row again (`attempts` bounds the retries). The zip is
// not a content object: no node references it, quotas do not count it, and it goes with the row
// (the download sweeper removes both). Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('created_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    // JSON array of the node ids asked for.
    .addColumn('node_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes_added', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('files_added', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_files', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('content_id', 'varchar(64)')
    .addColumn('size_in_bytes', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  // The jobs waiting or under way (a partial index: finished downloads are most rows).
  await sql`create index downloads_waiting on downloads (claimed_until)
    where status in ('PENDING', 'IN_PROGRESS')`.execute(db);
  // The sweeper's look-up of old downloads.
  await db.schema.createIndex('downloads_created_at').on('downloads').column('created_at').execute();
  // A person's downloads, counted against DOWNLOAD_MAX_PER_PERSON at each new one.
  await db.schema.createIndex('downloads_created_by').on('downloads').column('created_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('downloads').execute();
}
