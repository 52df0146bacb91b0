import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { groupCommit } from './group-commit.ts';

let handle: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'quire-gc-'));
  handle = await openDatabase({ databaseUrl: undefined, dataDir: dir });
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await handle.db.deleteFrom('contentObjects').execute();
});

const insert = (id: string) => ({ id, sizeInBytes: 1, createdAt: 1 });
const ids = async () =>
  (await handle.db.selectFrom('contentObjects').select('id').orderBy('id').execute()).map((r) => r.id);

it('runs work that arrives together in one transaction, and answers after the commit', async () => {
  const transact = groupCommit(handle.db);
  const begin = vi.spyOn(handle.db, 'startTransaction');
  const results = await Promise.all(
    ['a', 'b', 'c'].map((id) =>
      transact(async (tx) => {
        await tx.insertInto('contentObjects').values(insert(id)).execute();
        return id.toUpperCase();
      }),
    ),
  );
  expect(begin).toHaveBeenCalledTimes(1);
  begin.mockRestore();
  expect(results).toEqual(['A', 'B', 'C']);
  expect(await ids()).toEqual(['a', 'b', 'c']);
});

it('rolls back only the piece that fails; the others commit', async () => {
  const transact = groupCommit(handle.db);
  const outcomes = await Promise.allSettled([
    transact((tx) => tx.insertInto('contentObjects').values(insert('a')).execute()),
    transact(async (tx) => {
      await tx.insertInto('contentObjects').values(insert('b')).execute();
      // The same id again: a constraint violation after a write of its own.
      await tx.insertInto('contentObjects').values(insert('b')).execute();
    }),
    transact(async (tx) => {
      await tx.insertInto('contentObjects').values(insert('c')).execute();
      throw new Error('refused');
    }),
    transact((tx) => tx.insertInto('contentObjects').values(insert('d')).execute()),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
  expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('refused');
  expect(await ids()).toEqual(['a', 'd']);
});

it('batches at most maxBatch pieces per commit', async () => {
  const transact = groupCommit(handle.db, { maxBatch: 2 });
  const begin = vi.spyOn(handle.db, 'startTransaction');
  await Promise.all(
    ['a', 'b', 'c', 'd', 'e'].map((id) =>
      transact((tx) => tx.insertInto('contentObjects').values(insert(id)).execute()),
    ),
  );
  expect(begin).toHaveBeenCalledTimes(3);
  begin.mockRestore();
  expect(await ids()).toEqual(['a', 'b', 'c', 'd', 'e']);
});

it('rejects every piece of a batch whose commit fails, and keeps none of it', async () => {
  const transact = groupCommit(handle.db);
  // The disk refusing the commit, as a full disk would.
  const real = handle.db.startTransaction.bind(handle.db);
  const begin = vi.spyOn(handle.db, 'startTransaction').mockImplementation(() => {
    const builder = real();
    return Object.assign(Object.create(Object.getPrototypeOf(builder) as object), builder, {
      execute: async () => {
        const tx = await builder.execute();
        tx.commit = () =>
          ({
            execute: () => Promise.reject(new Error('disk I/O error')),
          }) as never;
        return tx;
      },
    }) as typeof builder;
  });
  const outcomes = await Promise.allSettled(
    ['a', 'b'].map((id) => transact((tx) => tx.insertInto('contentObjects').values(insert(id)).execute())),
  );
  begin.mockRestore();
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('disk I/O error');
  expect(await ids()).toEqual([]);
});

it('runs the next batch while the last one is made durable, and answers each batch only when it is', async () => {
  // A commit that runs, then lets the test say when it is durable.
  const disk: { batch: string[]; durable: () => void; fail: (error: Error) => void }[] = [];
  const transact = groupCommit(handle.db, {
    maxBatch: 2,
    commit: async (tx) => {
      const batch = (await tx.selectFrom('contentObjects').select('id').orderBy('id').execute()).map((r) => r.id);
      await tx.commit().execute();
      const durable = new Promise<void>((resolve, reject) => disk.push({ batch, durable: resolve, fail: reject }));
      return { durable };
    },
  });
  const answered: string[] = [];
  const outcomes = ['a', 'b', 'c', 'd'].map((id) =>
    transact((tx) => tx.insertInto('contentObjects').values(insert(id)).execute()).then(
      () => answered.push(id),
      (error: unknown) => answered.push(`${id}: ${String(error)}`),
    ),
  );
  await vi.waitFor(() => expect(disk).toHaveLength(2));
  // Both batches committed (the second saw the first), and nobody has been answered yet.
  expect(disk.map((d) => d.batch)).toEqual([
    ['a', 'b'],
    ['a', 'b', 'c', 'd'],
  ]);
  expect(answered).toEqual([]);
  disk[1]!.fail(new Error('EIO'));
  disk[0]!.durable();
  await Promise.all(outcomes);
  expect(answered.sort()).toEqual(['a', 'b', 'c: Error: EIO', 'd: Error: EIO']);
});
