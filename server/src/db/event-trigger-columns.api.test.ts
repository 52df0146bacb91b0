import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database-under-test.ts';
import { testDialect } from '../testing/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import * as m0029 from './migrations/0029_event_update_columns.ts';

// Migration 0029: the node event trigger runs for updates of the columns that decide an event's
// type only; an update of other columns (a folder's child count) writes no event, as before, now
// without running it. Down gives back 0021's trigger.

const database = useTestDatabase('event-columns');
/** Without the app's plugins: raw column names, as the migrations see them. */
let db: ReturnType<DatabaseHandle['db']['withoutPlugins']>;
beforeAll(() => {
  db = database().db.withoutPlugins();
});

/** The update part of the node event trigger's definition, as the database reports it. */
async function updateClause(): Promise<string> {
  if (testDialect === 'postgres') {
    const { rows } = await sql<{ def: string }>`
      select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'nodes_event'`.execute(db);
    return /AFTER (.*) ON public\.nodes/i.exec(rows[0]!.def)![1]!;
  }
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'trigger' and name = 'nodes_event_update'`.execute(db);
  return /after (update.*) on nodes begin/.exec(rows[0]!.sql)![1]!;
}

/** The events written for a node since `after`. */
async function eventsOf(nodeId: string, after: number): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from node_events where node_id = ${nodeId} and id > ${after} order by id`.execute(db);
  return rows.map((r) => r.type);
}

async function lastEventId(): Promise<number> {
  const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from node_events`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

describe('migration 0029: the node event trigger and the columns it watches', () => {
  it('watches the deciding columns only; down restores the trigger of 0021, up the new one again', async () => {
    const watched = await updateClause();
    expect(watched.toLowerCase()).toContain('update of archived_root_id, parent_id, lock_owner');
    expect(watched.toLowerCase()).toContain('properties, content_id, modified_at');

    await m0029.down(db);
    const original = (await updateClause()).toLowerCase();
    expect(original).not.toContain(' of ');
    expect(original).toContain('update');

    await m0029.up(db);
    expect(await updateClause()).toBe(watched);
  });

  it('writes the same events: none for a child count, "updated" for a rename, "locked" for a lock', async () => {
    const home = 'event-columns-folder';
    await db
      .insertInto('nodes' as never)
      .values({
        id: home,
        parent_id: null,
        name: home,
        name_key: home,
        node_type: 'cm:folder',
        is_folder: 1,
        is_file: 0,
        aspects: '[]',
        properties: '{}',
        created_at: 1,
        created_by: 'admin',
        modified_at: 1,
        modified_by: 'admin',
        child_count: 0,
        inherit_permissions: 1,
        local_permissions: '[]',
      } as never)
      .execute();
    expect(await eventsOf(home, 0)).toEqual(['created']);
    let before = await lastEventId();
    await sql`update nodes set child_count = child_count + 1 where id = ${home}`.execute(db);
    expect(await eventsOf(home, before)).toEqual([]);

    before = await lastEventId();
    await sql`update nodes set name = 'renamed', name_key = 'renamed' where id = ${home}`.execute(db);
    await sql`update nodes set lock_owner = 'admin' where id = ${home}`.execute(db);
    await sql`update nodes set lock_owner = null where id = ${home}`.execute(db);
    expect(await eventsOf(home, before)).toEqual(['updated', 'locked', 'unlocked']);
  });
});
