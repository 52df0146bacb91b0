import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { blockedBackends, lockWatcher, untilWaiting } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// PostgreSQL keeps person_usage in shards, one per connection (its backend pid modulo 16,
// migration 0011); connections whose pids agree modulo 16 share their rows. A change of owner
// moves a node's bytes between two owners' rows (migration 0028's row trigger): two such changes
// in opposite directions, each on a connection of the same shard, must lock the two rows in one
// order, else each holds the row the other waits for (a deadlock: one of them 503). So must a
// statement that counts the nodes of several owners at once (a delete, a purge, a copy: the
// statement trigger of migration 0014, its rows in owner order since 0028).

const SHARDS = 16;

if (testDialect !== 'postgres') {
  console.log('[skipped on SQLite] usage shards of concurrent connections: SQLite has one writer and one shard.');
}
describe.skipIf(testDialect !== 'postgres')('owner changes under concurrency (PostgreSQL)', () => {
  let server: TestServer;
  let jo: TestUser;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    jo = await aUser(server.api);
    ann = await aUser(server.api);
  });
  afterAll(() => server.close());

  /** A connection whose backend pid falls in `shard` (pids are handed out in turn: a few tries). */
  async function connectionInShard(shard: number): Promise<pg.Client> {
    for (let tries = 0; tries < 1000; tries += 1) {
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      if ((client as unknown as { processID: number }).processID % SHARDS === shard) return client;
      await client.end();
    }
    throw new Error(`no connection in shard ${shard}`);
  }

  /** Every shard's row of `owners`' usage (0 bytes where none was), then `held`'s locked in a transaction of `holder`. */
  async function holdUsage(holder: pg.Client, owners: readonly string[], held: string): Promise<void> {
    await holder.query(
      `insert into person_usage (owner_id, shard, bytes)
       select p.id, s, 0 from unnest($1::varchar[]) as p(id), generate_series(0, ${SHARDS - 1}) as s
       on conflict do nothing`,
      [owners],
    );
    await holder.query('begin');
    await holder.query('select 1 from person_usage where owner_id = $1 for update', [held]);
  }

  /** The one backend waiting for `holder`'s locks (a request of the server's). */
  async function waiterOn(watcher: pg.Client, holder: pg.Client): Promise<number> {
    const { rows } = await watcher.query<{ pid: number }>(
      `select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`,
      [(holder as unknown as { processID: number }).processID],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!.pid;
  }

  /** `statement` in a transaction of `client`: 'committed', or the error's SQLSTATE (rolled back). */
  async function inTransaction(client: pg.Client, statement: string, values: unknown[]): Promise<string | undefined> {
    await client.query('begin');
    try {
      await client.query(statement, values);
      await client.query('commit');
      return 'committed';
    } catch (error) {
      await client.query('rollback');
      return (error as { code?: string }).code;
    }
  }

  /**
   * The race both tests hold half-way: `held`'s usage rows are locked by a connection of the test;
   * `request` (through the server) starts and waits at its shard's row; `owner_id` of `nodeId` is
   * then set to `newOwner` in plain SQL on a connection of that same shard, which waits too; then
   * the lock ends. Answers the request's answer and the SQL's outcome.
   */
  async function crossOnOneShard<R>(
    usage: { owners: readonly string[]; held: string },
    request: () => Promise<R>,
    change: { nodeId: string; newOwner: string },
  ): Promise<[R, string | undefined]> {
    const url = server.databaseUrl!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const watcher = await lockWatcher(url);
    let other: pg.Client | undefined;
    try {
      await holdUsage(holder, usage.owners, usage.held);
      let blocked = await blockedBackends(watcher);
      const answered = request();
      await untilWaiting(watcher, blocked, answered, 10_000);
      other = await connectionInShard((await waiterOn(watcher, holder)) % SHARDS);
      blocked = await blockedBackends(watcher);
      const changed = inTransaction(other, 'update nodes set owner_id = $1 where id = $2', [
        change.newOwner,
        change.nodeId,
      ]);
      await untilWaiting(watcher, blocked, changed, 10_000);
      await holder.query('commit');
      return await Promise.all([answered, changed]);
    } finally {
      await holder.end();
      await watcher.end();
      await other?.end();
    }
  }

  it('two owner changes in opposite directions on connections of one shard both commit', async () => {
    const upload = async (user: TestUser, bytes: number) => {
      const res = await user.api.upload('-my-', `owned-${bytes}.bin`, Buffer.alloc(bytes, 1));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.entry.id as string;
    };
    const josFile = await upload(jo, 1000);
    const annsFile = await upload(ann, 3000);
    // Every shard's row of jo's usage held: the owner change through the server waits at its
    // shard's; the other direction runs on a connection of that shard.
    const [put, update] = await crossOnOneShard(
      { owners: [jo.id, ann.id], held: jo.id },
      () => server.api.put(`/nodes/${josFile}`, { properties: { 'cm:owner': ann.id } }),
      { nodeId: annsFile, newOwner: jo.id },
    );
    expect([put.status, update], JSON.stringify(put.body)).toEqual([200, 'committed']);
    const used = async (id: string) => (await server.api.get(`/people/${id}`)).body.entry.quotaUsed as number;
    expect([await used(jo.id), await used(ann.id)]).toEqual([3000, 1000]);
  });

  it("a delete of two owners' files and an owner change between them, on connections of one shard, both commit", async () => {
    // Two owners whose ids a hash aggregate yields in descending order (PostgreSQL 15: bob, then
    // alice): a statement trigger upserting in the GROUP BY's order would lock bob's row first.
    const alice = await aUser(server.api, { id: 'alice' });
    const bob = await aUser(server.api, { id: 'bob' });
    const folder = await aFolder(server.api);
    const upload = async (parentId: string, owner: TestUser, bytes: number) => {
      const res = await server.api.upload(parentId, `${owner.id}-${bytes}.bin`, Buffer.alloc(bytes, 1), {
        'cm:owner': owner.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.entry.id as string;
    };
    await upload(folder.id, alice, 1000);
    await upload(folder.id, bob, 3000);
    const given = await upload('-root-', alice, 500);
    // Bob's rows held: the delete through the server waits at its shard's (with alice's row taken
    // already if it takes them in owner order). Alice's file is then given to bob on a connection of
    // that shard: in owner order, alice's row first (which the delete holds, if it took it).
    const [del, update] = await crossOnOneShard(
      { owners: [alice.id, bob.id], held: bob.id },
      () => server.api.delete(`/nodes/${folder.id}`, { query: { permanent: true } }),
      { nodeId: given, newOwner: bob.id },
    );
    expect([del.status, update], JSON.stringify(del.body)).toEqual([204, 'committed']);
    const used = async (id: string) => (await server.api.get(`/people/${id}`)).body.entry.quotaUsed as number;
    expect([await used(alice.id), await used(bob.id)]).toEqual([0, 500]);
  });
});
