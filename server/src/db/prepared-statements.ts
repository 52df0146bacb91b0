import type pg from 'pg';

// PostgreSQL parses and plans an unnamed statement every time it runs; a named (prepared) one once
// per connection. Measured on this project's node read: 390 µs of PostgreSQL CPU a query unnamed,
// 113–130 µs prepared (docs/performance.md, session 14). So the statements whose text never
// changes — the reusable queries and writes (reusable-query.ts), compiled once — run prepared; any
// other SQL (built per request, of many shapes) stays unnamed, so what a connection keeps prepared
// is bounded by the code, not by the requests.

const names = new Map<string, string>();

/** Marks SQL text as fixed: from now on it runs as a prepared statement on PostgreSQL. */
export function preparable(sql: string): void {
  if (!names.has(sql)) names.set(sql, `quire_${names.size}`);
}

const PREPARING = Symbol('quire.preparing');
const STALE = Symbol('quire.stale');

type Client = pg.PoolClient & { [PREPARING]?: true; [STALE]?: true };

/**
 * The pool's client, just checked out, whose queries of fixed text run as prepared statements. A
 * prepared `select … *` fails ("cached plan must not change result type", 0A000) once another
 * instance's migration adds a column: that query fails, and the connection is closed when
 * released, so the next one prepares the statement again.
 */
export function withPreparedStatements(client: pg.PoolClient): pg.PoolClient {
  const c = client as Client;
  if (!c[PREPARING]) {
    c[PREPARING] = true;
    const query = c.query.bind(c) as (...args: unknown[]) => Promise<unknown>;
    c.query = ((...args: unknown[]) => {
      // Kysely's call: (text, values), answered by a promise. Any other (the pool's own query with
      // a callback, a config object, a cursor) goes through as it came.
      const [text, values] = args;
      const name = args.length <= 2 && typeof text === 'string' ? names.get(text) : undefined;
      if (name === undefined) return query(...args);
      return query({ name, text, values }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === '0A000') c[STALE] = true;
        throw error;
      });
    }) as typeof c.query;
  }
  // The pool gives the client a new release at each check-out.
  const release = c.release.bind(c);
  c.release = ((error?: Error | boolean) => release(error ?? (c[STALE] ? true : undefined))) as typeof c.release;
  return c;
}
