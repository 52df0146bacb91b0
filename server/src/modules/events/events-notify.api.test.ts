import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRun } from '../../sweeper.ts';
import { aFolder } from '../../testing/builders.ts';
import { basic, openEvents } from '../../testing/event-stream.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// PostgreSQL (migration 0027): the event triggers do not send NOTIFY quire_events in the writing
// transaction (PostgreSQL commits the transactions that did one at a time); the instance that
// committed sends it after the commit. A change made by another tool is found by the readers' poll.

const onPostgres = testDialect === 'postgres';
if (!onPostgres)
  console.log('[events-notify] skipped: NOTIFY is PostgreSQL only (SQLite wakes its reader after each commit).');

let server: TestServer;
let listener: pg.Client;
/** When each notification came, and its payload ('committed' from an instance, '' from the old triggers). */
let heard: { at: number; payload: string }[] = [];
beforeAll(async () => {
  if (!onPostgres) return;
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
  listener = new pg.Client({ connectionString: server.databaseUrl! });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === 'quire_events') heard.push({ at: Date.now(), payload: n.payload ?? '' });
  });
  await listener.query('listen quire_events');
});
afterAll(async () => {
  await listener?.end();
  await server?.close();
});

const quiet = async (ms: number) => {
  heard = [];
  await new Promise((resolve) => setTimeout(resolve, ms));
};

describe.runIf(onPostgres)('NOTIFY quire_events', () => {
  it('is sent after a write through Quire commits', async () => {
    await quiet(300);
    await aFolder(server.api);
    const answered = Date.now();
    for (let waited = 0; heard.length === 0 && waited < 2_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(heard.length, 'no notification after a create').toBeGreaterThan(0);
    expect(heard[0]!.at - answered).toBeLessThan(2_000);
    expect(heard[0]!.payload).toBe('committed');
  });

  it('is sent a few times per write, not on and on: a reader numbering the events it reads announces nothing', async () => {
    const stream = await openEvents(server.baseUrl, basic('admin', 'admin'));
    try {
      const folder = await aFolder(server.api);
      await stream.next((e) => e.nodeId === folder.id && e.type === 'created');
      await quiet(1_500);
      expect(heard.length, 'notifications with nothing written').toBeLessThanOrEqual(1);
    } finally {
      stream.close();
    }
  });

  it('is not sent for writes that make no events: the instance heartbeat, a background run claimed, a failed sign-in', async () => {
    await quiet(300);
    await server.app.instance.beat();
    await claimRun(server.app.database.db, 'events-notify test', 1_000);
    const failed = await fetch(`${server.baseUrl}/alfresco/api/-default-/public/authentication/versions/1/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'admin', password: 'wrong' }),
    });
    expect(failed.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });

  it('is not sent from inside the writing transaction: a change by another tool writes its event silently', async () => {
    const folder = await aFolder(server.api);
    await quiet(300);
    const other = new pg.Client({ connectionString: server.databaseUrl! });
    await other.connect();
    try {
      await other.query(`update nodes set name = name || '-renamed', name_key = name_key || '-renamed' where id = $1`, [
        folder.id,
      ]);
      const { rows } = await other.query(
        `select count(*)::int as n from node_events where node_id = $1 and type = 'updated'`,
        [folder.id],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await other.end();
    }
    // Within the one-second poll the server numbers the event, a write it announces ('committed');
    // a notification of the trigger's own, as before migration 0027, has no payload.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard.filter((n) => n.payload !== 'committed')).toEqual([]);
    const { rows } = await listener.query(
      `select count(*)::int as n from pg_proc where prosrc like '%pg_notify(''quire_events''%'`,
    );
    expect(rows[0].n).toBe(0);
  });
});
