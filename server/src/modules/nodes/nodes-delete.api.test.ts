import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let bob: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  bob = (await aUser(server.api, { id: 'bob' })).api;
});
afterAll(() => server.close());

const permanently = { query: { permanent: true } };

describe('DELETE /nodes/{id}?permanent=true (Alfresco facts §11.1)', () => {
  it('is refused (403) to someone who may delete but neither owns the node nor is an administrator', async () => {
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const file = await aFile(server.api, folder.id);
    const sub = await aFolder(server.api, folder.id);
    for (const node of [file, sub]) {
      const res = await bob.delete(`/nodes/${node.id}`, permanently);
      expect(res.status).toBe(403);
      expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
      expect((await server.api.get(`/nodes/${node.id}`)).status).toBe(200);
      // Without permanent, the Delete permission is enough, as before.
      expect((await bob.delete(`/nodes/${node.id}`, { query: { permanent: false } })).status).toBe(204);
    }
  });

  it('lets the owner and an administrator delete permanently', async () => {
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const own = await aFile(bob, folder.id);
    expect((await bob.delete(`/nodes/${own.id}`, permanently)).status).toBe(204);
    const bobs = await aFile(bob, folder.id);
    expect((await server.api.delete(`/nodes/${bobs.id}`, permanently)).status).toBe(204);
    expect((await server.api.get(`/nodes/${bobs.id}`)).status).toBe(404);
  });

  it('still refuses the system folders (403) and unknown nodes (404)', async () => {
    expect((await server.api.delete('/nodes/-root-', permanently)).status).toBe(403);
    expect((await server.api.delete('/nodes/nope', permanently)).status).toBe(404);
  });
});
