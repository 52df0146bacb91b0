import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder } from '../../../testing/builders.ts';
import { namesFound, uploaded } from '../../../testing/search-queries.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// What a write changes is found once it commits, whichever way it was written: many uploads that
// share one commit, a write outside a transaction, a rename, a delete; and nothing of a write that
// was rolled back. On SQLite the words reach FTS5 at the commit (migration 0024's queue), so each
// case also checks that nothing is left queued.
let server: TestServer;
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
  root = await aFolder(server.api);
});
afterAll(() => server.close());

const db = () => server.app.database.db;

const found = (query: string) => namesFound(server.api, root.id, query);

const upload = (name: string, content: string | Buffer, fields: Record<string, string> = {}) =>
  uploaded(server.api, root.id, name, content, fields);

/** Index documents still waiting for FTS5 (SQLite); PostgreSQL writes them in its triggers. */
async function queued(): Promise<number> {
  if (server.app.database.dialect !== 'sqlite') return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_queue`.execute(db());
  return rows[0]!.n;
}

describe('the index follows every committed write', () => {
  it('finds each of many uploads that share a commit, by name and by a word inside', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `batch-${i}.txt`);
    await Promise.all(names.map((name, i) => upload(name, `numbat${i} and the quoll`)));
    expect(await found('quoll')).toEqual([...names].sort());
    expect(await found('numbat7')).toEqual(['batch-7.txt']);
    expect(await found('cm:name:"batch-11.txt"')).toEqual(['batch-11.txt']);
    expect(await queued()).toBe(0);
  });

  it('follows a rename written outside a transaction: the new name is found, the old one is not', async () => {
    const file = await upload('bilby.txt', 'a desert animal');
    await db().updateTable('nodes').set({ name: 'dunnart.txt' }).where('id', '=', file.id).execute();
    expect(await queued()).toBe(0);
    expect(await found('cm:name:dunnart*')).toEqual(['dunnart.txt']);
    expect(await found('cm:name:bilby*')).toEqual([]);
    expect(await found('desert')).toEqual(['dunnart.txt']);
  });

  it('keeps nothing of a transaction that was rolled back', async () => {
    const file = await upload('potoroo.txt', 'a small marsupial');
    const failed = db()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('nodes').set({ name: 'bettong.txt' }).where('id', '=', file.id).execute();
        throw new Error('changed its mind');
      });
    await expect(failed).rejects.toThrow('changed its mind');
    expect(await queued()).toBe(0);
    expect(await found('cm:name:potoroo*')).toEqual(['potoroo.txt']);
    expect(await found('cm:name:bettong*')).toEqual([]);
  });

  it('forgets a node deleted for good, and finds a node created in the same commit', async () => {
    const gone = await upload('antechinus.txt', 'a marsupial mouse');
    const [deleted, created] = await Promise.all([
      server.api.delete(`/nodes/${gone.id}?permanent=true`),
      server.api.upload(root.id, 'phascogale.txt', 'a marsupial mouse too'),
    ]);
    expect(deleted.status).toBe(204);
    expect(created.status).toBe(201);
    expect(await found('mouse')).toEqual(['phascogale.txt']);
    expect(await queued()).toBe(0);
  });

  it('rewrites the words of a renamed file in a transaction of the API', async () => {
    const file = await upload('quokka.txt', 'smiles a lot');
    const res = await server.api.put(`/nodes/${file.id}`, {
      name: 'wallaby.txt',
      properties: { 'cm:title': 'Hopper' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await found('cm:name:wallaby*')).toEqual(['wallaby.txt']);
    expect(await found('cm:title:hopper')).toEqual(['wallaby.txt']);
    expect(await found('cm:name:quokka*')).toEqual([]);
    expect(await found('smiles')).toEqual(['wallaby.txt']);
    expect(await queued()).toBe(0);
  });
});

if (testDialect === 'postgres') {
  console.log('[skipped on PostgreSQL] FTS5 merge setting: SQLite only (PostgreSQL indexes with GIN).');
}
describe.skipIf(testDialect === 'postgres')('the FTS5 index (SQLite)', () => {
  it('merges segments eight at a time (migration 0025), and still finds what a commit wrote', async () => {
    const automerge = async () =>
      (await sql<{ v: number }>`select v from search_fts_config where k = 'automerge'`.execute(db())).rows[0]?.v;
    expect(await automerge()).toBe(8);
    await upload('numbat.txt', 'termites');
    expect(await found('termites')).toEqual(['numbat.txt']);
    expect(await automerge()).toBe(8);
  });
});
