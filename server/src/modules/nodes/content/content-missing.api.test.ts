import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { bigContent } from '../../../testing/content-files.ts';
import { startLocalS3, type LocalS3 } from '../../../testing/local-s3.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/**
 * A content object removed between the read of the row that names it and the opening of its bytes
 * (the download sweeper or a DELETE /downloads/{id} removing a zip, a purge or a new version
 * releasing a file's bytes): the answer is the 404 of something gone, never a 500. A failure of the
 * store itself stays a 500. The removal is made here directly in the store, after the row is
 * written: the state the request meets when it loses that race.
 */
function describeMissingContent(name: string, start: () => Promise<TestServer>, stop: () => Promise<void>) {
  describe(`content removed meanwhile (${name})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start();
    });
    afterAll(() => stop());

    const contentIdOf = async (nodeId: string) =>
      (await server.app.database.db
        .selectFrom('nodes')
        .select('contentId')
        .where('id', '=', nodeId)
        .executeTakeFirstOrThrow())!.contentId!;

    const expectGone = (res: { status: number; body: { error?: { errorKey: string } }; headers: Headers }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error?.errorKey).toBe('framework.exception.EntityNotFound');
      expect(res.headers.get('content-range')).toBeNull();
      expect(res.headers.get('content-disposition')).toBeNull();
    };

    it("answers 404 for a file's content, a range of it, a version's and a direct access URL", async () => {
      const folder = await aFolder(server.api);
      const file = await aFile(server.api, folder.id, bigContent('removed'), 'removed.txt');
      const url = (await server.api.post(`/nodes/${file.id}/request-direct-access-url`, {})).body.entry.contentUrl;
      await server.app.contentStore.remove(await contentIdOf(file.id));
      expectGone(await server.api.get(`/nodes/${file.id}/content`));
      expectGone(await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=0-9' } }));
      expectGone(await server.api.get(`/nodes/${file.id}/versions/1.0/content`));
      const direct = await fetch(url as string);
      expect(direct.status).toBe(404);
      expect(direct.headers.get('content-disposition')).toBeNull();
    });

    it("answers 404 for a download's zip removed after its row was read, by its node and its direct access URL", async () => {
      const folder = await aFolder(server.api);
      await aFile(server.api, folder.id, 'zipped', 'z.txt');
      const id = (await server.api.post('/downloads', { nodeIds: [folder.id] })).body.entry.id as string;
      await server.app.runDownloads();
      const issued = await server.api.post(`/nodes/${id}/request-direct-access-url`, { attachment: true });
      expect(issued.status).toBe(200);
      const row = await server.app.database.db
        .selectFrom('downloads')
        .select('contentId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await server.app.contentStore.remove(row.contentId!);
      expectGone(await server.api.get(`/nodes/${id}/content`));
      expectGone(await server.api.get(`/nodes/${id}/content`, { headers: { range: 'bytes=0-9' } }));
      expect((await fetch(issued.body.entry.contentUrl as string)).status).toBe(404);
    });

    it('still answers 500 when the store fails to read (not a missing object)', async () => {
      const folder = await aFolder(server.api);
      const file = await aFile(server.api, folder.id, bigContent('failing'), 'failing.txt');
      const store = server.app.contentStore;
      const failing = vi
        .spyOn(store, 'read')
        .mockRejectedValue(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
      try {
        expect((await server.api.get(`/nodes/${file.id}/content`)).status).toBe(500);
      } finally {
        failing.mockRestore();
      }
      expect((await server.api.get(`/nodes/${file.id}/content`)).status).toBe(200);
    });
  });
}

let fsServer: TestServer | undefined;
describeMissingContent(
  'file system',
  async () => (fsServer = await startTestServer({}, { downloadJobs: false })),
  async () => fsServer?.close(),
);

let s3: LocalS3 | undefined;
let s3Server: TestServer | undefined;
describeMissingContent(
  'S3',
  async () => {
    s3 = await startLocalS3();
    // Credentials reach the SDK through the standard AWS variables, as in production.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.secretAccessKey);
    s3Server = await startTestServer(
      {
        CONTENT_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_PREFIX: 'quire',
        S3_FORCE_PATH_STYLE: 'true',
      },
      { downloadJobs: false },
    );
    return s3Server;
  },
  async () => {
    await s3Server?.close();
    await s3?.close();
    vi.unstubAllEnvs();
  },
);
