import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { aFile, aSharedFolder } from '../../../testing/builders.ts';
import type { ApiClient } from '../../../testing/api-client.ts';
import { serverWithPeer } from '../../../testing/server-with-peer.ts';

// A lock and a modification racing for one node are ordered: a modification either lands before
// the lock or is refused (409), never after it (issue 15, item 15). On PostgreSQL the lock goes
// through one instance and the modification through another. A trigger written for the test logs
// the order in which the database applied them.

const t = serverWithPeer({ people: ['ann', 'bob'] });
let ann: ApiClient;
let bob: ApiClient;
beforeAll(async () => {
  ann = t.server.api.as('ann', 'pw');
  bob = t.peer.as('bob', 'pw');
  const db = t.server.app.database.db;
  if (t.server.databaseUrl) {
    await sql`create table race_log (seq bigserial primary key, node_id text not null, what text not null)`.execute(db);
    await sql`create function race_log() returns trigger language plpgsql as $$
      begin
        if old.lock_owner is null and new.lock_owner is not null then
          insert into race_log (node_id, what) values (new.id, 'lock');
        end if;
        if old.modified_at is distinct from new.modified_at then
          insert into race_log (node_id, what) values (new.id, 'write');
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger race_log after update on nodes for each row execute function race_log()`.execute(db);
  } else {
    await sql`create table race_log (seq integer primary key autoincrement, node_id text not null, what text not null)`.execute(
      db,
    );
    await sql`create trigger race_log_lock after update of lock_owner on nodes
              when old.lock_owner is null and new.lock_owner is not null
              begin insert into race_log (node_id, what) values (new.id, 'lock'); end`.execute(db);
    await sql`create trigger race_log_write after update of modified_at on nodes
              when old.modified_at is not new.modified_at
              begin insert into race_log (node_id, what) values (new.id, 'write'); end`.execute(db);
  }
});

const PAIRS = 50;

type Modify = (id: string, i: number) => Promise<{ status: number }>;

const MODIFICATIONS: [string, Modify][] = [
  [
    'content updates',
    (id, i) => bob.put(`/nodes/${id}/content`, `by bob ${i}`, { headers: { 'content-type': 'text/plain' } }),
  ],
  ['property changes', (id, i) => bob.put(`/nodes/${id}`, { properties: { 'cm:title': `bob ${i}` } })],
  ['renames', (id, i) => bob.put(`/nodes/${id}`, { name: `renamed-${i}.txt` })],
  ['deletes', (id) => bob.delete(`/nodes/${id}`)],
];

describe('a lock racing with a modification', () => {
  it.each(MODIFICATIONS)('never lets %s land after the lock', async (_, modify) => {
    const folder = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
    const files = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => aFile(t.server.api, folder.id, `v1 ${i}`, `race-${i}.txt`)),
    );
    const outcomes = await Promise.all(
      files.map(async (file, i) => {
        const [lock, change] = await Promise.all([ann.post(`/nodes/${file.id}/lock`, {}), modify(file.id, i)]);
        return { id: file.id, lock: lock.status, change: change.status };
      }),
    );
    for (const o of outcomes) {
      // A lock on a node deleted first is 404; a change after the lock is 409.
      expect([200, 404]).toContain(o.lock);
      expect([200, 204, 409]).toContain(o.change);
      // Deleted first, the node cannot be locked; locked first, it cannot be deleted.
      expect(o.lock === 200 && o.change === 204, `${o.id} deleted and locked`).toBe(false);
    }
    const ids = new Set(files.map((f) => f.id));
    const log = await sql<{ nodeId: string; what: string }>`select node_id, what from race_log order by seq`.execute(
      t.server.app.database.db,
    );
    const locked = new Set<string>();
    const late: string[] = [];
    for (const { nodeId, what } of log.rows) {
      if (!ids.has(nodeId)) continue;
      if (what === 'lock') locked.add(nodeId);
      else if (locked.has(nodeId)) late.push(nodeId);
    }
    expect(late, 'modifications applied after the lock').toEqual([]);
    // A delete that won leaves no node to lock; one that lost leaves the node locked.
    for (const o of outcomes) {
      const after = await t.server.api.get(`/nodes/${o.id}`, { query: { include: 'isLocked' } });
      if (o.change === 204) expect(after.status).toBe(404);
      if (o.lock === 200 && o.change !== 204) expect(after.body.entry.isLocked).toBe(true);
    }
  });

  it('never lets the delete of a folder take a node locked meanwhile', async () => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i) => {
        const folder = await t.server.api.post(`/nodes/${shared.id}/children`, {
          name: `box-${i}`,
          nodeType: 'cm:folder',
        });
        return {
          folder: folder.body.entry.id as string,
          file: (await aFile(t.server.api, folder.body.entry.id, `in ${i}`)).id,
        };
      }),
    );
    const outcomes = await Promise.all(
      pairs.map(async ({ folder, file }) => {
        const [lock, remove] = await Promise.all([ann.post(`/nodes/${file}/lock`, {}), bob.delete(`/nodes/${folder}`)]);
        return { file, lock: lock.status, remove: remove.status };
      }),
    );
    for (const o of outcomes) {
      expect([200, 404]).toContain(o.lock);
      expect([204, 409]).toContain(o.remove);
      expect(o.lock === 200 && o.remove === 204, `${o.file} locked and deleted with its folder`).toBe(false);
    }
  });

  if (process.env.QUIRE_TEST_DB !== 'postgres') {
    console.log(
      `[skipped on SQLite] a delete waiting for a lock being taken: SQLite has one writer at a time, so there is no row lock to wait for.`,
    );
  }
  it.runIf(process.env.QUIRE_TEST_DB === 'postgres')(
    'waits for a lock being taken inside the folder, then refuses the delete (409)',
    async () => {
      const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
      const folder = (await t.server.api.post(`/nodes/${shared.id}/children`, { name: 'held', nodeType: 'cm:folder' }))
        .body.entry.id as string;
      const file = (await aFile(t.server.api, folder, 'inside')).id;
      // A lock in flight: its transaction holds the file's row, as POST /lock does, and commits later.
      const client = new pg.Client({ connectionString: t.server.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`select id from nodes where id = $1 for no key update`, [file]);
        await client.query(`update nodes set lock_owner = 'ann', lock_type = 'WRITE_LOCK' where id = $1`, [file]);
        const removing = bob.delete(`/nodes/${folder}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await client.query('commit');
        expect((await removing).status).toBe(409);
      } finally {
        await client.end();
      }
      expect((await t.server.api.get(`/nodes/${file}`, { query: { include: 'isLocked' } })).body.entry.isLocked).toBe(
        true,
      );
    },
  );
});
