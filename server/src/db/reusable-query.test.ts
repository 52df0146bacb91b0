import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { reusableQuery } from './reusable-query.ts';

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

it('runs one compiled query with new values, in any parameter order', async () => {
  const find = reusableQuery<{ id: string }, [number, string]>(2, (db, minSize, id) =>
    db
      .selectFrom('contentObjects')
      .select('id')
      .where('id', '=', id!)
      .where('sizeInBytes', '>=', minSize as never),
  );
  expect((await find(handle.db, 1, 'a')).rows).toEqual([{ id: 'a' }]);
  expect((await find(handle.db, 1, 'b')).rows).toEqual([{ id: 'b' }]);
  expect((await find(handle.db, 5, 'b')).rows).toEqual([]);
});

it('refuses a builder that freezes a literal value into the query', async () => {
  const bad = reusableQuery<{ id: string }, [string]>(1, (db) =>
    db.selectFrom('contentObjects').select('id').where('id', '=', 'a'),
  );
  await expect(bad(handle.db, 'b')).rejects.toThrow(/not a placeholder/);
});
