import type { Kysely } from 'kysely';

// Deleting nodes (a folder tree, a site) looks up, for every deleted node, the people whose home
// folder it was (`people.home_folder_id` is ON DELETE SET NULL). Without an index that is a scan of
// `people` per node: 10,000 people and a 10,000-node tree make 100 million row reads, on SQLite
// while holding the one writer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('people_home_folder').on('people').column('home_folder_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('people_home_folder').execute();
}
