import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Db, Tx } from './database.ts';

/** Runs `work` in a transaction and resolves with its result once that transaction is durable. */
export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** A transaction of its own for each piece of work (PostgreSQL, and SQLite where no batching is wanted). */
export const ownTransaction =
  (db: Db): Transact =>
  (work) =>
    db.transaction().execute(work);

const RESOLVED = Promise.resolve();

interface Savepoint {
  begin: CompiledQuery;
  release: CompiledQuery;
  rollback: CompiledQuery;
}

const savepointCache: Savepoint[] = [];

/** The statements of savepoint number n of a batch (made once, like any other hot statement). */
function savepoints(n: number): Savepoint {
  return (savepointCache[n] ??= {
    begin: CompiledQuery.raw(`savepoint quire_work_${n}`),
    release: CompiledQuery.raw(`release quire_work_${n}`),
    rollback: CompiledQuery.raw(`rollback to quire_work_${n}`),
  });
}

interface Pending {
  work: (tx: Tx) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** At most this many pieces of work share one commit (default 64). */
  maxBatch?: number;
  /**
   * Commits a batch and resolves once the commit has run, with the promise that it is durable
   * (wrapped: a promise cannot resolve to a promise), so that the next batch runs while the disk
   * works (ADR 0009). Default: commit and wait for the disk.
   */
  commit?: (tx: ControlledTransaction<Database>) => Promise<{ durable: Promise<void> }>;
}

/**
 * Group commit for SQLite (ADR 0008, 0009). SQLite has one writer, and every commit waits for the
 * disk (an fsync of the WAL, 1 to 3 ms here): one transaction per create caps creates at a few
 * hundred a second. Here, work that arrives while a batch is open joins it: the pieces run one
 * after another in one transaction, each inside a savepoint, and one commit (one fsync) makes all
 * of them durable. With `options.commit` the next batch runs while that fsync is in flight.
 *
 * - A piece that throws is rolled back to its savepoint and fails alone; the others go on.
 * - Nobody hears of the outcome before the batch is durable: results and a piece's own refusal
 *   are handed out after it, and a failed commit or sync rejects every piece of the batch.
 * - The pieces run strictly one after another, so they cannot interleave inside the transaction.
 *
 * Like any transaction on the single SQLite connection, a piece must use the `tx` it is given
 * (a query on `db` would wait for the connection the batch holds).
 */
export function groupCommit(db: Db, options: GroupCommitOptions = {}): Transact {
  const maxBatch = options.maxBatch ?? 64;
  const commit = options.commit ?? (async (tx) => (await tx.commit().execute(), { durable: RESOLVED }));
  const queue: Pending[] = [];
  let active = false;

  async function runBatch(): Promise<void> {
    let tx: Awaited<ReturnType<ReturnType<Db['startTransaction']>['execute']>>;
    try {
      tx = await db.startTransaction().execute();
    } catch (error) {
      for (const pending of queue.splice(0, maxBatch)) pending.reject(error);
      return;
    }
    const done: { pending: Pending; value: unknown }[] = [];
    const refused: { pending: Pending; error: unknown }[] = [];
    let durable: Promise<void>;
    let current: Pending | undefined;
    try {
      let n = 0;
      // Work that arrives while the batch runs joins it, up to maxBatch.
      while (queue.length > 0 && n < maxBatch) {
        const pending = queue.shift()!;
        current = pending;
        n += 1;
        const savepoint = savepoints(n);
        await tx.executeQuery(savepoint.begin);
        try {
          const value = await pending.work(tx);
          await tx.executeQuery(savepoint.release);
          done.push({ pending, value });
        } catch (error) {
          // Its own error, even if the rollback below fails too (and fails the batch). Told only
          // once the batch is durable: the error may come from what earlier batches wrote.
          refused.push({ pending, error });
          current = undefined;
          await tx.executeQuery(savepoint.rollback);
          await tx.executeQuery(savepoint.release);
        }
        current = undefined;
      }
      ({ durable } = await commit(tx));
    } catch (error) {
      await tx
        .rollback()
        .execute()
        .catch(() => undefined);
      current?.reject(error);
      for (const { pending } of done) pending.reject(error);
      for (const { pending, error: own } of refused) pending.reject(own);
      return;
    }
    // Nobody hears of success before the batch is on disk; the next batch need not wait for that.
    durable.then(
      () => {
        for (const { pending, value } of done) pending.resolve(value);
        for (const { pending, error } of refused) pending.reject(error);
      },
      (error: unknown) => {
        for (const { pending } of [...done, ...refused]) pending.reject(error);
      },
    );
  }

  async function drain(): Promise<void> {
    active = true;
    try {
      while (queue.length > 0) await runBatch();
    } finally {
      active = false;
    }
  }

  return <T>(work: (tx: Tx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Started on the next turn of the event loop, so that work arriving in this one joins.
      if (!active) {
        active = true;
        setImmediate(() => void drain());
      }
    });
}
