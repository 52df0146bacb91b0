import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { aPerson } from './builders.ts';
import { testDialect } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A test server and a second way into its database, for the requests of a race. */
export interface ServerWithPeer {
  server: TestServer;
  /**
   * A client signed in as admin on a second instance on the server's database (PostgreSQL), so
   * that a race's requests meet as two instances' requests do; on SQLite (one process), the server's.
   */
  peer: ApiClient;
}

export interface ServerWithPeerOptions {
  /** People (password `pw`) created once the server is up. */
  people?: readonly string[];
  /**
   * Why the file's tests that hold a race half-way do not run on SQLite: printed there as
   * `[skipped on SQLite] <reason>`, the line every race file prints (their describe.skipIf skips them).
   */
  skippedOnSqlite?: string;
}

/**
 * Starts a test server and its peer before the file's tests (then the people), and closes both
 * after them. The fields are set once the file's beforeAll has run.
 */
export function serverWithPeer(options: ServerWithPeerOptions = {}): ServerWithPeer {
  const t = {} as ServerWithPeer;
  beforeAll(async () => {
    t.server = await startTestServer();
    t.peer = t.server.databaseUrl ? (await t.server.startPeer()).api : t.server.api;
    for (const id of options.people ?? []) await aPerson(t.server, id);
  });
  afterAll(() => t.server.close());
  if (options.skippedOnSqlite && testDialect !== 'postgres')
    console.log(`[skipped on SQLite] ${options.skippedOnSqlite}`);
  return t;
}
