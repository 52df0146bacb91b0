import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { type Params, reusableQuery, reusableWrite } from './reusable-query.ts';

let handle: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'quire-rq-'));
  handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  await handle.db
    .insertInto('contentObjects')
    .values([
      { id: 'a', sizeInBytes: 1, createdAt: 10 },
      { id: 'b', sizeInBytes: 2, createdAt: 20 },
    ])
    .execute();
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

it('runs one compiled query with new values, its parameters named', async () => {
  const find = reusableQuery((db, p: Params<{ minSize: number; id: string }>) =>
    db.selectFrom('contentObjects').select('id').where('id', '=', p.id).where('sizeInBytes', '>=', p.minSize),
  );
  expect((await find(handle.db, { minSize: 1, id: 'a' })).rows).toEqual([{ id: 'a' }]);
  expect((await find(handle.db, { minSize: 1, id: 'b' })).rows).toEqual([{ id: 'b' }]);
  expect((await find(handle.db, { minSize: 5, id: 'b' })).rows).toEqual([]);
});

it('refuses a builder that freezes a literal value into the query', async () => {
  const bad = reusableQuery((db, _p: Params<{ id: string }>) =>
    db.selectFrom('contentObjects').select('id').where('id', '=', 'a'),
  );
  await expect(bad(handle.db, { id: 'b' })).rejects.toThrow(/not a placeholder/);
});

it('takes a parameter used twice, and none at all', async () => {
  const either = reusableQuery((db, p: Params<{ id: string }>) =>
    db
      .selectFrom('contentObjects')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', p.id), eb('id', '=', sql<string>`upper(${p.id})`)])),
  );
  expect((await either(handle.db, { id: 'b' })).rows).toEqual([{ id: 'b' }]);
  const count = reusableQuery((db) => db.selectFrom('contentObjects').select((eb) => eb.fn.countAll().as('n')));
  expect(Number((await count(handle.db)).rows[0]!.n)).toBe(2);
});

it('reads the same rows through the fast reader as through Kysely in a transaction', async () => {
  // Outside a transaction the query runs on the read-only connection, wrapped to return JSON
  // (wide rows); inside one it runs through Kysely. Both must give the same rows, nulls and
  // numbers included.
  const wide = reusableQuery<Record<string, unknown>, { id: string }>((db, p) =>
    db
      .selectFrom('contentObjects')
      .selectAll()
      .select([
        sql<number>`size_in_bytes / 3.0`.as('third'),
        sql<null>`null`.as('nothing'),
        sql<string>`'it''s "quoted"'`.as('quoted_text'),
      ])
      .where('id', '=', p.id),
  );
  const outside = (await wide(handle.db, { id: 'b' })).rows;
  const inside = await handle.db.transaction().execute(async (tx) => (await wide(tx, { id: 'b' })).rows);
  expect(outside).toEqual(inside);
  expect(outside[0]).toMatchObject({ id: 'b', sizeInBytes: 2, createdAt: 20, third: 2 / 3, nothing: null });
  expect(outside[0]!.quotedText).toBe('it\'s "quoted"');
});

it('keeps ORDER BY and BLOB values on the fast reader', async () => {
  const ordered = reusableQuery((db, p: Params<{ min: number }>) =>
    db.selectFrom('contentObjects').select('id').where('sizeInBytes', '>=', p.min).orderBy('id', 'desc'),
  );
  expect((await ordered(handle.db, { min: 0 })).rows.map((r) => r.id)).toEqual(['b', 'a']);
  const blob = reusableQuery((db, p: Params<{ id: string }>) =>
    db
      .selectFrom('contentObjects')
      .select(sql<Buffer>`cast(id as blob)`.as('bytes'))
      .where('id', '=', p.id),
  );
  const rows = (await blob(handle.db, { id: 'a' })).rows;
  expect(Buffer.isBuffer(rows[0]!.bytes)).toBe(true);
  expect(rows[0]!.bytes.toString()).toBe('a');
});

