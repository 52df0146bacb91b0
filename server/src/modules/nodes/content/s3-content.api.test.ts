import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { S3ContentStore } from '../../../content-store/s3-content-store.ts';
import { aFolder } from '../../../testing/builders.ts';
import { startLocalS3, type LocalS3 } from '../../../testing/local-s3.ts';
import { API, startTestServer, type TestServer } from '../../../testing/test-server.ts';

// The server with CONTENT_STORE=s3 on a local S3-compatible server (s3rver) this file starts.
let s3: LocalS3;
let server: TestServer;
beforeAll(async () => {
  s3 = await startLocalS3();
  // Credentials reach the SDK as they do in production: through the standard AWS variables.
  vi.stubEnv('AWS_ACCESS_KEY_ID', s3.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.secretAccessKey);
  server = await startTestServer({
    CONTENT_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_PREFIX: 'quire',
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  vi.unstubAllEnvs();
});

const MiB = 1024 * 1024;
const objects = async () => (await s3.keys()).filter((k) => k.startsWith('quire/objects/'));
const staging = async () => (await s3.keys()).filter((k) => k.startsWith('quire/staging/'));

it('uploads to the bucket, serves ranges, keeps versions and deletes them all for good', async () => {
  const parent = await aFolder(server.api);
  const before = await objects();
  // Over one 8 MiB part: a multipart upload.
  const first = randomBytes(9 * MiB);
  const created = await server.api.upload(parent.id, 'big.bin', first);
  expect(created.status).toBe(201);
  const file = created.body.entry;
  expect(file.content.sizeInBytes).toBe(first.length);
  const afterUpload = await objects();
  expect(afterUpload).toHaveLength(before.length + 1);
  expect(await staging()).toEqual([]);
  expect(await s3.uploadsInProgress()).toEqual([]);

  const whole = await server.api.get(`/nodes/${file.id}/content`);
  expect(whole.raw.equals(first)).toBe(true);
  const part = await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=8388600-8388615' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 8388600-8388615/${first.length}`);
  expect(part.raw.equals(first.subarray(8388600, 8388616))).toBe(true);

  const second = randomBytes(100 * 1024);
  const updated = await server.api.put(`/nodes/${file.id}/content`, second, {
    headers: { 'content-type': 'application/octet-stream' },
    query: { majorVersion: true },
  });
  expect(updated.status).toBe(200);
  expect(updated.body.entry.properties['cm:versionLabel']).toBe('2.0');
  expect(await objects()).toHaveLength(before.length + 2);
  expect((await server.api.get(`/nodes/${file.id}/content`)).raw.equals(second)).toBe(true);
  const old = await server.api.get(`/nodes/${file.id}/versions/1.0/content`, { headers: { range: 'bytes=0-99' } });
  expect(old.raw.equals(first.subarray(0, 100))).toBe(true);

  expect((await server.api.delete(`/nodes/${file.id}`, { query: { permanent: true } })).status).toBe(204);
  expect(await objects()).toEqual(before);
  expect((await server.api.get(`/nodes/${file.id}/content`)).status).toBe(404);
});

it('leaves no object or upload behind when the client goes away mid-upload, after the sweeper', async () => {
  const parent = await aFolder(server.api);
  const before = await s3.keys();
  const sent: string[] = [];
  (server.app.contentStore as S3ContentStore).client.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      sent.push(context.commandName ?? '?'); // once it succeeded
      return answer;
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  const boundary = 'quireboundary';
  const url = new URL(`${API}/nodes/${parent.id}/children`, server.baseUrl);
  await new Promise<void>((resolve) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(40 * MiB),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="partial.bin"\r\n\r\n`);
    // Past the first part, so that a multipart upload is under way when the client leaves.
    req.write(randomBytes(12 * MiB), () => setTimeout(() => req.destroy(), 300));
  });
  await vi.waitFor(() => expect(sent).toContain('AbortMultipartUploadCommand'), { timeout: 5000 });
  (server.app.contentStore as S3ContentStore).client.middlewareStack.remove('recordCommands');
  expect(sent).toContain('UploadPartCommand');
  expect(await s3.uploadsInProgress()).toEqual([]);
  await server.app.sweep(-1);
  expect(await s3.keys()).toEqual(before);
  expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
});

it('aborts, when it sweeps, a multipart upload a crashed instance left', async () => {
  const { client } = server.app.contentStore as S3ContentStore;
  const Key = `quire/staging/${crypto.randomUUID()}`;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
  await client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: 1, Body: randomBytes(10) }));
  expect(await s3.uploadsInProgress()).toEqual([Key]);
  expect((await server.app.sweep(3600_000)).staging).toBe(0);
  expect((await server.app.sweep(-1)).staging).toBe(1);
  expect(await s3.uploadsInProgress()).toEqual([]);
});
