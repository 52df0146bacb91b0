import {
  PostgresAdapter,
  type CompiledQuery,
  type Compilable,
  type OperationNodeSource,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';
import type { Db, DbOrTx } from './database.ts';
import { preparable } from './prepared-statements.ts';
import { fastReaderOf, readRows, writerStateOf, type FastReader, type WriterState } from './fast-reader.ts';
import { WriteWatch, writtenTable } from './write-watch.ts';

const SENTINEL = '\u0000quire-param-';

/**
 * A query that is built and compiled once, then run with new parameter values. Building and
 * compiling a Kysely query costs far more than running it on SQLite (measured: 177 µs against
 * 35 µs for a node by id), so the hot lookups use this.
 *
 * On SQLite, outside a transaction, it runs on a read-only connection of its own straight through
 * better-sqlite3 (committed data only, as any read outside a transaction sees); inside a
 * transaction it runs through Kysely on the transaction's connection.
 *
 * `build` is plain Kysely over named parameters: it receives `p`, whose `p.id` stands for the
 * `id` the query is later run with (`byId(db, { id })`). Every parameter of the compiled query
 * must be one of them (a literal value in the builder would be frozen into the query: refused).
 *
 * Make a reusable query inside its repository's factory, never at module level: what one
 * remembers (`remember`) then belongs to one repository over one database. (The compiled query
 * itself is kept per database adapter, so compiling is safe anywhere.)
 */
export interface ReusableQueryOptions {
  /**
   * Outside transactions on SQLite, remember the rows of recent parameter values until the
   * database changes (for hot lookups whose callers never modify the rows they get): at once for
   * this process's commits, within 100 ms for another process's.
   */
  remember?: boolean;
}

/** The named parameters of a reusable query or write, as its builder sees them: `p.id`. */
export type Params<P extends object> = { readonly [K in keyof P]: P[K] };

/** No parameters. */
type None = Record<never, never>;

/** Runs a reusable query or write with its parameters' values (none: the object may be left out). */
export type ReusableRunner<P extends object, R> = (
  db: DbOrTx,
  ...values: [keyof P] extends [never] ? [values?: P] : [values: P]
) => Promise<R>;

type Compiled<Row> = { query: CompiledQuery<Row>; order: string[] };

/** Builders receive this: any name read from it is that parameter's placeholder. */
const PLACEHOLDERS: Params<Record<string, unknown>> = new Proxy(
  {},
  { get: (_, name) => (typeof name === 'string' ? `${SENTINEL}${name}` : undefined) },
);

/**
 * The query `build` makes with placeholders, compiled once per database (its dialect's SQL;
 * transactions share their database's adapter), with the name each parameter comes from.
 */
function compiledFor<Row, P extends object, B extends Compilable<Row>>(
  cache: WeakMap<object, Compiled<Row>>,
  db: DbOrTx,
  build: (db: Db, p: Params<P>) => B,
  check?: (builder: B) => void,
): Compiled<Row> {
  const adapter = db.getExecutor().adapter;
  let compiled = cache.get(adapter);
  if (!compiled) {
    const builder = build(db as Db, PLACEHOLDERS as Params<P>);
    check?.(builder);
    const query = builder.compile();
    compiled = { query, order: parameterOrder(query) };
    // Its text never changes: PostgreSQL keeps it prepared (prepared-statements.ts).
    if (adapter instanceof PostgresAdapter) preparable(query.sql);
    cache.set(adapter, compiled);
  }
  return compiled;
}

/** For each parameter of a query compiled with placeholders, the name of its value. */
function parameterOrder(query: CompiledQuery): string[] {
  return query.parameters.map((p) => {
    if (typeof p !== 'string' || !p.startsWith(SENTINEL)) {
      throw new Error(`reusable query: a parameter is not a placeholder: ${query.sql}`);
    }
    return p.slice(SENTINEL.length);
  });
}

/** The values of the compiled query's parameters, in its order. */
function valuesOf(order: readonly string[], values: object | undefined): unknown[] {
  const named = (values ?? {}) as Record<string, unknown>;
  return order.map((name) => named[name]);
}

/** How often remembered rows are checked against other processes' commits. */
const VERSION_CHECK_MS = 100;

/** Remembered results per query, at most (then forgotten all at once). */
const REMEMBER_MAX = 1_000;
/** Text held by one query's remembered results, at most (~16 MiB of UTF-16), then forgotten all at once. */
const REMEMBER_MAX_CHARS = 8 * 1024 * 1024;
/** Results bigger than this (a node with large properties) are not remembered. */
const REMEMBER_MAX_ENTRY_CHARS = 64 * 1024;

/** Characters of the strings in the rows (what their memory is mostly made of). */
function approximateSize(rows: readonly unknown[]): number {
  let size = 0;
  for (const row of rows) {
    for (const value of Object.values(row as Record<string, unknown>)) {
      size += typeof value === 'string' ? value.length : 8;
    }
  }
  return size;
}

/** What a remembering reusable query holds: recent results, and what the database looked like when they were read. */
interface Memory<Row> {
  readonly rows: Map<string, Row[]>;
  /** SQLite's data_version when last checked. */
  version: number | undefined;
  /** This process's commits when last checked. */
  commits: number | undefined;
  checkedAt: number;
  chars: number;
}

export function reusableQuery<Row, P extends object = None>(
  build: (db: Db, p: Params<P>) => Compilable<Row>,
  options: ReusableQueryOptions = {},
): ReusableRunner<P, QueryResult<Row>> {
  const compiled = new WeakMap<object, Compiled<Row>>();
  const memory: Memory<Row> | undefined = options.remember
    ? { rows: new Map(), version: undefined, commits: undefined, checkedAt: Number.NEGATIVE_INFINITY, chars: 0 }
    : undefined;
  return async (db, ...given) => {
    const { query, order } = compiledFor(compiled, db, build);
    const parameters = valuesOf(order, given[0]);
    const reader = db.isTransaction ? undefined : fastReaderOf(db);
    if (!reader) return db.executeQuery<Row>({ ...query, parameters });
    const writer = writerStateOf(db);
    const rows = memory
      ? readOrRemember(memory, reader, query, parameters, writer)
      : readRows<Row>(reader, query, parameters);
    // What was read may include commits whose WAL sync is still in flight (group commit commits its
    // next batch while the last one syncs). Every commit starts its sync before anything else can
    // read it, so the latest sync now in flight covers all the read saw: wait for it (ADR 0009).
    const syncing = writer?.pendingSync();
    if (syncing) await syncing;
    return { rows };
  };
}

/**
 * Forgets the remembered rows if the database has changed since they were read. This process's
 * commits are counted as they happen (precise). Other processes' commits (a `npm run
 * orgchart:import` on the same data directory) move SQLite's data_version, read on the read-only
 * connection at most every VERSION_CHECK_MS: a statement with a shared-memory lock, which cost
 * more than the rest of a remembered read when it ran on every call.
 */
function forgetIfChanged<Row>(memory: Memory<Row>, reader: FastReader, writer: WriterState | undefined): void {
  const commits = writer?.commits;
  const now = performance.now();
  const localCommits = commits ? commits() : undefined;
  let changed = localCommits !== memory.commits;
  if (changed || !commits || now - memory.checkedAt >= VERSION_CHECK_MS) {
    const version = reader.prepare('pragma data_version').pluck().get() as number;
    memory.checkedAt = now;
    if (version !== memory.version) changed = true;
    memory.version = version;
    memory.commits = localCommits;
  }
  if (changed) {
    memory.rows.clear();
    memory.chars = 0;
  }
}

/** The rows for these parameters: remembered until the database changes (forgetIfChanged). */
function readOrRemember<Row>(
  memory: Memory<Row>,
  reader: FastReader,
  query: CompiledQuery<Row>,
  parameters: unknown[],
  writer: WriterState | undefined,
): Row[] {
  forgetIfChanged(memory, reader, writer);
  const key = parameters.join('\u0000');
  let rows = memory.rows.get(key);
  if (!rows) {
    rows = readRows<Row>(reader, query, parameters);
    const size = approximateSize(rows);
    if (size <= REMEMBER_MAX_ENTRY_CHARS) {
      if (memory.rows.size >= REMEMBER_MAX || memory.chars + size > REMEMBER_MAX_CHARS) {
        memory.rows.clear();
        memory.chars = 0;
      }
      memory.rows.set(key, rows);
      memory.chars += size;
    }
  }
  return rows;
}

/**
 * An insert, update or delete that is built and compiled once, then run with new parameter values
 * on the connection or transaction it is given (never on the read-only connection). For the
 * statements of the hottest write paths (a create runs four or five): building and compiling one
 * with Kysely costs several times what SQLite takes to run it (measured: 37 µs against 7 µs to
 * bump a child count). Same rules for `build` as reusableQuery's (`p.name` for each parameter).
 *
 * Not for tables watched by WriteWatch (its listeners hear of a write when the query is
 * compiled, so only the first run would be heard): that is refused when the query is built.
 */
export function reusableWrite<P extends object = None>(
  build: (db: Db, p: Params<P>) => Compilable<unknown> & OperationNodeSource,
): ReusableRunner<P, QueryResult<unknown>> {
  const compiled = new WeakMap<object, Compiled<unknown>>();
  return async (db, ...given) => {
    const { query, order } = compiledFor(compiled, db, build, (builder) => {
      const table = writtenTable(builder.toOperationNode() as RootOperationNode);
      if (table === undefined) throw new Error('reusableWrite: not an insert, update or delete');
      for (const plugin of db.getExecutor().plugins) {
        if (plugin instanceof WriteWatch && plugin.watches(table)) {
          throw new Error(`reusableWrite: ${table} is watched by WriteWatch; build these writes each time`);
        }
      }
    });
    return db.executeQuery({ ...query, parameters: valuesOf(order, given[0]) });
  };
}
