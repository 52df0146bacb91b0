import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import type { LoginAttemptsTable } from '../../db/schema.ts';
import { throttleAddress } from './client-address.ts';

// The numbers of ADR 0012.
/** Failures of one user from one address that are checked at full speed. */
export const PAIR_FREE_FAILURES = 10;
/** After that, each further failure of the pair adds this much to the wait before the next attempt... */
export const PAIR_DELAY_STEP_MS = 6_000;
/** ...up to this wait. */
export const PAIR_MAX_DELAY_MS = 15 * 60_000;
/** Failures of one user from all addresses together beyond which every address that has failed slows down. */
export const USER_CEILING = 100;
/** Above the user's ceiling: an address that has failed for the user waits this long between attempts. */
export const USER_CEILING_DELAY_MS = 60_000;
/** A key is forgotten this long after its last failure (Keycloak's default failure reset time). */
export const FORGET_AFTER_MS = 12 * 60 * 60_000;
/** Expired rows are deleted at most this often (per process). */
const SWEEP_EVERY_MS = 60_000;

const digest = (key: string) => createHash('sha256').update(key).digest('hex');
const userKey = (userId: string) => digest(`user\u0000${userId.toLowerCase()}`);
const pairKey = (userId: string, address: string) =>
  digest(`pair\u0000${userId.toLowerCase()}\u0000${throttleAddress(address)}`);
/** The rows' keys of a user and of a (user, address) pair (tests and operations). */
export const throttleKeys = (userId: string, address: string) => ({
  user: userKey(userId),
  pair: pairKey(userId, address),
});

/** The wait after a pair's n-th counted failure. */
export function pairDelay(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_DELAY_STEP_MS * (failures - PAIR_FREE_FAILURES + 1), PAIR_MAX_DELAY_MS);
}

/** A throttle's state: its database and clock, the lookup by key, when expired rows were last deleted. */
interface Throttle {
  readonly db: Db;
  readonly now: () => number;
  readonly byKey: ReturnType<typeof keyLookup>;
  sweptAt: number;
}

function keyLookup() {
  return reusableQuery((d, p: Params<{ key: string }>) =>
    d.selectFrom('loginAttempts').selectAll().where('keyHash', '=', p.key),
  );
}

/**
 * Failed-login throttling in the database, shared by every server instance (ADR 0012).
 *
 * An attempt is first reserved: counted as a failure of its (user, address) pair and of its user,
 * in one conditional upsert per key that refuses it while the pair must wait. Only then is the
 * password checked, so concurrent guesses cannot all pass a check made before any of them failed.
 * A success takes back what it proves: the pair's failures, and its own reservation from the
 * user's count. A pair that never failed is never refused (its row does not exist), so a real
 * user at their own address signs in whatever an attacker elsewhere does.
 */
export function createLoginThrottle(db: Db, now: () => number = Date.now) {
  const throttle: Throttle = { db, now, byKey: keyLookup(), sweptAt: Number.NEGATIVE_INFINITY };
  return {
    /** Whether this user has failed from this address (then remembered credentials are not enough). */
    hasFailed: (userId: string, address: string) => hasFailed(throttle, userId, address),

    /**
     * Counts an attempt before its password is checked: false (and nothing counted) while the
     * pair must wait. Atomic per key on both databases and across instances.
     */
    reserve: (userId: string, address: string) => reserve(throttle, userId, address),

    /**
     * A right password proves only itself: the pair may try at full speed again (its failures are
     * cleared, its row stays until it expires, so over the user's ceiling it still counts as an
     * address that has failed), and this attempt's own reservation is taken back from the user's
     * count. The user's other failures stay: behind an address many people share, someone's
     * successful sign-in does not give a guesser at that address a fresh allowance for free.
     */
    succeeded: (userId: string, address: string) => succeeded(db, userId, address),
  };
}

