import { beforeAll } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { serverWithPeer } from './server-with-peer.ts';
import type { TestServer } from './test-server.ts';

/** A race between two people: the server, ann on it, and bob on a second instance. */
export interface TwoPeople {
  server: TestServer;
  ann: ApiClient;
  bob: ApiClient;
}

/**
 * Starts a test server with ann and bob (password `pw`) before the file's tests, and closes it
 * after them. On PostgreSQL bob goes through a second instance on the same database, so the two
 * meet as two instances' requests do; on SQLite (one process) both use the one server
 * (serverWithPeer). The fields are set once the file's beforeAll has run.
 */
export function twoPeople(): TwoPeople {
  const started = serverWithPeer({ people: ['ann', 'bob'] });
  const t = {} as TwoPeople;
  beforeAll(() => {
    t.server = started.server;
    t.ann = started.server.api.as('ann', 'pw');
    t.bob = started.peer.as('bob', 'pw');
  });
  return t;
}
