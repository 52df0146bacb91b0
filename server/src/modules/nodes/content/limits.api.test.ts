import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CONTENT_MAX_FILE_BYTES: '1000', CONTENT_QUOTA_BYTES: '2500' });
});
afterAll(() => server.close());

describe('content limits', () => {
  it('refuses a file over CONTENT_MAX_FILE_BYTES with 413 and leaves nothing behind', async () => {
    const parent = await aFolder(server.api);
    const before = await contentFiles(server.dataDir);
    const res = await server.api.upload(parent.id, 'big.bin', Buffer.alloc(1001));
    expect(res.status).toBe(413);
    expect(res.body.error.errorKey).toBe('framework.exception.RequestEntityTooLarge');
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
    expect(await contentFiles(server.dataDir)).toEqual(before);
    expect((await server.api.upload(parent.id, 'fits.bin', Buffer.alloc(1000))).status).toBe(201);
  });

  it('refuses a content update over the limit with 413 and keeps the old content', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'small');
    const res = await server.api.put(`/nodes/${file.id}/content`, Buffer.alloc(5000), {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(413);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('small');
  });

  it('refuses content beyond CONTENT_QUOTA_BYTES with 507 and leaves nothing behind', async () => {
    const parent = await aFolder(server.api);
    // 1000 (first test) + 5 bytes are stored; 2500 is the quota.
    expect((await server.api.upload(parent.id, 'a.bin', Buffer.alloc(900))).status).toBe(201);
    const before = await contentFiles(server.dataDir);
    const res = await server.api.upload(parent.id, 'b.bin', Buffer.alloc(900));
    expect(res.status).toBe(507);
    expect(res.body.error.errorKey).toBe('framework.exception.InsufficientStorage');
    expect(await contentFiles(server.dataDir)).toEqual(before);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(1);
  });
});
