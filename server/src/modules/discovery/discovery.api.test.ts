import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const DISCOVERY = '/alfresco/api/discovery';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /alfresco/api/discovery', () => {
  it('tells any signed-in person what the repository is and what it supports', async () => {
    const user = await aUser(server.api);
    const res = await server.api.as(user.id, user.password).get(DISCOVERY);
    expect(res.status).toBe(200);
    const repository = res.body.entry.repository;
    expect(repository.id).toBe(server.app.systemNodes.companyHome);
    expect(repository.edition).toBe('Community');
    expect(repository.version).toMatchObject({ major: '7', minor: '4', patch: '2', hotfix: '0' });
    expect(repository.version.display).toMatch(/^7\.4\.2\.0 \(Quire \d+\.\d+\.\d+\) schema \d+$/);
    expect(repository.version.schema).toBeGreaterThan(0);
    expect(repository.license).toBeUndefined();
    expect(repository.modules.map((m: { id: string }) => m.id)).toEqual(['quire-orgchart', 'quire-settings']);
  });

  it('says truthfully which features are on', async () => {
    const { status } = (await server.api.get(DISCOVERY)).body.entry.repository;
    expect(status).toEqual({
      isReadOnly: false,
      isAuditEnabled: false,
      isQuickShareEnabled: false,
      isThumbnailGenerationEnabled: false,
      isDirectAccessUrlEnabled: true,
    });
    // The direct access URLs it announces are there.
    const file = await server.api.upload('-my-', 'discovered.txt', 'text');
    expect((await server.api.post(`/nodes/${file.body.entry.id}/request-direct-access-url`)).status).toBe(200);
  });

  it('gives the Content App’s version rules the answers Quire can serve', async () => {
    const { version } = (await server.api.get(DISCOVERY)).body.entry.repository;
    // The Content App compares the first word of `display` with each feature's minimal version.
    const compatible = (minimal: string) => {
      const current = (version.display as string).split(' ')[0]!.split('.').map(Number);
      const wanted = minimal.split('.').map(Number);
      for (let i = 0; i < Math.max(current.length, wanted.length); i++) {
        if ((current[i] ?? 0) !== (wanted[i] ?? 0)) return (current[i] ?? 0) > (wanted[i] ?? 0);
      }
      return true;
    };
    expect(compatible('7')).toBe(true); // aspects and content types can be edited
    expect(compatible('23.3.0')).toBe(false); // bulk actions (legal holds)
    expect(compatible('23.4.0')).toBe(false); // node information (folder sizes)
    expect(compatible('25.1.0')).toBe(false); // saved searches (preferences API)
  });

  it('is for signed-in people only, and read-only', async () => {
    const anonymous = await server.api.get(DISCOVERY, { auth: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/AlfTicket/);
    expect(anonymous.body.error.statusCode).toBe(401);
    expect((await server.api.post(DISCOVERY, {})).status).toBe(405);
  });
});
