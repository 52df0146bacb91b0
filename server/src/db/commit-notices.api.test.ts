import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialect } from '../testing/test-database.ts';
import { openDatabase } from './database.ts';

// PostgreSQL: the instance announces committed writes (NOTIFY quire_events, migration 0027) at most
// every 10 ms; one that closes right after writing (a script: orgchart import, reindex) sends what
// it still owed before its connection ends.

if (testDialect !== 'postgres') console.log('[skipped on SQLite] commit notices: NOTIFY is PostgreSQL only.');
describe.skipIf(testDialect !== 'postgres')('announcements of committed writes (PostgreSQL)', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase({ migrated: true });
    url = created.url;
    drop = created.drop;
  });
  afterAll(async () => drop?.());

  it('are all sent by an instance that closes at once after writing', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query('listen quire_events');
    const handle = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    try {
      for (let waited = 0; !handle.cachesTrusted() && waited < 5_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(handle.cachesTrusted()).toBe(true);
      // The first write is announced at once, the second after the gap: the instance closes within it.
      for (let i = 0; i < 2; i++) {
        await handle.db.transaction().execute((tx) => sql`update nodes set modified_at = modified_at`.execute(tx));
      }
    } finally {
      await handle.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    await listener.end();
    expect(heard).toEqual(['quire_events', 'quire_events']);
  });
});
