import type { CompiledQuery } from 'kysely';

/**
 * The read-only SQLite connection that reusable queries (reusable-query.ts) read through outside
 * transactions, registered per Kysely instance, and how a compiled query runs on it.
 */
interface ReaderStatement {
  all(parameters: readonly unknown[]): unknown[];
  get(): unknown;
  columns(): { name: string; type: string | null }[];
  pluck(toggle?: boolean): ReaderStatement;
}

/** Prepares statements on a read-only SQLite connection (better-sqlite3's Database shape). */
export interface FastReader {
  prepare(sql: string): ReaderStatement;
}

export interface WriterState {
  /** Counts the changes this process has committed on the writer. */
  commits(): number;
  /**
   * The latest WAL sync in flight, if any. A commit is visible to the read-only connection as
   * soon as it is written, before it is durable; reads wait for this sync after reading, so
   * nothing is seen that a power cut could take back (ADR 0009).
   */
  pendingSync(): Promise<void> | undefined;
}

const fastReaders = new WeakMap<object, FastReader>();
const writerStates = new WeakMap<object, WriterState>();

export const fastReaderOf = (db: object) => fastReaders.get(db);
export const writerStateOf = (db: object) => writerStates.get(db);

/** Lets reusable queries on this Kysely instance read through a separate read-only SQLite connection. */
export function registerFastReader(db: object, reader: FastReader, writer?: WriterState): void {
  fastReaders.set(db, reader);
  if (writer) writerStates.set(db, writer);
}

/**
 * How a compiled query runs on the fast reader. better-sqlite3 builds each row object column by
 * column, which costs more than SQLite's work for a wide row (measured: 22 µs for a node's 28
 * columns, against 5 µs for its id alone). So where it is safe the query is wrapped to return one
 * JSON text per row, `json_object('camelKey', column, …)`, which JSON.parse turns into the row
 * (9 µs in all). Not safe, so run as is: BLOB (or bytea) columns (JSON cannot hold them; an
 * expression that turns out to give one makes the query go back to plain rows), repeated column
 * names, and ORDER BY (a subquery's order is not a promise of the outer query's). Floating-point
 * values survive the trip (SQLite writes them with enough digits to read back the same double).
 */
type ReaderPlan = { sql: string; json: boolean };

const plans = new WeakMap<CompiledQuery, ReaderPlan>();
const UNSAFE_TYPE = /blob|bytea/i;

function planFor(reader: FastReader, query: CompiledQuery): ReaderPlan {
  let plan = plans.get(query);
  if (!plan) {
    const columns = reader.prepare(query.sql).columns();
    const names = new Set(columns.map((c) => c.name));
    const safe =
      !/\border\s+by\b/i.test(query.sql) &&
      names.size === columns.length &&
      columns.every((c) => c.type === null || !UNSAFE_TYPE.test(c.type)) &&
      columns.every((c) => !c.name.includes('"') && !c.name.includes("'"));
    plan = safe
      ? {
          sql: `select json_object(${columns.map((c) => `'${camel(c.name)}', "q"."${c.name}"`).join(', ')}) from (${query.sql}) as "q"`,
          json: true,
        }
      : { sql: query.sql, json: false };
    plans.set(query, plan);
  }
  return plan;
}

export function readRows<Row>(reader: FastReader, query: CompiledQuery, parameters: readonly unknown[]): Row[] {
  const plan = planFor(reader, query);
  if (plan.json) {
    try {
      const texts = reader.prepare(plan.sql).pluck().all(parameters) as string[];
      return texts.map((text) => JSON.parse(text) as Row);
    } catch (error) {
      if (!/JSON cannot hold BLOB/i.test(String(error))) throw error;
      plans.set(query, { sql: query.sql, json: false });
      return readRows(reader, query, parameters);
    }
  }
  const raw = reader.prepare(plan.sql).all(parameters) as Record<string, unknown>[];
  return raw.map((r) => {
    const row: Record<string, unknown> = {};
    for (const key in r) row[camel(key)] = r[key];
    return row as Row;
  });
}

const camelCache = new Map<string, string>();
function camel(key: string): string {
  let value = camelCache.get(key);
  if (value === undefined) {
    value = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelCache.set(key, value);
  }
  return value;
}
