import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// The trashcan (Alfresco's archive store). A deleted node and everything below it stay in `nodes`
// with their ids, versions, permissions, associations and favorites; the deleted node (the trash
// item) is moved under the archive root, a second parentless node that nothing can reach, and:
// - every node of the trashed subtree, the item included, names the item in archived_root_id (so
//   reads by id find only live nodes: archived_root_id is null), and the archive root names itself;
// - the item keeps where it was deleted from and when and by whom (archived_from, archived_at,
//   archived_by), and a name_key that no live name can take (':' + id; ':' is never in a name), so
//   any number of items with one name fit under the archive root and the old name is free again.
// Frozen: imports nothing from live modules.

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ['archived_root_id', 'varchar(64)'],
    ['archived_from', 'varchar(64)'],
    ['archived_at', 'bigint'],
    ['archived_by', 'varchar(255)'],
  ] as const) {
    await db.schema.alterTable('nodes').addColumn(column, type).execute();
  }
  // The trash of one person, newest first; everyone's (administrators, the retention purger).
  await sql`create index nodes_trash_by_person on nodes (archived_by, archived_at desc, id) where archived_at is not null`.execute(
    db,
  );
  await sql`create index nodes_archived_root on nodes (archived_root_id) where archived_root_id is not null`.execute(
    db,
  );
  await sql`create index nodes_trash_by_age on nodes (archived_at, id) where archived_at is not null`.execute(db);
  // One root per system key: Company Home and the archive root (was: one parentless node).
  await sql`drop index nodes_single_root`.execute(db);
  await sql`create unique index nodes_single_root on nodes ((coalesce(system_key, ''))) where parent_id is null`.execute(
    db,
  );

  const id = randomUUID();
  const now = Date.now();
  await db
    .insertInto('nodes')
    .values({
      id,
      parent_id: null,
      name: 'Archive',
      name_key: ':archive',
      node_type: 'sys:archiveRoot',
      is_folder: 1,
      is_file: 0,
      system_key: 'archive',
      aspects: '[]',
      properties: '{}',
      created_at: now,
      created_by: 'System',
      modified_at: now,
      modified_by: 'System',
      owner_id: 'System',
      inherit_permissions: 0,
      local_permissions: '[]',
      acl_id: id,
      archived_root_id: id,
    })
    .execute();
  // An ACL that grants nothing: the items under the archive root are reached by the trash API only.
  await db.insertInto('acls').values({ id, parent_acl_id: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from nodes where archived_root_id is not null`.execute(db);
  await sql`drop index nodes_single_root`.execute(db);
  await sql`create unique index nodes_single_root on nodes ((1)) where parent_id is null`.execute(db);
  await sql`drop index nodes_trash_by_age`.execute(db);
  await sql`drop index nodes_archived_root`.execute(db);
  await sql`drop index nodes_trash_by_person`.execute(db);
  for (const column of ['archived_by', 'archived_at', 'archived_from', 'archived_root_id']) {
    await db.schema.alterTable('nodes').dropColumn(column).execute();
  }
}
