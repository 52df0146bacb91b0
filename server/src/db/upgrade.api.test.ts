import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialect } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

// A repository made by an older Quire (schema up to 0006, before identity and access) is
// upgraded with its data: ACLs built from the permissions already set, admin in the
// administrators' group, files without entries of their own using their folder's ACL.

let dataDir: string;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
const open = (migrateUpTo?: '0006_renditions') =>
  openDatabase({ databaseUrl: pg?.url, dataDir, ...(migrateUpTo ? { migrateUpTo } : {}) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'quire-upgrade-'));
  if (testDialect === 'postgres') pg = await createPostgresDatabase();
});
afterAll(async () => {
  await pg?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const everyoneConsumer = JSON.stringify([{ authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED' }]);

async function seedOldRepository(handle: DatabaseHandle): Promise<void> {
  const node = (id: string, parentId: string | null, isFolder: boolean, inherit: boolean, local: string) => ({
    id,
    parent_id: parentId,
    name: id,
    name_key: id,
    node_type: isFolder ? 'cm:folder' : 'cm:content',
    is_folder: isFolder ? 1 : 0,
    is_file: isFolder ? 0 : 1,
    size_in_bytes: isFolder ? null : 100,
    aspects: id === 'file-own' ? '["cm:auditable","cm:titled"]' : '[]',
    properties: '{}',
    created_at: 1,
    created_by: 'admin',
    modified_at: 1,
    modified_by: 'admin',
    child_count: 0,
    inherit_permissions: inherit ? 1 : 0,
    local_permissions: local,
  });
  // The old schema as the old code wrote it (raw SQL: the current types no longer match it).
  const db = handle.db.withoutPlugins();
  await db
    .insertInto('nodes' as never)
    .values([
      node('root', null, true, false, everyoneConsumer),
      node('open', 'root', true, true, '[]'),
      node(
        'closed',
        'root',
        true,
        false,
        JSON.stringify([{ authorityId: 'bob', name: 'Editor', accessStatus: 'ALLOWED' }]),
      ),
      node('file-in-closed', 'closed', false, true, '[]'),
      node('file-own', 'open', false, true, everyoneConsumer),
    ] as never)
    .execute();
  await sql`insert into people (id, id_key, first_name, enabled, password_hash, is_admin, created_at)
            values ('admin', 'admin', 'Administrator', 1, 'x', 1, 1), ('bob', 'bob', 'Bob', 1, 'x', 0, 1)`.execute(db);
  // An older content kept only by a version of file-own (twice: counted once), and a version of nothing.
  await sql`insert into content_objects (id, size_in_bytes, created_at) values ('kept', 40, 1)`.execute(db);
  await sql`insert into versions (node_id, label, major, minor, name, node_type, content_id, size_in_bytes,
                                  aspects, properties, created_at, created_by)
            values ('file-own', '1.0', 1, 0, 'file-own', 'cm:content', 'kept', 40, '[]', '{}', 1, 'admin'),
                   ('file-own', '1.1', 1, 1, 'file-own', 'cm:content', 'kept', 40, '[]', '{}', 1, 'admin'),
                   ('file-own', '1.2', 1, 2, 'file-own', 'cm:content', null, 100, '[]', '{}', 1, 'admin')`.execute(db);
}

describe('upgrading a repository from before identity and access', () => {
  it('keeps the data and builds the ACLs from the permissions already set', async () => {
    const old = await open('0006_renditions');
    await seedOldRepository(old);
    // Damaged permissions make the upgrade fail; it must fail whole, changing nothing.
    await sql`update nodes set local_permissions = 'not json' where id = 'open'`.execute(old.db);
    await old.close();
    await expect(open()).rejects.toThrow(/0007_identity/);
    const after = await open('0006_renditions');
    const run = await sql<{ name: string }>`select name from quire_migrations order by name`.execute(after.db);
    expect(run.rows.map((r) => r.name).at(-1)).toBe('0006_renditions');
    // The people table is as it was: the migration's first change (a new column) was rolled back.
    await expect(sql`select quota from people`.execute(after.db)).rejects.toThrow();
    await sql`update nodes set local_permissions = '[]' where id = 'open'`.execute(after.db);
    await after.close();

    const handle = await open();
    try {
      const db = handle.db.withoutPlugins();
      const acl = async (id: string) =>
        (await sql<{ acl_id: string | null }>`select acl_id from nodes where id = ${id}`.execute(db)).rows[0]?.acl_id;
      expect(await acl('root')).toBe('root');
      expect(await acl('open')).toBe('root');
      expect(await acl('closed')).toBe('closed');
      expect(await acl('file-in-closed')).toBeNull();
      expect(await acl('file-own')).toBe('file-own');

      const acls = await sql<{
        id: string;
        parent_acl_id: string | null;
      }>`select id, parent_acl_id from acls where id not in (select id from nodes where system_key = 'archive') order by id`.execute(
        db,
      );
      expect(acls.rows).toEqual([
        { id: 'closed', parent_acl_id: null },
        { id: 'file-own', parent_acl_id: 'root' },
        { id: 'root', parent_acl_id: null },
      ]);
      const grants = await sql<{ acl_id: string; authority_id: string; bits: number }>`
        select acl_id, authority_id, bits from acl_grants order by acl_id, authority_id`.execute(db);
      const read = (aclId: string, authority: string) =>
        (Number(grants.rows.find((g) => g.acl_id === aclId && g.authority_id === authority)?.bits ?? 0) & 1) === 1;
      expect(read('root', 'GROUP_EVERYONE')).toBe(true);
      expect(read('closed', 'bob')).toBe(true);
      expect(read('closed', 'GROUP_EVERYONE')).toBe(false);
      expect(read('file-own', 'GROUP_EVERYONE')).toBe(true);

      const admins = await sql<{ member_id: string }>`
        select member_id from group_members where group_id = 'GROUP_ALFRESCO_ADMINISTRATORS'`.execute(db);
      expect(admins.rows.map((r) => r.member_id)).toEqual(['admin']);
      const people = await sql<{ id: string; quota: number; owner_count: number }>`
        select p.id, p.quota, (select count(*) from nodes n where n.owner_id = p.id) as owner_count
        from people p order by p.id`.execute(db);
      expect(people.rows.map((r) => [r.id, Number(r.quota), Number(r.owner_count)])).toEqual([
        ['admin', -1, 5],
        ['bob', -1, 0],
      ]);
      // What each owner's files and their versions hold, counted once by migrations 0011 and 0014
      // and kept from then on.
      const usage = await sql<{ owner_id: string; bytes: number | string }>`
        select owner_id, sum(bytes) as bytes from person_usage group by owner_id order by owner_id`.execute(db);
      expect(usage.rows.map((r) => [r.owner_id, Number(r.bytes)])).toEqual([['admin', 240]]);
      // Each node's search document holds the ACL that decides who reads it (migration 0018).
      const docs = await sql<{ node_id: string; live: number; acl_id: string; owner_id: string; node_type: string }>`
        select node_id, live, acl_id, owner_id, node_type from search_docs
        where node_id in ('open', 'file-in-closed', 'file-own') order by node_id`.execute(db);
      expect(docs.rows.map((r) => [r.node_id, Number(r.live), r.acl_id, r.owner_id, r.node_type])).toEqual([
        ['file-in-closed', 1, 'closed', 'admin', 'cm:content'],
        ['file-own', 1, 'file-own', 'admin', 'cm:content'],
        ['open', 1, 'root', 'admin', 'cm:folder'],
      ]);
      // And its aspects (migration 0032).
      const aspects = await sql<{ node_id: string; aspects: string }>`
        select node_id, aspects from search_docs where node_id in ('open', 'file-own') order by node_id`.execute(db);
      expect(aspects.rows.map((r) => [r.node_id, r.aspects])).toEqual([
        ['file-own', '["cm:auditable","cm:titled"]'],
        ['open', '[]'],
      ]);
    } finally {
      await handle.close();
    }
  });
});
