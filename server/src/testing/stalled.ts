import pg from 'pg';

/**
 * Two requests meeting half-way on PostgreSQL: holds locks on a connection of its own (`lockSql`,
 * run in a transaction) while `first` starts and, half a second later, `second`; commits half a
 * second after that; answers both. Which of the two waits where is the caller's choice of locks.
 */
export async function stalled<A, B>(
  databaseUrl: string,
  lockSql: string | readonly string[],
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let started: [Promise<A>, Promise<B>] | undefined;
  try {
    await client.query('begin');
    for (const statement of typeof lockSql === 'string' ? [lockSql] : lockSql) await client.query(statement);
    const a = first();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const b = second();
    started = [a, b];
    await new Promise((resolve) => setTimeout(resolve, 500));
    await client.query('commit');
  } finally {
    await client.end();
  }
  return Promise.all(started);
}
