import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const SETTINGS = '/alfresco/api/-default-/public/quire/versions/1/settings';

describe('GET /quire/versions/1/settings (defaults)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('tells any signed-in person the rules the server applies', async () => {
    const user = await aUser(server.api);
    const res = await server.api.as(user.id, user.password).get(SETTINGS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entry: { namePolicy: 'strict', maxNameLength: 255, maxFolderDepth: 256, passwordMinLength: 8 },
    });
  });

  it('is for signed-in people only', async () => {
    const res = await server.api.get(SETTINGS, { auth: null });
    expect(res.status).toBe(401);
    expect(res.body.error.statusCode).toBe(401);
  });

  it('is read-only', async () => {
    const res = await server.api.post(SETTINGS, { namePolicy: 'alfresco' });
    expect(res.status).toBe(405);
    expect((await server.api.get(SETTINGS)).body.entry.namePolicy).toBe('strict');
  });
});

describe('GET /quire/versions/1/settings (configured)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      NAME_POLICY: 'alfresco',
      MAX_FOLDER_DEPTH: '40',
      PASSWORD_MIN_LENGTH: '12',
      CONTENT_MAX_FILE_BYTES: '1048576',
    });
  });
  afterAll(() => server.close());

  it('follows the configuration, and the server accepts what it announces', async () => {
    const res = await server.api.get(SETTINGS);
    expect(res.body.entry).toEqual({
      namePolicy: 'alfresco',
      maxNameLength: 255,
      maxFolderDepth: 40,
      passwordMinLength: 12,
      maxFileBytes: 1048576,
    });
    const upload = await server.api.upload('-root-', 'Annual report.txt', 'figures', {
      relativePath: 'My Docs/Sub Folder',
    });
    expect(upload.status).toBe(201);
    expect(upload.body.entry.name).toBe('Annual report.txt');
  });
});
