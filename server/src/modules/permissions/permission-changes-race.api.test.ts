import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aPerson } from '../../testing/builders.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Two permission changes of one node at once (through two instances on PostgreSQL), each naming
// only part of the permissions: the node ends as the two applied one after the other, in either
// order; neither undoes the other with what it read before the other committed.

let server: TestServer;
let peer: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  peer = server.databaseUrl ? (await server.startPeer()).api : server.api;
  await aPerson(server, 'bob');
});
afterAll(() => server.close());

const ROUNDS = 20;

describe('two permission changes of one node at once', () => {
  it('one turning inheritance off and one setting entries: both are in force', async () => {
    const folders = await Promise.all(Array.from({ length: ROUNDS }, () => aFolder(server.api)));
    const answers = await Promise.all(
      folders.map((f) =>
        Promise.all([
          server.api.put(`/nodes/${f.id}`, { permissions: { isInheritanceEnabled: false } }),
          peer.put(`/nodes/${f.id}`, {
            permissions: { locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }] },
          }),
        ]),
      ),
    );
    for (const pair of answers) expect(pair.map((a) => a.status)).toEqual([200, 200]);
    for (const f of folders) {
      const node = await server.api.get(`/nodes/${f.id}`, { query: { include: 'permissions' } });
      const { isInheritanceEnabled, locallySet } = node.body.entry.permissions;
      const entries = (locallySet ?? []).map(
        (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
      );
      expect({ isInheritanceEnabled, entries }).toEqual({ isInheritanceEnabled: false, entries: ['bob Consumer'] });
    }
  });
});
