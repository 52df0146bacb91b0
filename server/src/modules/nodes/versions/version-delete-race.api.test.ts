import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import type { ApiClient } from '../../../testing/api-client.ts';
import { stalled } from '../../../testing/stalled.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// Deleting a file's newest version rolls the node back to the version before; a change of the
// node's properties that committed after the deletion read the node (through a second instance on
// PostgreSQL, held at the node's row) stays: the roll-back starts from the node as it holds it.

let server: TestServer;
let peer: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  peer = server.databaseUrl ? (await server.startPeer()).api : server.api;
});
afterAll(() => server.close());

if (testDialect !== 'postgres') {
  console.log('[skipped on SQLite] a version deletion held half-way: SQLite has one writer, nothing is held half-way.');
}

describe.skipIf(testDialect !== 'postgres')('deleting the newest version while the node changes (PostgreSQL)', () => {
  it('keeps a property change that committed first', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'one');
    const updated = await server.api.put(`/nodes/${file.id}/content`, 'two', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(updated.body.entry.properties['cm:versionLabel']).toBe('1.1');
    const [titled, deleted] = await stalled(
      server.databaseUrl!,
      `select id from nodes where id = '${file.id}' for update`,
      () => server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'kept' } }),
      () => peer.delete(`/nodes/${file.id}/versions/1.1`),
    );
    expect([titled.status, deleted.status]).toEqual([200, 204]);
    const node = await server.api.get(`/nodes/${file.id}`);
    expect(node.body.entry.properties).toMatchObject({ 'cm:title': 'kept', 'cm:versionLabel': '1.0' });
  });
});
