import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTx } from './database.ts';

// Checks that must agree with the writes they guard take a lock first, inside the writing
// transaction, and read afterwards (PostgreSQL runs at read committed: a statement sees what was
// committed before it started, so a read made after the lock sees every write the lock waited
// for). SQLite has one writer: its transactions already run one by one, and these are no-ops.
//
// One order, so that no two transactions wait for each other: the node graph (associations),
// node rows, then a person's usage (people row), then the repository's usage (advisory lock);
// and nothing but reads after a usage lock. Advisory lock keys: 7261001 the node graph (below:
// moves, restores, link changes, permission changes, creates that file secondary children, and
// whatever else re-points ACLs (group deletions, site visibility changes and site deletions,
// organisation unit deletions), first in their transactions; copies in share mode), 7261002
// the repository's usage (below), 7261003 the trash's retention purge (tried, never waited for,
// in a transaction that takes no other lock).

export function onPostgres(db: DbOrTx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serialises changes to the shape of the node graph (secondary children, moves) and to the ACLs
 * along it (permission changes and everything else that re-points ACLs below a folder) until the
 * transaction ends, so that each one's checks and walks see the others: on PostgreSQL an advisory
 * lock (several connections, several instances); SQLite's one writer runs transactions one by
 * one. Taken first, before any row.
 */
export async function lockNodeGraph(tx: DbOrTx): Promise<void> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock(7261001)`.execute(tx);
}

/**
 * The node graph's lock in share mode, until the transaction ends (PostgreSQL): a copy reads its
 * source tree a level at a time, and a move between two levels in between would have it copy a
 * node twice or not at all. Copies run side by side; a move, restore or link change waits for
 * them, as they wait for it. Taken first, before any row.
 */
export async function shareNodeGraph(tx: DbOrTx): Promise<void> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock_shared(7261001)`.execute(tx);
}

/** Serialises the checks of CONTENT_QUOTA_BYTES until the transaction ends (all instances). */
export async function lockRepositoryUsage(tx: DbOrTx): Promise<void> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock(7261002)`.execute(tx);
}
