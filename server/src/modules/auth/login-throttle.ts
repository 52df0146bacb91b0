/** Alfresco's anchor: after 10 failed logins, one attempt per 6 seconds. */
export const THROTTLE_AFTER_FAILURES = 10;
export const THROTTLE_INTERVAL_MS = 6_000;
/** A key forgets its failures after this long without one. */
const FORGET_AFTER_MS = 15 * 60_000;
const MAX_KEYS = 50_000;

interface Entry {
  failures: number;
  lastAttempt: number;
}

/**
 * Failed-login throttling per user name and per client address, in this server's memory (each
 * instance throttles what it sees). A throttled attempt is refused without checking the password,
 * so guessing runs at one attempt per interval at most.
 */
export function createLoginThrottle(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && now() - entry.lastAttempt > FORGET_AFTER_MS) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds until an attempt for these keys is allowed (0: now). */
  function wait(keys: readonly string[]): number {
    let ms = 0;
    for (const key of keys) {
      const entry = live(key);
      if (entry && entry.failures >= THROTTLE_AFTER_FAILURES) {
        ms = Math.max(ms, entry.lastAttempt + THROTTLE_INTERVAL_MS - now());
      }
    }
    return ms;
  }

  return {
    wait,

    /** Milliseconds until an attempt for these keys is allowed (0: now). Counts the attempt when allowed. */
    attempt(keys: readonly string[]): number {
      const ms = wait(keys);
      if (ms > 0) return ms;
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.lastAttempt = now();
      }
      return 0;
    },

    failed(keys: readonly string[]): void {
      for (const key of keys) {
        const entry = live(key) ?? { failures: 0, lastAttempt: now() };
        entry.failures += 1;
        entry.lastAttempt = now();
        if (!entries.has(key) && entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value!);
        entries.set(key, entry);
      }
    },

    succeeded(userKey: string): void {
      entries.delete(userKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
