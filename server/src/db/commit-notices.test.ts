import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withCommitNotices } from './commit-notices.ts';

/** A pool client that answers each text with the command (and row count) PostgreSQL would give. */
function fakeClient(): pg.PoolClient {
  const answers: Record<string, { command: string; rowCount: number } | 'fails'> = {
    begin: { command: 'BEGIN', rowCount: 0 },
    'start transaction isolation level serializable': { command: 'START', rowCount: 0 },
    commit: { command: 'COMMIT', rowCount: 0 },
    'commit ': 'fails',
    rollback: { command: 'ROLLBACK', rowCount: 0 },
    'rollback to savepoint s1': { command: 'ROLLBACK', rowCount: 0 },
    'insert one': { command: 'INSERT', rowCount: 1 },
    'insert none': { command: 'INSERT', rowCount: 0 },
    'select one': { command: 'SELECT', rowCount: 1 },
    'insert into "server_instances" ("id") values ($1) on conflict ("id") do update set "last_seen_at" = $2': {
      command: 'INSERT',
      rowCount: 1,
    },
    'update "login_attempts" set "failures" = $1': { command: 'UPDATE', rowCount: 1 },
    'update nodes set name = $1': { command: 'UPDATE', rowCount: 1 },
    'with c as (update "server_instances" set x = 1) insert into "nodes" values ($1)': {
      command: 'INSERT',
      rowCount: 1,
    },
  };
  return {
    query: (text: string) => {
      const answer = answers[text];
      return answer === 'fails' || answer === undefined
        ? Promise.reject(new Error(`failed: ${text}`))
        : Promise.resolve({ ...answer, rows: [] });
    },
  } as unknown as pg.PoolClient;
}

async function noticesFor(...texts: string[]): Promise<number> {
  let notices = 0;
  const client = withCommitNotices(fakeClient(), { committed: () => (notices += 1) });
  for (const text of texts) await client.query(text).catch(() => undefined);
  return notices;
}

describe('commit notices', () => {
  it('tell of a transaction that wrote once it commits, not before, and not of one that only read', async () => {
    expect(await noticesFor('begin', 'insert one')).toBe(0);
    expect(await noticesFor('begin', 'insert one', 'commit')).toBe(1);
    expect(await noticesFor('begin', 'select one', 'insert none', 'commit')).toBe(0);
  });

  it('tell of a transaction begun with an isolation level (Kysely: start transaction) once it commits', async () => {
    expect(await noticesFor('start transaction isolation level serializable', 'insert one')).toBe(0);
    expect(await noticesFor('start transaction isolation level serializable', 'insert one', 'rollback')).toBe(0);
    expect(await noticesFor('start transaction isolation level serializable', 'insert one', 'commit')).toBe(1);
  });

  it('tell of no transaction rolled back, and of one that went on after a rollback to a savepoint', async () => {
    expect(await noticesFor('begin', 'insert one', 'rollback')).toBe(0);
    expect(await noticesFor('begin', 'insert one', 'rollback to savepoint s1', 'commit')).toBe(1);
  });

  it('tell of each write outside a transaction, also after a commit that failed', async () => {
    expect(await noticesFor('insert one', 'insert one')).toBe(2);
    expect(await noticesFor('begin', 'insert one', 'commit ', 'insert one')).toBe(1);
  });

  it('tell of no write to a table that makes no events (a heartbeat, a sign-in count), alone or in a transaction', async () => {
    const heartbeat =
      'insert into "server_instances" ("id") values ($1) on conflict ("id") do update set "last_seen_at" = $2';
    const attempts = 'update "login_attempts" set "failures" = $1';
    expect(await noticesFor(heartbeat, attempts)).toBe(0);
    expect(await noticesFor('begin', heartbeat, attempts, 'commit')).toBe(0);
    expect(await noticesFor('begin', attempts, 'update nodes set name = $1', 'commit')).toBe(1);
    expect(await noticesFor('with c as (update "server_instances" set x = 1) insert into "nodes" values ($1)')).toBe(1);
  });
});
