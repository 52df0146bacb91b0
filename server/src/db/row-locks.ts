import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTx } from './database.ts';

// Checks that must agree with the writes they guard take a lock first, inside the writing
// transaction, and read afterwards (PostgreSQL runs at read committed: a statement sees what was
// committed before it started, so a read made after the lock sees every write the lock waited
// for). SQLite has one writer: its transactions already run one by one, and these are no-ops.
//
// One order, so that no two transactions wait for each other: the node graph (associations),
// node rows, then a person's usage (people row), then the repository's usage (advisory lock);
// and nothing but reads after a usage lock. Advisory lock keys: 7261001 the node graph
// (associations.repository.ts: moves, restores, link changes, permission changes and creates
// that file secondary children, first in their transactions; copies in share mode), 7261002 the
// repository's usage (below), 7261003 the trash's retention purge (tried, never waited for, in a
// transaction that takes no other lock).

export function onPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Serialises the checks of CONTENT_QUOTA_BYTES until the transaction ends (all instances). */
export async function lockRepositoryUsage(tx: DbOrTx): Promise<void> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock(7261002)`.execute(tx);
}
