import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { Db, DbOrTx } from './database.ts';

const SENTINEL = '\u0000quire-param-';

/** Prepares statements on a read-only SQLite connection (better-sqlite3's Database shape). */
export interface FastReader {
  prepare(sql: string): { all(parameters: readonly unknown[]): unknown[] };
}

const fastReaders = new WeakMap<object, FastReader>();

/** Lets reusable queries on this Kysely instance read through a separate read-only SQLite connection. */
export function registerFastReader(db: object, reader: FastReader): void {
  fastReaders.set(db, reader);
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

/**
 * A query that is built and compiled once, then run with new parameter values. Building and
 * compiling a Kysely query costs far more than running it on SQLite (measured: 177 µs against
 * 35 µs for a node by id), so the hot lookups use this.
 *
 * On SQLite, outside a transaction, it runs on a read-only connection of its own straight through
 * better-sqlite3 (committed data only, as any read outside a transaction sees); inside a
 * transaction it runs through Kysely on the transaction's connection.
 *
 * `build` receives placeholder values for the parameters; every parameter of the compiled query
 * must be one of them (a literal value in the builder would be frozen into the query).
 */
export function reusableQuery<Row, Args extends unknown[]>(
  arity: Args['length'],
  build: (db: Db, ...placeholders: string[]) => Compilable<Row>,
): (db: DbOrTx, ...args: Args) => Promise<QueryResult<Row>> {
  let compiled: { query: CompiledQuery<Row>; order: number[] } | undefined;
  return async (db, ...args) => {
    if (!compiled) {
      const placeholders = Array.from({ length: arity }, (_, i) => `${SENTINEL}${i}`);
      const query = build(db as Db, ...placeholders).compile();
      const order = query.parameters.map((p) => {
        const index = typeof p === 'string' && p.startsWith(SENTINEL) ? Number(p.slice(SENTINEL.length)) : -1;
        if (index < 0) throw new Error(`reusableQuery: a parameter is not a placeholder: ${query.sql}`);
        return index;
      });
      compiled = { query, order };
    }
    const { query, order } = compiled;
    const parameters = order.map((i) => args[i]);
    const reader = db.isTransaction ? undefined : fastReaders.get(db);
    if (reader) {
      const raw = reader.prepare(query.sql).all(parameters) as Record<string, unknown>[];
      const rows = raw.map((r) => {
        const row: Record<string, unknown> = {};
        for (const key in r) row[camel(key)] = r[key];
        return row as Row;
      });
      return { rows };
    }
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
