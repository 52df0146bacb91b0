import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { withPreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { registerFastReader, type FastReader } from './fast-reader.ts';
import { migrateToLatest } from './migrate.ts';
import { WriteWatch } from './write-watch.ts';
import { withCommitNotices, type CommitNotices } from './commit-notices.ts';
import { listenToPeers, type PeerChanges } from './peer-changes.ts';
import { groupCommit, ownTransaction, type Transact } from './group-commit.ts';
import { WalSync } from './wal-sync.ts';
import { Checkpointer } from './checkpointer.ts';
import { searchQueueFlush } from './search-queue.ts';
import { TransactionalSqliteDialect, withStatementCache, type CommitSignal } from './sqlite-dialect.ts';

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
   * Whether caches of identity (principals, display names) may be used now: on SQLite always (one
   * process; `writes` hears every change); on PostgreSQL while this instance hears the other
   * instances' identity changes (ADR 0021).
   */
  cachesTrusted(): boolean;
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
  const opened = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options);
  // SQLite is one process: its write watch hears every change. PostgreSQL: nothing remembered is
  // trusted until this instance listens to the others (withPeers).
  const { migrated, notices, ...rest } = opened;
  const handle: DatabaseHandle = { ...rest, cachesTrusted: () => !options.databaseUrl };
  try {
    await migrateToLatest(handle.db, options.migrateUpTo);
    // SQLite's search queue is written to FTS5 at each commit once the schema has it (migration 0024).
    if (!options.migrateUpTo || options.migrateUpTo >= '0024') migrated?.();
  } catch (error) {
    await handle.close();
    throw error;
  }
  // Other instances' identity changes are heard once the schema has the counter (migration 0019).
  const upToDate = !options.migrateUpTo || options.migrateUpTo >= '0019';
  if (options.databaseUrl && upToDate) {
    const peers = listenToPeers(options.databaseUrl, handle.writes);
    if (notices) notices.committed = () => peers.announceEvents();
    return withPeers(handle, peers);
  }
  return handle;
}

/** A database as opened, before what depends on its schema (migrations) is added. */
type OpenedDatabase = Omit<DatabaseHandle, 'cachesTrusted'> & {
  /** Starts what needs the latest schema, once the migrations have run. */
  migrated?: () => void;
  /** PostgreSQL: what to do after a commit that wrote (set once the instance listens to the others). */
  notices?: CommitNotices;
};

/** The writing connection, in WAL mode. */
function openWriter(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL: a commit writes the WAL without waiting for the disk; the driver below then syncs the
  // WAL from the thread pool and reports the commit only once it is durable (ADR 0009), so a
  // committed transaction survives a power cut, as the content files it refers to do.
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

function openSqlite(options: OpenDatabaseOptions): OpenedDatabase {
  const writes = new WriteWatch();
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'quire.sqlite');
  const sqlite = openWriter(file);
  const wal = new WalSync(file);
  // Checkpoints run in a worker thread rather than inside a COMMIT on the event loop (ADR 0009);
  // if the worker fails, SQLite's own automatic checkpoint takes over again.
  const checkpointer = new Checkpointer(file, {
    onFailure: () => {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    },
  });
  // A 32 MiB page cache, not 2: searches read an index document per match (ADR 0019).
  for (const pragma of ['wal_autocheckpoint = 0', 'foreign_keys = ON', 'busy_timeout = 5000', 'cache_size = -32768']) {
    sqlite.pragma(pragma);
  }
  const statements = withStatementCache(sqlite);
  // Counts the changes this process has committed (see reusableQuery's remembered rows).
  let commits = 0;
  const committed = () => {
    commits += 1;
    checkpointer.committed();
    // The event log's readers (ADR 0022) look for new events after each commit.
    writes.changed('nodeEvents');
  };
  const signal: CommitSignal = { sqlite, statements, committed, wal };
  const dialect = new TransactionalSqliteDialect({ database: statements }, signal);
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
    migrated() {
      const flush = searchQueueFlush(sqlite);
      // What a writer without the flush left queued (another tool on the file) is written now.
      flush();
      signal.beforeCommit = flush;
    },
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

function openPostgres(connectionString: string): OpenedDatabase {
  // A request never waits for ever for a connection: after 30 s it is answered 503.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  // No JIT compilation: Quire's statements run in milliseconds, and PostgreSQL compiled one whose
  // estimate passed jit_above_cost in about a second (an association listing, docs/performance.md
  // session 22). Queued before the client's first statement.
  pool.on('connect', (client) => void client.query('set jit = off').catch(() => undefined));
  const writes = new WriteWatch();
  // Statements of fixed text run prepared (prepared-statements.ts); commits that wrote are told
  // to the other instances once they listen (withPeers).
  const notices: CommitNotices = { committed: () => {} };
  const preparing = {
    connect: async () => withCommitNotices(withPreparedStatements(await pool.connect()), notices),
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparing }),
    plugins: [writes, new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'postgres',
    writes,
    notices,
    transact: ownTransaction(db),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await db.destroy();
    },
  };
}

function withPeers(handle: DatabaseHandle, peers: PeerChanges): DatabaseHandle {
  return {
    ...handle,
    cachesTrusted: () => peers.trusted(),
    async close() {
      await peers.close();
      await handle.close();
    },
  };
}

/** True when the error is a unique-constraint violation in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
