import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialect } from '../testing/test-database.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { type Params, reusableQuery } from './reusable-query.ts';

// PostgreSQL runs the statements of fixed text (reusable queries and writes) prepared, once parsed
// and planned per connection; a prepared `select *` that a new column makes stale fails once per
// connection, and that connection is then replaced.

if (testDialect !== 'postgres') {
  console.log('[skipped on SQLite] prepared statements: a PostgreSQL protocol feature.');
}
describe.skipIf(testDialect !== 'postgres')('prepared statements (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase({ migrated: true });
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url, dataDir: '/nonexistent' });
    await sql`create table prep_probe (a integer)`.execute(handle.db);
    await sql`insert into prep_probe values (1)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const byA = reusableQuery((db, p: Params<{ a: number }>) =>
    db
      .selectFrom('prep_probe' as never)
      .selectAll()
      .where('a' as never, '=', p.a as never),
  );

  it('runs a reusable query as a statement prepared on its connection, and other SQL unnamed', async () => {
    const prepared = await handle.db.transaction().execute(async (tx) => {
      expect((await byA(tx, { a: 1 })).rows).toEqual([{ a: 1 }]);
      await sql`select a from prep_probe where a = ${1}`.execute(tx);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx)).rows;
    });
    const texts = prepared.map((p) => p.statement.replace(/\s+/g, ' '));
    expect(texts.filter((t) => t.includes('prep_probe'))).toEqual([
      expect.stringMatching(/select \* from "prep_probe"/),
    ]);
  });

  it('recovers when a new column makes a prepared select * stale: at most one failure per connection', async () => {
    // Prepared on several of the pool's connections at once.
    await Promise.all(Array.from({ length: 10 }, () => byA(handle.db, { a: 1 })));
    await sql`alter table prep_probe add column b integer default 2`.execute(handle.db);
    const failures: string[] = [];
    let answer: unknown;
    for (let i = 0; i < 25; i++) {
      try {
        answer = (await byA(handle.db, { a: 1 })).rows;
      } catch (error) {
        failures.push((error as { code?: string }).code ?? String(error));
        answer = undefined;
      }
    }
    expect(
      failures.every((code) => code === '0A000'),
      failures.join(', '),
    ).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(10);
    expect(answer).toEqual([{ a: 1, b: 2 }]);
  });
});
