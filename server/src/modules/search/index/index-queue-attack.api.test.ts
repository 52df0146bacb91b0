import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderedId } from '../../../db/ordered-id.ts';
import type { Tx } from '../../../db/database.ts';
import { aFolder } from '../../../testing/builders.ts';
import { runExtractionBatch } from '../extract/extraction-jobs.ts';
import { namesFound, uploaded } from '../../../testing/search-queries.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// The edges of SQLite's index queue (migration 0024), on both databases: a piece of a shared
// commit that fails, a document id taken again by a node inserted after a delete in the same
// transaction, uploads that create their relativePath folders at once, and a flush that fails.
let server: TestServer;
let root: { id: string };
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
  root = await aFolder(server.api);
});
afterAll(() => server.close());

const db = () => server.app.database.db;
const onSqlite = () => server.app.database.dialect === 'sqlite';
/** Renames a node by SQL, in the caller's transaction. */
const rename = (tx: Tx, id: string, name: string) =>
  tx.updateTable('nodes').set({ name, nameKey: name }).where('id', '=', id).execute();

const found = (query: string) => namesFound(server.api, root.id, query);

const upload = (name: string, content: string | Buffer, fields: Record<string, string> = {}) =>
  uploaded(server.api, root.id, name, content, fields);

async function queued(): Promise<number> {
  if (!onSqlite()) return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_queue`.execute(db());
  return rows[0]!.n;
}

/** The node's index document id on SQLite (FTS5's rowid); PostgreSQL keys them by node. */
async function docOf(tx: Tx, nodeId: string): Promise<number | undefined> {
  if (!onSqlite()) return undefined;
  const { rows } = await sql<{ id: number }>`select id from search_docs where node_id = ${nodeId}`.execute(tx);
  return rows[0] === undefined ? undefined : Number(rows[0].id);
}

/** Deletes a (childless) folder's row and inserts a copy of it under another id and name. */
async function replaceRow(tx: Tx, nodeId: string, name: string): Promise<string> {
  const row = await tx.selectFrom('nodes').selectAll().where('id', '=', nodeId).executeTakeFirstOrThrow();
  await tx.deleteFrom('nodes').where('id', '=', nodeId).execute();
  const id = orderedId();
  await tx
    .insertInto('nodes')
    .values({ ...row, id, name, nameKey: name.toLowerCase() })
    .execute();
  return id;
}

describe('the index queue at its edges', () => {
  it('keeps nothing of a piece of a shared commit that failed, and all of the pieces that did not', async () => {
    const [a, b, c] = [
      await upload('kiwi.txt', 'one'),
      await upload('kea.txt', 'two'),
      await upload('weka.txt', 'six'),
    ];
    const transact = server.app.database.transact;
    const [failed, renamed, gone] = await Promise.allSettled([
      transact(async (tx) => {
        await rename(tx, a.id, 'takahe.txt');
        throw new Error('changed its mind');
      }),
      transact(async (tx) => {
        await rename(tx, b.id, 'kakapo.txt');
      }),
      transact(async (tx) => {
        await rename(tx, c.id, 'pukeko.txt');
      }),
    ]);
    expect(failed.status).toBe('rejected');
    expect([renamed.status, gone.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(await queued()).toBe(0);
    expect(await found('cm:name:takahe*')).toEqual([]);
    expect(await found('cm:name:kiwi*')).toEqual(['kiwi.txt']);
    expect(await found('cm:name:kakapo*')).toEqual(['kakapo.txt']);
    expect(await found('cm:name:pukeko*')).toEqual(['pukeko.txt']);
    expect(await found('cm:name:kea*')).toEqual([]);
  });

  it('writes the words of a node whose document takes the id of one deleted in the same transaction', async () => {
    const old = await aFolder(server.api, root.id, { name: 'gecko' });
    const same = await db()
      .transaction()
      .execute(async (tx) => {
        const before = await docOf(tx, old.id);
        const fresh = await replaceRow(tx, old.id, 'skink');
        return (await docOf(tx, fresh)) === before;
      });
    // SQLite gives the largest id again (`integer primary key`): the deleted words must go.
    if (onSqlite()) expect(same).toBe(true);
    expect(await queued()).toBe(0);
    expect(await found('cm:name:gecko')).toEqual([]);
    expect(await found('cm:name:skink')).toEqual(['skink']);
  });

  it('writes only the last of nodes inserted and deleted in turn on one document id, in one transaction', async () => {
    const old = await aFolder(server.api, root.id, { name: 'tuatara' });
    await db()
      .transaction()
      .execute(async (tx) => {
        const first = await replaceRow(tx, old.id, 'moa');
        const second = await replaceRow(tx, first, 'huia');
        await replaceRow(tx, second, 'kokako');
      });
    expect(await queued()).toBe(0);
    for (const name of ['tuatara', 'moa', 'huia']) expect(await found(`cm:name:${name}`)).toEqual([]);
    expect(await found('cm:name:kokako')).toEqual(['kokako']);
  });

  it('keeps the words of a document deleted in a piece, when the piece that took its id failed', async () => {
    const kept = await aFolder(server.api, root.id, { name: 'dotterel' });
    const old = await aFolder(server.api, root.id, { name: 'plover' });
    const transact = server.app.database.transact;
    const [deleted, failed] = await Promise.allSettled([
      transact((tx) => tx.deleteFrom('nodes').where('id', '=', old.id).execute()),
      transact(async (tx) => {
        const id = await replaceRow(tx, kept.id, 'stilt');
        await tx
          .insertInto('nodes')
          .values({
            ...(await tx.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow()),
            id: orderedId(),
            name: 'avocet',
            nameKey: 'avocet',
          })
          .execute();
        throw new Error('changed its mind');
      }),
    ]);
    expect([deleted.status, failed.status]).toEqual(['fulfilled', 'rejected']);
    expect(await queued()).toBe(0);
    expect(await found('cm:name:plover')).toEqual([]);
    expect(await found('cm:name:dotterel')).toEqual(['dotterel']);
    for (const name of ['stilt', 'avocet']) expect(await found(`cm:name:${name}`)).toEqual([]);
  });

  it('finds uploads that create their relativePath folders at the same time, by a word inside', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `path-${i}.txt`);
    await Promise.all(
      names.map((name, i) => upload(name, `galah${i} and cockatoo`, { relativePath: 'birds/parrots' })),
    );
    await upload('page.html', '<p>cockatoo</p>', { relativePath: 'birds/parrots' });
    expect(await found('cockatoo')).toEqual(names);
    expect(await found('galah3')).toEqual(['path-3.txt']);
    const { rows } = await sql<{
      state: string;
    }>`select t.state from nodes n join content_text t on t.content_id = n.content_id
      where n.name = 'page.html'`.execute(db());
    expect(rows.map((r) => r.state)).toEqual(['pending']);
    expect(await queued()).toBe(0);
  });
});

describe('a flush that fails (SQLite)', () => {
  const refuse = () =>
    sql`create trigger quire_test_refuse before delete on search_queue
    begin select raise(abort, 'the index refused it'); end`.execute(db());
  const allow = () => sql`drop trigger if exists quire_test_refuse`.execute(db());

  it('fails the upload whose commit it ends, leaving nothing of it', async () => {
    if (!onSqlite()) return;
    await refuse();
    try {
      const res = await server.api.upload(root.id, 'brolga.txt', 'a crane that dances');
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await queued()).toBe(0);
    const left = await db().selectFrom('nodes').select('id').where('name', '=', 'brolga.txt').execute();
    expect(left).toEqual([]);
    expect(await found('dances')).toEqual([]);
  });

  it('fails a write outside a transaction as a whole: a write reported failed did not commit', async () => {
    if (!onSqlite()) return;
    const file = await upload('jabiru.txt', 'a stork');
    await refuse();
    try {
      const write = db().updateTable('nodes').set({ name: 'emu.txt', nameKey: 'emu.txt' }).where('id', '=', file.id);
      await expect(write.execute()).rejects.toThrow('the index refused it');
    } finally {
      await allow();
    }
    const row = await db().selectFrom('nodes').select('name').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('jabiru.txt');
    expect(await queued()).toBe(0);
    expect(await found('cm:name:jabiru*')).toEqual(['jabiru.txt']);
    expect(await found('cm:name:emu*')).toEqual([]);
  });
});

describe('an extraction job whose text the index refuses (SQLite)', () => {
  it('stores the others, and that one as failed: no text kept that is not indexed', async () => {
    if (!onSqlite()) return;
    const kept = await upload('rhea.html', '<p>cassowary rhea</p>');
    const refused = await upload('ostrich.html', '<p>cassowary ostrich</p>');
    await sql
      .raw(
        `create trigger quire_test_refuse before delete on search_queue
         when old.doc = (select id from search_docs where node_id = '${refused.id}')
         begin select raise(abort, 'the index refused it'); end`,
      )
      .execute(db());
    try {
      const deps = {
        db: db(),
        extractor: {
          extract: async (bytes: Uint8Array) =>
            ({ status: 'extracted', text: Buffer.from(bytes).toString(), truncated: false }) as const,
          close: async () => undefined,
        },
        open: async (contentId: string) => {
          const row = await db()
            .selectFrom('contentObjects')
            .select('data')
            .where('id', '=', contentId)
            .executeTakeFirst();
          return row?.data ? Readable.from([row.data]) : undefined;
        },
      };
      while ((await runExtractionBatch(deps)) > 0);
    } finally {
      await sql`drop trigger if exists quire_test_refuse`.execute(db());
    }
    const states = await db()
      .selectFrom('contentText')
      .innerJoin('nodes', 'nodes.contentId', 'contentText.contentId')
      .select(['nodes.name', 'contentText.state', 'contentText.reason'])
      .where('nodes.id', 'in', [kept.id, refused.id])
      .orderBy('nodes.name')
      .execute();
    expect(states).toEqual([
      { name: 'ostrich.html', state: 'failed', reason: expect.stringContaining('the index refused it') },
      { name: 'rhea.html', state: 'extracted', reason: null },
    ]);
    expect(await queued()).toBe(0);
    expect(await found('cassowary')).toEqual(['rhea.html']);
  });
});
