import type SQLite from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type ControlledTransaction,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema.ts';
import type { WalSync } from './wal-sync.ts';

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its migrator
 * would run each migration without one: a migration failing halfway (say, on unexpected data)
 * would leave half its changes. This dialect lets the migrator wrap them in a transaction.
 */
export class TransactionalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #commits: CommitSignal;

  constructor(config: SqliteDialectConfig, commits: CommitSignal) {
    super(config);
    this.#config = config;
    this.#commits = commits;
  }

  override createAdapter() {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl() {
        return true;
      }
    })();
  }

  /** The driver Kysely made (it makes one, when it is constructed). */
  driver: CommitSignallingDriver | undefined;

  override createDriver() {
    this.driver = new CommitSignallingDriver(this.#config, this.#commits);
    return this.driver;
  }
}

export interface CommitSignal {
  sqlite: SQLite.Database;
  statements: { prepare(sql: string): SQLite.Statement };
  /** Called for each commit that wrote something: a COMMIT, or a write outside a transaction. */
  committed(): void;
  wal: WalSync;
  /**
   * Run right before each COMMIT, in the transaction; with a write outside a transaction, in one
   * transaction with it; after any other statement that committed a change: the search queue's
   * flush (db/search-queue.ts) once the schema has it.
   */
  beforeCommit?: () => void;
}

/**
 * Kysely's SQLite driver, making every commit durable before it is reported (ADR 0009). The
 * connection runs at `synchronous = NORMAL`; a statement that commits a change starts a sync of
 * the WAL (in the thread pool) as soon as it has run, and is answered when that sync ends.
 *
 * Group commit may commit without waiting (`commitWithoutWaiting`) and run its next batch while
 * the disk works. Whatever then reads through this connection could see a change that is not on
 * disk yet, so every COMMIT and ROLLBACK, and every read outside a transaction, waits for the
 * syncs in flight before its answer is handed out: nothing is reported that a power cut could
 * take back.
 */
class CommitSignallingDriver extends SqliteDriver {
  readonly #signal: CommitSignal;
  #connection: DatabaseConnection | undefined;
  /** A change was written since the last sync started. */
  #dirty = false;
  #deferNext = false;
  #deferred: Promise<void> | undefined;

  constructor(config: SqliteDialectConfig, signal: CommitSignal) {
    super(config);
    this.#signal = signal;
  }

  /** Commits and resolves at once, with the promise that the commit is durable. */
  async commitWithoutWaiting(tx: ControlledTransaction<Database>): Promise<{ durable: Promise<void> }> {
    this.#deferNext = true;
    const failure = await tx
      .commit()
      .execute()
      .then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
    this.#deferNext = false;
    // Taken even when the commit failed, so that no later commit finds it.
    const durable = this.#deferred ?? RESOLVED;
    this.#deferred = undefined;
    if (failure) {
      durable.catch(() => undefined);
      throw failure.error;
    }
    return { durable };
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    const { sqlite, statements, committed, wal } = this.#signal;
    const connection: DatabaseConnection = (this.#connection ??= {
      executeQuery: async <R>(query: CompiledQuery) => {
        const text = query.sql;
        const before = sqlite.inTransaction;
        const commit = before && COMMIT.test(text);
        if (commit) this.#signal.beforeCommit?.();
        // Transaction control (COMMIT, SAVEPOINT, …) counts as read-only for SQLite.
        const writes = !statements.prepare(text).readonly;
        if (writes) this.#dirty = true;
        // A write outside a transaction commits with the index words it queued, or not at all:
        // a flush failing after it had committed alone would report a committed write as failed.
        const flush = !before && writes && !ALONE.test(text) ? this.#signal.beforeCommit : undefined;
        // The statement runs now, synchronously; its promise settles later.
        const running = flush
          ? together(this.#signal, () => inner.executeQuery<R>(query), flush)
          : inner.executeQuery<R>(query);
        const rollback = ROLLBACK.test(text);
        // A transaction that ended other than by ROLLBACK committed: COMMIT, END, or the RELEASE of
        // a savepoint that opened it. Outside a transaction, a write commits by itself.
        const commits = before ? !sqlite.inTransaction && !rollback : writes && !sqlite.inTransaction;
        let durable: Promise<void> | undefined;
        if (commits) {
          // What else committed (the RELEASE of a savepoint that opened the transaction): afterwards.
          if (!commit && !flush) this.#signal.beforeCommit?.();
          if (this.#dirty) {
            this.#dirty = false;
            committed();
            // Started before anything else runs, so no read can miss that it is in flight.
            durable = wal.sync();
          } else {
            durable = wal.pending();
          }
          if (this.#deferNext && commit) {
            this.#deferNext = false;
            this.#deferred = durable ?? RESOLVED;
            return running;
          }
        } else if (rollback || (!before && !TRANSACTION_CONTROL.test(text))) {
          // What a transaction read, or a read outside one, may come from a commit not yet durable.
          durable = wal.pending();
        }
        if (!durable) return running;
        let result: QueryResult<R>;
        try {
          result = await running;
        } catch (error) {
          durable.catch(() => undefined);
          throw error;
        }
        await durable;
        return result;
      },
      // Rows handed out one by one could not wait for the syncs in flight as executeQuery's do.
      streamQuery: () => {
        throw new Error('Streaming queries are not supported on SQLite: their rows could precede their sync');
      },
    });
    return connection;
  }
}

const RESOLVED = Promise.resolve();

/** Runs `run` (a statement, synchronously) and then `flush` in one transaction of their own: both or neither. */
function together<T>({ sqlite, statements }: CommitSignal, run: () => T, flush: () => void): T {
  statements.prepare('begin').run();
  try {
    const result = run();
    // A statement's failure reaches its caller through the promise; should the flush fail too,
    // that promise is dropped and must not count as unhandled.
    if (result instanceof Promise) result.catch(() => undefined);
    flush();
    statements.prepare('commit').run();
    return result;
  } catch (error) {
    if (sqlite.inTransaction) statements.prepare('rollback').run();
    throw error;
  }
}
const ROLLBACK = /^\s*rollback\s*$/i;
const TRANSACTION_CONTROL = /^\s*(begin|savepoint|release|rollback)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
/** Statements that SQLite refuses, or that mean something else, inside a transaction. */
const ALONE = /^\s*(vacuum|pragma)\b/i;

/**
 * Kysely's SQLite driver prepares every statement on every execution; SQLite then parses and
 * plans the same SQL again. Statements are cached by their SQL text (bounded, least recently used
 * dropped first). Safe because better-sqlite3 runs a statement to completion synchronously.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = 500,
): { close(): void; prepare(sql: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
