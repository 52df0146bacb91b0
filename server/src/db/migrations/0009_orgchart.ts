import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// The organisation chart: units (a tree, each backed by a group), jobs, and each person's job.
// Groups and people get a stable node uuid, so that a unit's group and a member can be named by a
// node reference (workspace://SpacesStore/<uuid>) as Alfresco names them.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['groups', 'people']) {
    await db.schema.alterTable(table).addColumn('node_uuid', 'varchar(36)').execute();
    const rows = await db.selectFrom(table).select('id').execute();
    for (const { id } of rows) {
      await db.updateTable(table).set({ node_uuid: randomUUID() }).where('id', '=', id).execute();
    }
    await db.schema.createIndex(`${table}_node_uuid`).on(table).column('node_uuid').unique().execute();
  }

  await db.schema
    .createTable('orgchart_units')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // Lower-cased id: unit ids are unique and looked up case-insensitively, as their groups are.
    .addColumn('id_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    // Null for the root unit only. No cascade: a unit is deleted only when it has no subunits.
    .addColumn('parent_id', 'varchar(64)', (c) => c.references('orgchart_units.id'))
    // GROUP_orgchart_<id>: the unit's members are this group's members.
    .addColumn('group_id', 'varchar(255)', (c) => c.notNull().unique().references('groups.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Children in order (weight, then name): the rows of one parent are few, sorted after the seek.
  await db.schema.createIndex('orgchart_units_parent').on('orgchart_units').columns(['parent_id', 'weight']).execute();
  // One root: the expression is the same for every row without a parent.
  await sql`create unique index orgchart_units_single_root on orgchart_units ((1)) where parent_id is null`.execute(db);

  await db.schema
    .createTable('orgchart_jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('id_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('orgchart_member_jobs')
    // At most one job per person; the assignment goes with the person.
    .addColumn('person_id', 'varchar(255)', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull().references('orgchart_jobs.id'))
    .execute();
  await db.schema.createIndex('orgchart_member_jobs_job').on('orgchart_member_jobs').column('job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orgchart_member_jobs').execute();
  await db.schema.dropTable('orgchart_jobs').execute();
  await db.schema.dropTable('orgchart_units').execute();
  for (const table of ['groups', 'people']) {
    await db.schema.dropIndex(`${table}_node_uuid`).execute();
    await db.schema.alterTable(table).dropColumn('node_uuid').execute();
  }
}
