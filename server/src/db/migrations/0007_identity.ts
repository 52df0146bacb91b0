import { sql, type Kysely } from 'kysely';

// Identity and access: the person's full profile and quota, groups and their members, tickets,
// node owners, and access control lists.
//
// ACLs: a node "defines" an ACL when it has entries of its own or does not inherit (and the root
// always does); every folder's acl_id names the nearest such node, itself or an ancestor; a
// file's is its own id when it defines one, else null (it uses its folder's). `acls`
// links each defining node to the ACL it inherits from; `acl_grants` holds, per ACL and authority,
// the access bits that authority has there (computed from the node's and the inherited entries),
// so that "may this caller read" is one indexed lookup and a folder listing filters in SQL.

const BUILT_IN_GROUPS = [
  'ALFRESCO_ADMINISTRATORS',
  'EMAIL_CONTRIBUTORS',
  'SITE_ADMINISTRATORS',
  'ALFRESCO_SEARCH_ADMINISTRATORS',
  'ALFRESCO_MODEL_ADMINISTRATORS',
  'ALFRESCO_SYSTEM_ADMINISTRATORS',
];

export async function up(db: Kysely<any>): Promise<void> {
  const text = (name: string) => db.schema.alterTable('people').addColumn(name, 'varchar(1024)').execute();
  for (const column of [
    'description',
    'avatar_id',
    'skype_id',
    'google_id',
    'instant_message_id',
    'job_title',
    'location',
    'mobile',
    'telephone',
    'user_status',
  ]) {
    await text(column);
  }
  await db.schema.alterTable('people').addColumn('status_updated_at', 'bigint').execute();
  await db.schema
    .alterTable('people')
    .addColumn('company', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('people')
    .addColumn('email_notifications_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('people')
    .addColumn('aspects', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('people')
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // Bytes of content the person may own; -1 = unlimited.
  await db.schema
    .alterTable('people')
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(-1))
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('id_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('description', 'varchar(1024)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'varchar(255)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    // A person id or a group id (GROUP_…).
    .addColumn('member_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('member_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'member_id'])
    .execute();
  await db.schema.createIndex('group_members_member').on('group_members').columns(['member_id', 'group_id']).execute();
  const now = Date.now();
  await db
    .insertInto('groups')
    .values(
      BUILT_IN_GROUPS.map((name) => ({
        id: `GROUP_${name}`,
        id_key: `group_${name.toLowerCase()}`,
        display_name: name,
        created_at: now,
      })),
    )
    .execute();
  const admins = await db.selectFrom('people').select('id').where('is_admin', '=', 1).execute();
  for (const { id } of admins) {
    await db
      .insertInto('group_members')
      .values(
        BUILT_IN_GROUPS.map((name) => ({
          group_id: `GROUP_${name}`,
          member_id: id,
          member_type: 'PERSON',
          created_at: now,
        })),
      )
      .execute();
  }
  await db.schema.alterTable('people').dropColumn('is_admin').execute();

  await db.schema
    .createTable('tickets')
    // SHA-256 of the ticket: the database never holds a usable ticket.
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_id', 'varchar(255)', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tickets_person').on('tickets').column('person_id').execute();

  // Owner: cm:owner when set, else the creator. Owners have full control of their nodes.
  await db.schema.alterTable('nodes').addColumn('owner_id', 'varchar(255)').execute();
  await db
    .updateTable('nodes')
    .set({ owner_id: sql.ref('created_by') })
    .execute();
  await db.schema.alterTable('nodes').addColumn('acl_id', 'varchar(64)').execute();
  await sql`
    with recursive t (id, acl) as (
      select id, id from nodes where parent_id is null
      union all
      select n.id, case when n.inherit_permissions = 0 or n.local_permissions <> '[]' then n.id else t.acl end
      from nodes n join t on n.parent_id = t.id
    )
    update nodes set acl_id = (select acl from t where t.id = nodes.id)`.execute(db);
  await db.schema
    .createTable('acls')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey().references('nodes.id').onDelete('cascade'))
    // The ACL whose entries this one inherits; null when inheritance is off.
    .addColumn('parent_acl_id', 'varchar(64)')
    .execute();
  await db.schema.createIndex('acls_parent').on('acls').column('parent_acl_id').execute();
  await db.schema
    .createTable('acl_grants')
    .addColumn('acl_id', 'varchar(64)', (c) => c.notNull().references('acls.id').onDelete('cascade'))
    .addColumn('authority_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('bits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('acl_grants_pk', ['acl_id', 'authority_id'])
    .execute();
  // "Which ACLs let these authorities read": a range scan per authority, covered by the index.
  await db.schema
    .createIndex('acl_grants_authority')
    .on('acl_grants')
    .columns(['authority_id', 'acl_id', 'bits'])
    .execute();
  // Listings filter by ACL and owner while they walk the children in order: both are in the index.
  await sql`drop index nodes_children_default_order`.execute(db);
  await sql`create index nodes_children_default_order on nodes (parent_id, is_folder desc, name_key, id, acl_id, owner_id)`.execute(
    db,
  );
  // A filtered listing counts its readable children per ACL, and the caller's own ones, on these.
  // Both cover those queries (id included), so the planner seeks them rather than walking the folder.
  await db.schema
    .createIndex('nodes_parent_acl')
    .on('nodes')
    .columns(['parent_id', 'acl_id', 'owner_id', 'id'])
    .execute();
  // Also what a person's quotaUsed sums.
  await db.schema
    .createIndex('nodes_owner')
    .on('nodes')
    .columns(['owner_id', 'parent_id', 'acl_id', 'size_in_bytes', 'id'])
    .execute();

  await rebuildAcls(db);
  // Files that do not define an ACL use their folder's without storing it.
  await sql`update nodes set acl_id = null where is_folder = 0 and acl_id <> id`.execute(db);
}

/** Creates the acls and acl_grants rows of every defining node (existing repositories). */
async function rebuildAcls(db: Kysely<any>): Promise<void> {
  const defining = await db
    .selectFrom('nodes as n')
    .leftJoin('nodes as p', 'p.id', 'n.parent_id')
    // One-word aliases: the app's Kysely camel-cases result keys (CamelCasePlugin).
    .select(['n.id', 'n.inherit_permissions as inherit', 'n.local_permissions as local', 'p.acl_id as parent'])
    .whereRef('n.acl_id', '=', 'n.id')
    .execute();
  const byId = new Map(defining.map((d) => [d.id as string, d]));
  for (const d of defining) {
    const parentAcl = Number(d.inherit) === 1 ? ((d.parent as string | null) ?? null) : null;
    await db.insertInto('acls').values({ id: d.id, parent_acl_id: parentAcl }).execute();
    const levels: PermissionEntry[][] = [];
    let current: (typeof defining)[number] | undefined = d;
    while (current) {
      levels.push(JSON.parse(current.local as string) as PermissionEntry[]);
      current = Number(current.inherit) === 1 && current.parent ? byId.get(current.parent as string) : undefined;
    }
    const grants = [...effectiveGrants(levels)].map(([authority_id, bits]) => ({ acl_id: d.id, authority_id, bits }));
    if (grants.length) await db.insertInto('acl_grants').values(grants).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('0007_identity cannot be undone');
}

// ---------------------------------------------------------------------------------------------
// A frozen copy of the access rules this migration computes grants with (modules/permissions/
// access.ts as of 2026-11-27): a migration never imports live code, so what it writes cannot
// change when today's rules do (ADR 0013). Do not edit: a change of the rules is a new migration.

interface PermissionEntry {
  authorityId: string;
  name: string;
  accessStatus: 'ALLOWED' | 'DENIED';
}

const FULL_CONTROL = 127;
const [READ, WRITE, ADD_CHILDREN, DELETE, READ_PERMISSIONS, CHANGE_PERMISSIONS, UNLOCK] = [1, 2, 4, 8, 16, 32, 64];

const CONSUMER = READ;
const CONTRIBUTOR = READ | ADD_CHILDREN | READ_PERMISSIONS;
const EDITOR = READ | WRITE | READ_PERMISSIONS;
const COLLABORATOR = EDITOR | CONTRIBUTOR;

/** The bits each role or permission name grants. */
const PERMISSION_BITS: Readonly<Record<string, number>> = {
  Consumer: CONSUMER,
  Contributor: CONTRIBUTOR,
  Editor: EDITOR,
  Collaborator: COLLABORATOR,
  Coordinator: FULL_CONTROL,
  SiteManager: FULL_CONTROL,
  SiteCollaborator: COLLABORATOR,
  SiteContributor: CONTRIBUTOR,
  SiteConsumer: CONSUMER | READ_PERMISSIONS,
  All: FULL_CONTROL,
  FullControl: FULL_CONTROL,
  Read: READ,
  ReadProperties: READ,
  ReadChildren: READ,
  ReadContent: READ,
  Write: WRITE,
  WriteProperties: WRITE,
  WriteContent: WRITE,
  AddChildren: ADD_CHILDREN,
  CreateChildren: ADD_CHILDREN,
  LinkChildren: ADD_CHILDREN,
  Delete: DELETE,
  DeleteNode: DELETE,
  DeleteChildren: DELETE,
  ReadPermissions: READ_PERMISSIONS,
  ChangePermissions: CHANGE_PERMISSIONS,
  TakeOwnership: CHANGE_PERMISSIONS,
  SetOwner: CHANGE_PERMISSIONS,
  Lock: WRITE,
  CheckOut: WRITE,
  CheckIn: WRITE,
  CancelCheckOut: UNLOCK,
  Unlock: UNLOCK,
};

/** Authorities whose entries never grant through an ACL: ROLE_OWNER is global (owners have full control). */
const GLOBAL_ROLES = new Set(['ROLE_OWNER', 'ROLE_LOCK_OWNER', 'ROLE_ADMINISTRATOR']);

/** Denied bits are kept above the allowed ones in the same number (grants rows hold both). */
const DENIED_SHIFT = 8;

/**
 * The bits each authority holds through an access control list given as levels, nearest first
 * (the node's own entries, then each inherited level): the allowed bits, and above them
 * (DENIED_SHIFT) the denied ones. Per authority and bit the nearest level that names it decides;
 * at one level a DENIED beats an ALLOWED. A DENIED counts against every authority of a caller
 * (Alfresco's default, security.anyDenyDenies=true): a DENIED for bob beats an ALLOWED for
 * GROUP_EVERYONE, unless bob himself is ALLOWED nearer — see bitsFor.
 */
function effectiveGrants(levels: readonly (readonly PermissionEntry[])[]): Map<string, number> {
  const decided = new Map<string, number>();
  const allowed = new Map<string, number>();
  const denied = new Map<string, number>();
  for (const level of levels) {
    const allow = new Map<string, number>();
    const deny = new Map<string, number>();
    for (const entry of level) {
      if (GLOBAL_ROLES.has(entry.authorityId)) continue;
      const bits = PERMISSION_BITS[entry.name] ?? 0;
      const target = entry.accessStatus === 'DENIED' ? deny : allow;
      target.set(entry.authorityId, (target.get(entry.authorityId) ?? 0) | bits);
    }
    for (const authority of new Set([...allow.keys(), ...deny.keys()])) {
      const open = ~(decided.get(authority) ?? 0);
      const a = allow.get(authority) ?? 0;
      const d = deny.get(authority) ?? 0;
      allowed.set(authority, (allowed.get(authority) ?? 0) | (a & ~d & open));
      denied.set(authority, (denied.get(authority) ?? 0) | (d & open));
      decided.set(authority, (decided.get(authority) ?? 0) | a | d);
    }
  }
  const result = new Map<string, number>();
  for (const authority of decided.keys()) {
    const bits = (allowed.get(authority) ?? 0) | ((denied.get(authority) ?? 0) << DENIED_SHIFT);
    if (bits !== 0) result.set(authority, bits);
  }
  return result;
}
