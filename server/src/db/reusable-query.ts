import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { Db, DbOrTx } from './database.ts';

const SENTINEL = '\u0000quire-param-';

/**
 * A query that is built and compiled once, then run with new parameter values. Building and
 * compiling a Kysely query costs far more than running it on SQLite (measured: 177 µs against
 * 35 µs for a node by id), so the hot lookups use this.
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
    return db.executeQuery<Row>({ ...query, parameters: order.map((i) => args[i]) });
  };
}
