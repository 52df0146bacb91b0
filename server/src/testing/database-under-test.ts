import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createPostgresDatabase, testDialect } from './test-database.ts';

/**
 * A database of the test run's dialect for one test file, migrated, without a server: opened
 * before the file's tests (in a temporary directory for SQLite, a database of its own on
 * PostgreSQL) and removed after them. Returns a getter for its handle.
 */
export function useTestDatabase(name: string): () => DatabaseHandle {
  let dataDir: string | undefined;
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `quire-${name}-`));
    if (testDialect === 'postgres') pg = await createPostgresDatabase();
    handle = await openDatabase({ databaseUrl: pg?.url, dataDir });
  });
  afterAll(async () => {
    await handle?.close();
    await pg?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!handle) throw new Error('useTestDatabase: the database is opened before the tests run');
    return handle;
  };
}
