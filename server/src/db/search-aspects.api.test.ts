import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database-under-test.ts';
import type { DatabaseHandle } from './database.ts';
import * as m0032 from './migrations/0032_search_aspects.ts';

// Migration 0032: a node's search document holds its aspects, written with the document and
// rewritten when they change. Down removes the column and its trigger; up copies them again.

const database = useTestDatabase('search-aspects');
/** Without the app's plugins: raw column names, as the migrations see them. */
let db: ReturnType<DatabaseHandle['db']['withoutPlugins']>;
beforeAll(() => {
  db = database().db.withoutPlugins();
});

async function insertNode(id: string, aspects: string): Promise<void> {
  const root = await sql<{ id: string }>`select id from nodes where parent_id is null`.execute(db);
  await db
    .insertInto('nodes' as never)
    .values({
      ...{ id, parent_id: root.rows[0]!.id, name: id, name_key: id, node_type: 'cm:folder', is_folder: 1, is_file: 0 },
      ...{ aspects, properties: '{}', created_at: 1, created_by: 'admin', modified_at: 1, modified_by: 'admin' },
      ...{ child_count: 0, inherit_permissions: 1, local_permissions: '[]' },
    } as never)
    .execute();
}

async function documentAspects(id: string): Promise<string | undefined> {
  const { rows } = await sql<{ aspects: string }>`select aspects from search_docs where node_id = ${id}`.execute(db);
  return rows[0]?.aspects;
}

describe('migration 0032: search documents hold their nodes’ aspects', () => {
  it('writes them with the document, follows a change, and survives down and up', async () => {
    await insertNode('aspects-a', '["cm:titled"]');
    expect(await documentAspects('aspects-a')).toBe('["cm:titled"]');
    await sql`update nodes set aspects = '["cm:titled","sys:hidden"]' where id = 'aspects-a'`.execute(db);
    expect(await documentAspects('aspects-a')).toBe('["cm:titled","sys:hidden"]');

    await db.transaction().execute((tx) => m0032.down(tx));
    const columns = await sql<{ n: number | string }>`select count(*) as n from search_docs`.execute(db);
    expect(Number(columns.rows[0]!.n)).toBeGreaterThan(0);
    await expect(sql`select aspects from search_docs`.execute(db)).rejects.toThrow();
    // Nodes written while the column is gone are copied by up.
    await insertNode('aspects-b', '["st:siteContainer"]');
    await sql`update nodes set aspects = '[]' where id = 'aspects-a'`.execute(db);

    await db.transaction().execute((tx) => m0032.up(tx));
    expect(await documentAspects('aspects-a')).toBe('[]');
    expect(await documentAspects('aspects-b')).toBe('["st:siteContainer"]');
    await sql`update nodes set aspects = '["sys:hidden"]' where id = 'aspects-b'`.execute(db);
    expect(await documentAspects('aspects-b')).toBe('["sys:hidden"]');
  });
});
