import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type SqliteDialectConfig,
  type ControlledTransaction,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { registerFastReader, type FastReader } from './fast-reader.ts';
import { migrateToLatest } from './migrate.ts';
import { WriteWatch } from './write-watch.ts';
import { groupCommit, ownTransaction, type Transact } from './group-commit.ts';
import { WalSync } from './wal-sync.ts';
import { Checkpointer } from './checkpointer.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbOrTx = Db | Tx;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Db;
  readonly dialect: DialectName;
  /** Tells this process's caches when a table they depend on is written. */
  readonly writes: WriteWatch;
  /**
   * A write transaction whose result is handed out once it is durable. On SQLite concurrent
   * pieces of work share one commit (group commit, ADR 0008); on PostgreSQL each has its own.
   */
  readonly transact: Transact;
  /** A cheap round trip for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// BIGINT and COUNT(*) come back from pg as strings; our values (epoch milliseconds, byte sizes,
// counts) are all safe integers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface OpenDatabaseOptions {
  /** `postgres://…` for PostgreSQL; undefined for SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir (default quire.sqlite). */
  sqliteFile?: string;
  /** Stop after this migration (tests of upgrades); default: all of them. */
  migrateUpTo?: Parameters<typeof migrateToLatest>[1];
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options);
  try {
    await migrateToLatest(handle.db, options.migrateUpTo);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openSqlite(options: OpenDatabaseOptions): DatabaseHandle {
  const writes = new WriteWatch();
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'quire.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL: a commit writes the WAL without waiting for the disk; the driver below then syncs the
  // WAL from the thread pool and reports the commit only once it is durable (ADR 0009), so a
  // committed transaction survives a power cut, as the content files it refers to do.
  sqlite.pragma('synchronous = NORMAL');
  const wal = new WalSync(file);
  // Checkpoints run in a worker thread rather than inside a COMMIT on the event loop (ADR 0009);
  // if the worker fails, SQLite's own automatic checkpoint takes over again.
  const checkpointer = new Checkpointer(file, {
    onFailure: () => {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    },
  });
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 32 MiB of page cache instead of SQLite's 2 MiB: a search reads a search document per match,
  // and 20,000 matches among 100,000 documents (19 MB) took twice as long with the small cache.
  // The cache fills only as pages are read.
  sqlite.pragma('cache_size = -32768');
  const statements = withStatementCache(sqlite);
  // Counts the changes this process has committed (see reusableQuery's remembered rows).
  let commits = 0;
  const committed = () => {
    commits += 1;
    checkpointer.committed();
  };
  const dialect = new TransactionalSqliteDialect({ database: statements }, { sqlite, statements, committed, wal });
  const db = new Kysely<Database>({ dialect, plugins: [writes, new CamelCasePlugin()] });
  const driver = dialect.driver!;
  // A second, read-only connection for the hot lookups outside transactions (see reusableQuery).
  // In WAL mode it reads the last committed state while the main connection writes.
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  registerFastReader(db, withStatementCache(reader) satisfies FastReader, {
    commits: () => commits,
    pendingSync: () => wal.pending(),
  });
  return {
    db,
    dialect: 'sqlite',
    writes,
    transact: groupCommit(db, { commit: (tx) => driver.commitWithoutWaiting(tx) }),
    async ping() {
      wal.assertHealthy();
      sqlite.prepare('select 1').get();
    },
    async close() {
      // Group commit's last syncs may still be running on the -wal file.
      await wal.pending()?.catch(() => undefined);
      reader.close();
      await checkpointer.close().catch(() => undefined);
      // The writer closes last: SQLite then checkpoints and removes the WAL.
      await db.destroy();
      wal.close();
    },
  };
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its migrator
 * would run each migration without one: a migration failing halfway (say, on unexpected data)
 * would leave half its changes. This dialect lets the migrator wrap them in a transaction.
 */
class TransactionalSqliteDialect extends SqliteDialect {
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

interface CommitSignal {
  sqlite: SQLite.Database;
  statements: { prepare(sql: string): SQLite.Statement };
  /** Called for each commit that wrote something: a COMMIT, or a write outside a transaction. */
  committed(): void;
  wal: WalSync;
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
        // Transaction control (COMMIT, SAVEPOINT, …) counts as read-only for SQLite.
        const writes = !statements.prepare(text).readonly;
        if (writes) this.#dirty = true;
        // The statement runs now, synchronously; its promise settles later.
        const running = inner.executeQuery<R>(query);
        const rollback = ROLLBACK.test(text);
        // A transaction that ended other than by ROLLBACK committed: COMMIT, END, or the RELEASE of
        // a savepoint that opened it. Outside a transaction, a write commits by itself.
        const commits = before ? !sqlite.inTransaction && !rollback : writes && !sqlite.inTransaction;
        let durable: Promise<void> | undefined;
        if (commits) {
          if (this.#dirty) {
            this.#dirty = false;
            committed();
            // Started before anything else runs, so no read can miss that it is in flight.
            durable = wal.sync();
          } else {
            durable = wal.pending();
          }
          if (this.#deferNext && COMMIT.test(text)) {
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
const ROLLBACK = /^\s*rollback\s*$/i;
const TRANSACTION_CONTROL = /^\s*(begin|savepoint|release|rollback)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;

/**
 * Kysely's SQLite driver prepares every statement on every execution; SQLite then parses and
 * plans the same SQL again. Statements are cached by their SQL text (bounded, least recently used
 * dropped first). Safe because better-sqlite3 runs a statement to completion synchronously.
 */
function withStatementCache(
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

function openPostgres(connectionString: string): DatabaseHandle {
  // A request never waits for ever for a connection: after 30 s it is answered 503.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const writes = new WriteWatch();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [writes, new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'postgres',
    writes,
    transact: ownTransaction(db),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await db.destroy();
    },
  };
}

/** True when the error is a unique-constraint violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
