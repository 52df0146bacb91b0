import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { aPerson } from './builders.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A race between two people: the server, ann on it, and bob on a second instance. */
export interface TwoPeople {
  server: TestServer;
  ann: ApiClient;
  bob: ApiClient;
}

/**
 * Starts a test server with ann and bob (password `pw`) before the file's tests, and closes it
 * after them. On PostgreSQL bob goes through a second instance on the same database, so the two
 * meet as two instances' requests do; on SQLite (one process) both use the one server. The
 * fields are set once the file's beforeAll has run.
 */
export function twoPeople(): TwoPeople {
  const t = {} as TwoPeople;
  beforeAll(async () => {
    t.server = await startTestServer();
    await aPerson(t.server, 'ann');
    await aPerson(t.server, 'bob');
    t.ann = t.server.api.as('ann', 'pw');
    t.bob = (t.server.databaseUrl ? (await t.server.startPeer()).api : t.server.api).as('bob', 'pw');
  });
  afterAll(() => t.server.close());
  return t;
}
