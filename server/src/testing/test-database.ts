import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which database the server tests run on: `QUIRE_TEST_DB=postgres` (set by the vitest project
 * server-postgres) uses a fresh database on TEST_DATABASE_URL's server; anything else SQLite.
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.QUIRE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Creates an empty PostgreSQL database for one test file; returns its URL and a drop function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