async function live(throttle: Throttle, key: string, at: number): Promise<LoginAttemptsTable | undefined> {
  const row = (await throttle.byKey(throttle.db, { key })).rows[0];
  return row && Number(row.expiresAt) > at ? row : undefined;
}

async function sweep(throttle: Throttle, at: number): Promise<void> {
  if (at - throttle.sweptAt < SWEEP_EVERY_MS) return;
  throttle.sweptAt = at;
  await throttle.db.deleteFrom('loginAttempts').where('expiresAt', '<=', at).execute();
}

async function hasFailed(throttle: Throttle, userId: string, address: string): Promise<boolean> {
  return ((await live(throttle, pairKey(userId, address), throttle.now()))?.failures ?? 0) > 0;
}

async function reserve(throttle: Throttle, userId: string, address: string): Promise<boolean> {
  const at = throttle.now();
  await sweep(throttle, at);
  const user = await live(throttle, userKey(userId), at);
  // Over the user's ceiling, a pair that has failed also waits USER_CEILING_DELAY_MS since its last failure.
  const lastFailureBefore =
    user && user.failures >= USER_CEILING ? at - USER_CEILING_DELAY_MS : Number.MAX_SAFE_INTEGER;
  const reserved = await count(throttle.db, pairKey(userId, address), at, lastFailureBefore);
  if (!reserved) return false;
  await count(throttle.db, userKey(userId), at, Number.MAX_SAFE_INTEGER, false);
  return true;
}

async function succeeded(db: Db, userId: string, address: string): Promise<void> {
  await db
    .updateTable('loginAttempts')
    .set({ failures: 0, nextAllowedAt: 0 })
    .where('keyHash', '=', pairKey(userId, address))
    .execute();
  await sql`update login_attempts set failures = case when failures > 0 then failures - 1 else 0 end
                where key_hash = ${userKey(userId)}`.execute(db);
}

/**
 * One more failure for a key, unless (when `delays`) the key must wait: its next allowed time
 * has not come, or its last failure was after `lastFailureBefore`. A row that expired starts
 * over. True when counted.
 */
async function count(db: Db, key: string, at: number, lastFailureBefore: number, delays = true): Promise<boolean> {
  const t = (value: number) => sql`cast(${value} as bigint)`;
  const expired = sql`login_attempts.expires_at <= ${t(at)}`;
  const failures = sql`(case when ${expired} then 1 else login_attempts.failures + 1 end)`;
  // pairDelay(failures), in SQL.
  const delay = sql`(case when ${failures} < ${PAIR_FREE_FAILURES} then 0
      when ${PAIR_DELAY_STEP_MS} * (${failures} - ${PAIR_FREE_FAILURES - 1}) > ${PAIR_MAX_DELAY_MS} then ${PAIR_MAX_DELAY_MS}
      else ${PAIR_DELAY_STEP_MS} * (${failures} - ${PAIR_FREE_FAILURES - 1}) end)`;
  const next = delays ? sql`case when ${delay} = 0 then 0 else ${t(at)} + ${delay} end` : sql`0`;
  const allowed = delays
    ? sql`where ${expired} or (login_attempts.next_allowed_at <= ${t(at)} and login_attempts.last_failure_at <= ${t(lastFailureBefore)})`
    : sql``;
  const first = delays && pairDelay(1) > 0 ? at + pairDelay(1) : 0;
  const result = await sql<{ failures: number }>`
      insert into login_attempts (key_hash, failures, last_failure_at, next_allowed_at, expires_at)
      values (${key}, 1, ${t(at)}, ${t(first)}, ${t(at + FORGET_AFTER_MS)})
      on conflict (key_hash) do update set
        failures = ${failures},
        next_allowed_at = ${next},
        last_failure_at = ${t(at)},
        expires_at = ${t(at + FORGET_AFTER_MS)}
      ${allowed}
      returning failures`.execute(db);
  return result.rows.length > 0;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
