import type * as NodeFs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Params } from './reusable-query.ts';

// While `hold` is set, fdatasync waits until the test lets it finish, so the tests can see what
// happens while a sync is in flight; otherwise it finishes on the next turn of the event loop.
const syncs: { done: (error?: Error | null) => void }[] = [];
let hold = false;
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  return {
    ...fs,
    fdatasync: (_fd: number, done: (error: Error | null) => void) => {
      if (hold) syncs.push({ done: (e) => done(e ?? null) });
      else setImmediate(() => done(null));
    },
  };
});

const { WalSync } = await import('./wal-sync.ts');
const { openDatabase } = await import('./database.ts');
const { reusableQuery } = await import('./reusable-query.ts');

let dir: string;
beforeEach(async () => {
  syncs.length = 0;
  hold = true;
  dir = await mkdtemp(path.join(tmpdir(), 'quire-wal-'));
});
afterEach(async () => {
  // Whatever a test left in flight finishes, so nothing waits forever.
  hold = false;
  while (syncs.length > 0) syncs.shift()!.done();
  await rm(dir, { recursive: true, force: true });
});

/** Lets pending callbacks and promise continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

it('starts a sync for each caller at once, and a sync that ends settles the older ones too', async () => {
  const file = path.join(dir, 'db.sqlite');
  await writeFile(`${file}-wal`, 'frames');
  const wal = new WalSync(file);
  const done: string[] = [];
  expect(wal.pending()).toBeUndefined();
  const first = wal.sync().then(() => done.push('first'));
  const second = wal.sync().then(() => done.push('second'));
  const third = wal.sync().then(() => done.push('third'));
  // Each started its own sync: one in flight before a write does not cover it.
  expect(syncs).toHaveLength(3);
  const latest = wal.pending();
  // The second ends first: the first is covered by it, the third is not.
  syncs[1]!.done();
  await Promise.all([first, second]);
  await settle();
  expect(done.sort()).toEqual(['first', 'second']);
  expect(wal.pending()).toBe(latest);
  // The first one ending later changes nothing.
  syncs[0]!.done();
  await settle();
  expect(done).toHaveLength(2);
  syncs[2]!.done();
  await third;
  expect(done).toContain('third');
  expect(wal.pending()).toBeUndefined();
  syncs.length = 0;
  wal.close();
});

it('fails every sync after a failed one: what the kernel could not write may be lost', async () => {
  const file = path.join(dir, 'db.sqlite');
  await writeFile(`${file}-wal`, 'frames');
  const wal = new WalSync(file);
  expect(() => wal.assertHealthy()).not.toThrow();
  const failing = wal.sync();
  const waiting = wal.sync();
  syncs[0]!.done(new Error('EIO: i/o error'));
  await expect(failing).rejects.toThrow(/could not be written to disk \(EIO: i\/o error\).*restart the server/);
  await expect(waiting).rejects.toThrow(/could not be written to disk/);
  // The other one in flight cannot be trusted either; no further sync is attempted.
  syncs[1]!.done();
  syncs.length = 0;
  await expect(wal.sync()).rejects.toThrow(/could not be written to disk/);
  expect(syncs).toHaveLength(0);
  expect(() => wal.assertHealthy()).toThrow(/restart the server/);
  wal.close();
});

it('rejects when there is no -wal file to sync', async () => {
  const wal = new WalSync(path.join(dir, 'missing.sqlite'));
  await expect(wal.sync()).rejects.toThrow(/ENOENT/);
  await expect(wal.pending()).rejects.toThrow(/ENOENT/);
});

it('answers a commit only once the WAL is synced, and reads wait for that sync', async () => {
  hold = false;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  hold = true;
  try {
    const byId = reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('contentObjects').select('id').where('id', '=', p.id),
    );
    const events: string[] = [];
    const committed = handle.db
      .transaction()
      .execute((tx) => tx.insertInto('contentObjects').values({ id: 'c1', sizeInBytes: 1, createdAt: 1 }).execute())
      .then(() => events.push('committed'));
    await settle();
    // The commit is written (the read-only connection could see it) but not yet durable.
    expect(syncs).toHaveLength(1);
    const read = byId(handle.db, { id: 'c1' }).then((r) => events.push(`read ${r.rows.length}`));
    await settle();
    expect(events).toEqual([]);
    syncs.shift()!.done();
    await Promise.all([committed, read]);
    expect(events.sort()).toEqual(['committed', 'read 1']);

    // A write outside a transaction commits on its own: it waits for its sync too.
    let deleted = false;
    const deleting = handle.db
      .deleteFrom('contentObjects')
      .execute()
      .then(() => (deleted = true));
    await settle();
    expect(syncs).toHaveLength(1);
    expect(deleted).toBe(false);
    syncs.shift()!.done();
    await deleting;
    expect(deleted).toBe(true);

    // Reads do not sync anything.
    await handle.db.selectFrom('contentObjects').selectAll().execute();
    await byId(handle.db, { id: 'c1' });
    expect(syncs).toHaveLength(0);
  } finally {
    await handle.close();
  }
});

it('reports a commit whose sync failed as failed', async () => {
  hold = false;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  hold = true;
  try {
    const committing = handle.db
      .insertInto('contentObjects')
      .values({ id: 'c2', sizeInBytes: 1, createdAt: 1 })
      .execute();
    await settle();
    syncs.shift()!.done(new Error('EIO: the disk failed'));
    await expect(committing).rejects.toThrow('EIO');
    // The readiness probe fails from then on.
    await expect(handle.ping()).rejects.toThrow(/restart the server/);
  } finally {
    await handle.close();
  }
});

it('lets group commit run its next batch during a sync; reads on the writer wait for the syncs', async () => {
  hold = false;
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  hold = true;
  // Another connection sees what is committed, durable or not.
  const peek = new SQLite(path.join(dir, 'quire.sqlite'), { readonly: true });
  const committedIds = () =>
    (peek.prepare('select id from content_objects order by id').all() as { id: string }[]).map((r) => r.id);
  try {
    const answered: string[] = [];
    const create = (id: string) =>
      handle
        .transact((tx) => tx.insertInto('contentObjects').values({ id, sizeInBytes: 1, createdAt: 1 }).execute())
        .then(() => answered.push(id));
    const first = create('c1');
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    const second = create('c2');
    // The second batch commits while the first one's sync is still in flight.
    await vi.waitFor(() => expect(committedIds()).toEqual(['c1', 'c2']));
    const read = handle.db
      .selectFrom('contentObjects')
      .select('id')
      .execute()
      .then((rows) => answered.push(`read ${rows.length}`));
    await settle();
    expect(answered).toEqual([]);
    syncs.shift()!.done();
    await first;
    expect(answered).toEqual(['c1']);
    // One more sync, for the second batch; the read waits for it too.
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    syncs.shift()!.done();
    await Promise.all([second, read]);
    expect(answered.sort()).toEqual(['c1', 'c2', 'read 2']);
  } finally {
    peek.close();
    await handle.close();
  }
});

describe('with group commit running its next batch during a sync', () => {
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  let peek: SQLite.Database;
  beforeEach(async () => {
    hold = false;
    handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
    hold = true;
    peek = new SQLite(path.join(dir, 'quire.sqlite'), { readonly: true });
  });
  afterEach(async () => {
    peek.close();
    hold = false;
    while (syncs.length > 0) syncs.shift()!.done();
    await handle.close();
  });
  const committedIds = () =>
    (peek.prepare('select id from content_objects order by id').all() as { id: string }[]).map((r) => r.id);
  const insert = (id: string) =>
    handle.transact((tx) => tx.insertInto('contentObjects').values({ id, sizeInBytes: 1, createdAt: 1 }).execute());

  it('a fast read that sees a batch answers only when that batch is durable', async () => {
    const byId = reusableQuery(
      (db, p: Params<{ id: string }>) => db.selectFrom('contentObjects').select('id').where('id', '=', p.id),
      { remember: true },
    );
    const first = insert('c1');
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    const second = insert('c2');
    await vi.waitFor(() => expect(committedIds()).toEqual(['c1', 'c2']));
    expect(syncs).toHaveLength(2);
    const answers: string[] = [];
    const read = byId(handle.db, { id: 'c2' }).then((r) => answers.push(`read ${r.rows.length}`));
    // The first batch's sync ending is not enough: the read saw the second batch.
    syncs[0]!.done();
    await first;
    await settle();
    expect(answers).toEqual([]);
    // Nor is a remembered answer given out early.
    const again = byId(handle.db, { id: 'c2' }).then((r) => answers.push(`again ${r.rows.length}`));
    await settle();
    expect(answers).toEqual([]);
    syncs[1]!.done();
    await Promise.all([second, read, again]);
    expect(answers.sort()).toEqual(['again 1', 'read 1']);
  });

  it('a piece refused because of a batch not yet durable is told only when it is', async () => {
    const first = insert('c1');
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    let refusal: unknown;
    // The same id again: refused, on the strength of a commit still syncing.
    const duplicate = insert('c1').catch((error: unknown) => (refusal = error));
    await vi.waitFor(() => expect(syncs.length).toBeGreaterThan(1));
    await settle();
    expect(refusal).toBeUndefined();
    for (const s of syncs.splice(0)) s.done();
    await Promise.all([first, duplicate]);
    expect(String(refusal)).toMatch(/UNIQUE|PRIMARYKEY|constraint/i);
  });

  it('after a failed sync, no read is answered: what it saw may not be on disk', async () => {
    const byId = reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('contentObjects').select('id').where('id', '=', p.id),
    );
    const failing = insert('c1');
    await vi.waitFor(() => expect(syncs).toHaveLength(1));
    syncs.shift()!.done(new Error('EIO: i/o error'));
    await expect(failing).rejects.toThrow(/could not be written to disk/);
    await expect(byId(handle.db, { id: 'c1' })).rejects.toThrow(/could not be written to disk/);
    await expect(handle.db.selectFrom('contentObjects').selectAll().execute()).rejects.toThrow(/restart the server/);
  });

  it('counts the release of a savepoint that opened a transaction as the commit it is', async () => {
    await handle.db.connection().execute(async (conn) => {
      await conn.executeQuery(CompiledQuery.raw('savepoint outer_work'));
      await conn.insertInto('contentObjects').values({ id: 'c9', sizeInBytes: 1, createdAt: 1 }).execute();
      expect(syncs).toHaveLength(0);
      const released = conn.executeQuery(CompiledQuery.raw('release outer_work'));
      await vi.waitFor(() => expect(syncs).toHaveLength(1));
      syncs.shift()!.done();
      await released;
    });
    expect(committedIds()).toEqual(['c9']);
  });
});
