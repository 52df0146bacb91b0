import type pg from 'pg';

/**
 * PostgreSQL: calls `notices.committed` after each commit of a transaction that wrote rows (and
 * after each write outside a transaction), as the pool's client reports them. The instance then
 * tells the others, and itself, that events may have been written (`NOTIFY quire_events` after
 * the commit, peer-changes.ts): the event triggers no longer notify in the writing transaction,
 * which made PostgreSQL commit writers one at a time (migration 0027).
 */
export interface CommitNotices {
  committed: () => void;
}

const WATCHED = Symbol('quire.commits');

type Client = pg.PoolClient & {
  [WATCHED]?: { inTransaction: boolean; wrote: boolean };
};

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
/**
 * Writes whose statement writes only a table that no event trigger watches (and that no cascade
 * leads from to one): the instance heartbeat, background-run claims, sign-in counts, tickets,
 * extracted text and the search index. Announcing them would wake every instance's readers for
 * nothing (each instance's heartbeat every 10 s). Any other write is announced, a statement with a
 * `with` clause too.
 */
const SILENT =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:server_instances|background_runs|login_attempts|tickets|content_text|search_docs|node_events_horizon)"?[\s(]/i;
const TO_SAVEPOINT = /^\s*rollback\s+to\b/i;
const ENDS = /^\s*(commit|end|rollback)\s*;?\s*$/i;

export function withCommitNotices(client: pg.PoolClient, notices: CommitNotices): pg.PoolClient {
  const c = client as Client;
  if (c[WATCHED]) return c;
  const state = { inTransaction: false, wrote: false };
  c[WATCHED] = state;
  const query = c.query.bind(c) as (...args: unknown[]) => unknown;
  c.query = ((...args: unknown[]) => {
    const answer = query(...args);
    // Kysely's calls answer a promise; the pool's own (with a callback) are not watched.
    if (!(answer instanceof Promise)) return answer;
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    return answer.then(
      (result: pg.QueryResult) => {
        seen(state, result, text, notices);
        return result;
      },
      (error: unknown) => {
        // A COMMIT or ROLLBACK that failed ended the transaction all the same.
        if (ENDS.test(text)) Object.assign(state, { inTransaction: false, wrote: false });
        throw error;
      },
    );
  }) as typeof c.query;
  return c;
}

function seen(
  state: { inTransaction: boolean; wrote: boolean },
  result: pg.QueryResult,
  text: string,
  notices: CommitNotices,
): void {
  switch (result.command) {
    case 'BEGIN':
    case 'START': // START TRANSACTION (Kysely's, with an isolation level or access mode)
      state.inTransaction = true;
      state.wrote = false;
      return;
    case 'COMMIT':
      if (state.wrote) notices.committed();
      state.inTransaction = false;
      state.wrote = false;
      return;
    case 'ROLLBACK':
      if (TO_SAVEPOINT.test(text)) return;
      state.inTransaction = false;
      state.wrote = false;
      return;
    default:
      if (!WRITES.has(result.command) || !result.rowCount || SILENT.test(text)) return;
      if (state.inTransaction) state.wrote = true;
      else notices.committed();
  }
}