it('remembers rows until the database changes, when asked to', async () => {
  const size = reusableQuery(
    (db, p: Params<{ id: string }>) => db.selectFrom('contentObjects').select('sizeInBytes').where('id', '=', p.id),
    { remember: true },
  );
  const first = (await size(handle.db, { id: 'a' })).rows;
  expect(first).toEqual([{ sizeInBytes: 1 }]);
  // Same parameters, nothing committed since: the same rows, not read again.
  expect((await size(handle.db, { id: 'a' })).rows).toBe(first);
  await handle.db.updateTable('contentObjects').set({ sizeInBytes: 5 }).where('id', '=', 'a').execute();
  expect((await size(handle.db, { id: 'a' })).rows).toEqual([{ sizeInBytes: 5 }]);
  // A change committed in a transaction is seen as well, and inside a transaction nothing is remembered.
  await handle.db.transaction().execute(async (tx) => {
    await tx.updateTable('contentObjects').set({ sizeInBytes: 6 }).where('id', '=', 'a').execute();
    expect((await size(tx, { id: 'a' })).rows).toEqual([{ sizeInBytes: 6 }]);
  });
  expect((await size(handle.db, { id: 'a' })).rows).toEqual([{ sizeInBytes: 6 }]);
  await handle.db.updateTable('contentObjects').set({ sizeInBytes: 1 }).where('id', '=', 'a').execute();
});

it('does not remember big results', async () => {
  const big = reusableQuery(
    (db, p: Params<{ id: string }>) =>
      db
        .selectFrom('contentObjects')
        .select(sql<string>`hex(zeroblob(40000))`.as('text'))
        .where('id', '=', p.id),
    { remember: true },
  );
  const first = (await big(handle.db, { id: 'a' })).rows;
  expect(first[0]!.text).toHaveLength(80_000);
  const second = (await big(handle.db, { id: 'a' })).rows;
  expect(second).toEqual(first);
  expect(second).not.toBe(first);
});

it('sees a change committed by another process within 100 ms', async () => {
  const size = reusableQuery(
    (db, p: Params<{ id: string }>) => db.selectFrom('contentObjects').select('sizeInBytes').where('id', '=', p.id),
    { remember: true },
  );
  expect((await size(handle.db, { id: 'b' })).rows).toEqual([{ sizeInBytes: 2 }]);
  const other = new SQLite(path.join(dir, 'quire.sqlite'));
  try {
    other.prepare('update content_objects set size_in_bytes = 7 where id = ?').run('b');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await size(handle.db, { id: 'b' })).rows).toEqual([{ sizeInBytes: 7 }]);
    other.prepare('update content_objects set size_in_bytes = 2 where id = ?').run('b');
  } finally {
    other.close();
  }
});

it('runs a compiled write with new values, in a transaction or on its own', async () => {
  const bump = reusableWrite((db, p: Params<{ delta: number; id: string }>) =>
    db
      .updateTable('contentObjects')
      .set((eb) => ({ sizeInBytes: eb('sizeInBytes', '+', p.delta) }))
      .where('id', '=', p.id),
  );
  const size = async (id: string) =>
    (await handle.db.selectFrom('contentObjects').select('sizeInBytes').where('id', '=', id).executeTakeFirstOrThrow())
      .sizeInBytes;
  const before = { a: await size('a'), b: await size('b') };
  await bump(handle.db, { delta: 5, id: 'a' });
  await handle.db.transaction().execute(async (tx) => {
    await bump(tx, { delta: 7, id: 'b' });
    await bump(tx, { delta: -1, id: 'a' });
  });
  // Rolled back with its transaction.
  await expect(
    handle.db.transaction().execute(async (tx) => {
      await bump(tx, { delta: 100, id: 'a' });
      throw new Error('abandoned');
    }),
  ).rejects.toThrow('abandoned');
  expect({ a: await size('a'), b: await size('b') }).toEqual({ a: before.a + 4, b: before.b + 7 });
});

it('refuses a compiled write to a table that WriteWatch listeners watch', async () => {
  handle.writes.watch(['groups'], () => {});
  const rename = reusableWrite((db, p: Params<{ name: string; id: string }>) =>
    db.updateTable('groups').set({ displayName: p.name }).where('id', '=', p.id),
  );
  await expect(rename(handle.db, { name: 'x', id: 'GROUP_x' })).rejects.toThrow(/watched by WriteWatch/);
  const read = reusableWrite(
    (db, p: Params<{ id: string }>) => db.selectFrom('groups').select('id').where('id', '=', p.id) as never,
  );
  await expect(read(handle.db, { id: 'x' })).rejects.toThrow(/not an insert, update or delete/);
});
