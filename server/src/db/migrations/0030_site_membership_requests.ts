import type { Kysely } from 'kysely';

// Pending requests to join a MODERATED site (Alfresco keeps them as moderated invitations in its
// workflow engine). One per site and person: the key makes a second request of the same person
// to the same site fail even when two arrive at once. A request ends when it is approved,
// rejected or cancelled (its row goes) and goes with its site (the st:site node, deleted with the
// site) and with its person. Frozen: imports nothing live.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_membership_requests')
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('person_id', 'varchar(255)', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint')
    .addPrimaryKeyConstraint('site_membership_requests_pk', ['site_id', 'person_id'])
    .execute();
  // A person's own requests (GET /people/{personId}/site-membership-requests).
  await db.schema
    .createIndex('site_membership_requests_person')
    .on('site_membership_requests')
    .column('person_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_membership_requests').execute();
}
