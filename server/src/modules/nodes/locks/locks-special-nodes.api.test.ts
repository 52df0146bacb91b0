import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSite, documentLibrary } from '../../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const idAt = async (relativePath: string) => {
  const res = await server.api.get('/nodes/-root-', { query: { relativePath } });
  expect(res.status, relativePath).toBe(200);
  return res.body.entry.id as string;
};

describe('POST /nodes/{id}/lock on special nodes (Alfresco facts §19)', () => {
  it('gives 403 for Company Home, Data Dictionary, Sites and a site node, to an administrator too', async () => {
    const site = await aSite(server.api);
    const special = ['-root-', await idAt('Data Dictionary'), await idAt('Sites'), site.guid];
    for (const id of special) {
      const res = await server.api.post(`/nodes/${id}/lock`, {});
      expect(res.status, id).toBe(403);
      expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
    }
    const home = await server.api.get('/nodes/-root-', { query: { include: 'isLocked' } });
    expect(home.body.entry.isLocked).toBe(false);
  });

  it('still gives 400 for other folders (Shared, a documentLibrary)', async () => {
    const site = await aSite(server.api);
    for (const id of ['-shared-', await documentLibrary(server.api, site.id)]) {
      expect((await server.api.post(`/nodes/${id}/lock`, {})).status, id).toBe(400);
    }
  });
});
