import pg from 'pg';

/** How many backends on this client's database wait for a lock another one holds (a fresh look each call). */
export async function blockedBackends(watcher: pg.Client): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`,
  );
  return rows[0]!.n;
}

/**
 * Waits until `work` is where a stalled test wants it: waiting for a lock (more backends blocked
 * on this database than `blockedBefore`), or answered, or `ms` gone by. Nothing that waits for a
 * lock here stops waiting before the holder commits, so the wait can end as soon as it is seen;
 * it was a fixed half second, now the upper bound, for a request that waits where PostgreSQL does
 * not show it (`watcher`: a connection of its own, outside the holder's transaction, whose
 * snapshot of pg_stat_activity would not change).
 */
export async function untilWaiting(
  watcher: pg.Client,
  blockedBefore: number,
  work: Promise<unknown>,
  ms = 500,
): Promise<void> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const deadline = Date.now() + ms;
  while (!settled && Date.now() < deadline && (await blockedBackends(watcher)) <= blockedBefore) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A connection to watch lock waits with (see untilWaiting); ended by the caller. */
export async function lockWatcher(databaseUrl: string): Promise<pg.Client> {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  return watcher;
}

/**
 * Two requests meeting half-way on PostgreSQL: holds locks on a connection of its own (`lockSql`,
 * run in a transaction) while `first` starts and, once it waits for a lock (or has answered, or
 * half a second has gone by: untilWaiting), `second`; commits once `second` waits too (the same);
 * answers both. Which of the two waits where is the caller's choice of locks.
 */
export async function stalled<A, B>(
  databaseUrl: string,
  lockSql: string | readonly string[],
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const watcher = await lockWatcher(databaseUrl);
  let started: [Promise<A>, Promise<B>] | undefined;
  try {
    await client.query('begin');
    for (const statement of typeof lockSql === 'string' ? [lockSql] : lockSql) await client.query(statement);
    const blocked = await blockedBackends(watcher);
    const a = first();
    await untilWaiting(watcher, blocked, a);
    const b = second();
    started = [a, b];
    await untilWaiting(watcher, await blockedBackends(watcher), b);
    await client.query('commit');
  } finally {
    await client.end();
    await watcher.end();
  }
  return Promise.all(started);
}
