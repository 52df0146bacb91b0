import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../testing/builders.ts';
import { blockedBackends, lockWatcher, untilWaiting } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// An update of a node that moved after the update read it: the update holds its folder as it
// read it, then the node's row, and finds the node in another folder. Holding that folder only
// then (after the node's row) takes rows bottom-up: against a trash of the new folder, which holds
// that folder and then waits for the node's row, each waits for the other (PostgreSQL: deadlock,
// one of them 503). The update must take the new folder before the node, as every write does.

if (testDialect !== 'postgres') {
  console.log(
    '[skipped on SQLite] an update meeting a move and a trash half-way: SQLite has one writer, nothing is held half-way.',
  );
}

describe.skipIf(testDialect !== 'postgres')('an update of a node moved after it was read (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('takes the new folder before the node: no deadlock with a trash of that folder', async () => {
    const home = await aFolder(server.api, '-my-');
    const from = await aFolder(server.api, home.id);
    const to = await aFolder(server.api, home.id);
    const node = await aFolder(server.api, from.id);
    const url = server.databaseUrl!;
    const mover = new pg.Client({ connectionString: url });
    const trasher = new pg.Client({ connectionString: url });
    await mover.connect();
    await trasher.connect();
    const watcher = await lockWatcher(url);
    try {
      // A move under way holds the node: the update has read it in `from` and waits for its row.
      await mover.query('begin');
      await mover.query('select id from nodes where id = $1 for update', [node.id]);
      const blocked = await blockedBackends(watcher);
      const update = server.api.put(`/nodes/${node.id}`, { properties: { 'cm:title': 'renamed' } });
      await untilWaiting(watcher, blocked, update);
      await mover.query('update nodes set parent_id = $1 where id = $2', [to.id, node.id]);
      // A trash of `to` asks for it, top-down, before it comes to the node (it waits for the move,
      // whose new parent link holds `to` in key-share mode), and has it once the move commits.
      await trasher.query('begin');
      const waitingBefore = await blockedBackends(watcher);
      const trashHoldsFolder = trasher.query('select id from nodes where id = $1 for update', [to.id]);
      await untilWaiting(watcher, waitingBefore, trashHoldsFolder);
      await mover.query('commit');
      await trashHoldsFolder;
      // The update has the node now, in `to`; then the trash comes to the node.
      await untilWaiting(watcher, 0, update);
      const trashReachesNode = trasher.query('select id from nodes where id = $1 for update', [node.id]);
      await untilWaiting(watcher, 1, trashReachesNode, 3_000);
      await trashReachesNode;
      await trasher.query('commit');
      const answer = await update;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.entry).toMatchObject({ parentId: to.id, properties: { 'cm:title': 'renamed' } });
    } finally {
      await mover.end();
      await trasher.end();
      await watcher.end();
    }
  });
});
