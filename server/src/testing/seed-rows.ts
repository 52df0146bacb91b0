import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { TestServer } from './test-server.ts';

/**
 * Writes rows straight into a test server's database, for tests of many rows (through the API they
 * would take minutes): `write` is called with the indices 0..count-1 in batches of 500, all in one
 * transaction. On PostgreSQL the row triggers (events, search documents, usage) do not run.
 */
export async function seedRows(
  server: Pick<TestServer, 'app' | 'databaseUrl'>,
  count: number,
  write: (tx: Tx, indices: number[]) => Promise<unknown>,
): Promise<void> {
  await server.app.database.db.transaction().execute(async (tx) => {
    if (server.databaseUrl) await sql`set local session_replication_role = replica`.execute(tx);
    for (let at = 0; at < count; at += 500) {
      await write(
        tx,
        Array.from({ length: Math.min(500, count - at) }, (_, i) => at + i),
      );
    }
  });
}
