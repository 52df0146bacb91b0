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
  const batcher: Batcher = {
    db,
    maxBatch: options.maxBatch ?? 64,
    commit: options.commit ?? (async (tx) => (await tx.commit().execute(), { durable: RESOLVED })),
    queue: [],
    active: false,
  };
  return <T>(work: (tx: Tx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      batcher.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Started on the next turn of the event loop, so that work arriving in this one joins.
      if (!batcher.active) {
        batcher.active = true;
        setImmediate(() => void drain(batcher));
      }
    });
}

/** A group commit's state: the work waiting, and whether batches are being run. */
interface Batcher {
  readonly db: Db;
  readonly maxBatch: number;
  readonly commit: NonNullable<GroupCommitOptions['commit']>;
  readonly queue: Pending[];
  active: boolean;
}

type BatchTx = Awaited<ReturnType<ReturnType<Db['startTransaction']>['execute']>>;

/** What a batch has run so far: the pieces done, those refused, and the one running. */
interface Outcome {
  done: { pending: Pending; value: unknown }[];
  refused: { pending: Pending; error: unknown }[];
  current: Pending | undefined;
}

async function drain(batcher: Batcher): Promise<void> {
  batcher.active = true;
  try {
    while (batcher.queue.length > 0) await runBatch(batcher);
  } finally {
    batcher.active = false;
  }
}

async function runBatch(batcher: Batcher): Promise<void> {
  let tx: BatchTx;
  try {
    tx = await batcher.db.startTransaction().execute();
  } catch (error) {
    for (const pending of batcher.queue.splice(0, batcher.maxBatch)) pending.reject(error);
    return;
  }
  const outcome: Outcome = { done: [], refused: [], current: undefined };
  let durable: Promise<void>;
  try {
    await runPieces(batcher, tx, outcome);
    ({ durable } = await batcher.commit(tx));
  } catch (error) {
    await failBatch(tx, outcome, error);
    return;
  }
  announce(durable, outcome);
}

/** Runs the waiting pieces, each in a savepoint; work that arrives while the batch runs joins it, up to maxBatch. */
async function runPieces(batcher: Batcher, tx: BatchTx, outcome: Outcome): Promise<void> {
  let n = 0;
  while (batcher.queue.length > 0 && n < batcher.maxBatch) {
    const pending = batcher.queue.shift()!;
    outcome.current = pending;
    n += 1;
    const savepoint = savepoints(n);
    await tx.executeQuery(savepoint.begin);
    try {
      const value = await pending.work(tx);
      await tx.executeQuery(savepoint.release);
      outcome.done.push({ pending, value });
    } catch (error) {
      // Its own error, even if the rollback below fails too (and fails the batch). Told only
      // once the batch is durable: the error may come from what earlier batches wrote.
      outcome.refused.push({ pending, error });
      outcome.current = undefined;
      await tx.executeQuery(savepoint.rollback);
      await tx.executeQuery(savepoint.release);
    }
    outcome.current = undefined;
  }
}

/** The batch failed as a whole (or its commit did): rolled back, every piece rejected. */
async function failBatch(tx: BatchTx, outcome: Outcome, error: unknown): Promise<void> {
  await tx
    .rollback()
    .execute()
    .catch(() => undefined);
  outcome.current?.reject(error);
  for (const { pending } of outcome.done) pending.reject(error);
  for (const { pending, error: own } of outcome.refused) pending.reject(own);
}

/** Nobody hears of success before the batch is on disk; the next batch need not wait for that. */
function announce(durable: Promise<void>, { done, refused }: Outcome): void {
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
