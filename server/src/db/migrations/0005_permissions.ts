import type { Kysely } from 'kysely';

// Permissions set on a node: whether it inherits its primary parent's, and its own entries
// (JSON array of {authorityId, name, accessStatus}). Enforcement comes with the identity slice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('nodes')
    .addColumn('inherit_permissions', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('nodes')
    .addColumn('local_permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nodes').dropColumn('local_permissions').execute();
  await db.schema.alterTable('nodes').dropColumn('inherit_permissions').execute();
}
