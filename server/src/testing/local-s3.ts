import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A local S3-compatible server for tests (s3rver, from npm), started by the test itself on a
 * random port over a temporary directory, with one bucket. Path-style addressing, credentials
 * S3RVER / S3RVER.
 *
 * s3rver 3.7 implements objects, CopyObject, Range, ListObjectsV2 and multipart uploads
 * (create, upload part, complete) but not four multipart calls the S3 content store uses:
 * ListMultipartUploads, ListParts and AbortMultipartUpload (the sweeper, the abort path) and
 * UploadPartCopy (publishing objects over 5 GiB); it answers NotImplemented or MethodNotAllowed.
 * And its ListObjectsV2 fails (500) on every truncated page under Node 17+: its continuation
 * token is DES-encrypted, a cipher OpenSSL 3 no longer offers. Those five are answered here, over s3rver's own store (its files of uploads in progress,
 * `<bucket>/._S3rver_uploads/<uploadId>/{key,<part>}`, and its listObjects): enough to run the
 * content store's code paths against real HTTP and the SDK's XML parsing, not a claim of how AWS,
 * MinIO or Ceph answer them. These five calls are not signature-checked here.
 *
 * And its DeleteObject removes the directories a key's slashes make once they are empty, while a
 * PutObject under the same prefix may have just made them: that PutObject's file write then fails
 * with ENOENT on a stream nothing listens to, an uncaught exception (seen with two server processes
 * staging and publishing at once). Here DeleteObject removes the object's files only.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every key in the bucket (published and staged objects). */
  keys(): Promise<string[]>;
  /** Multipart uploads in progress: their keys. */
  uploadsInProgress(): Promise<string[]>;
  /** An SDK client for this server (path-style, its credentials); the caller destroys it. */
  newClient(): S3Client;
  close(): Promise<void>;
}

interface StoredObject {
  key: string;
  size: number;
  lastModifiedDate: Date;
  metadata: Record<string, string>;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
  listObjects(bucket: string, options: object): Promise<{ objects: StoredObject[]; isTruncated: boolean }>;
  getObject(bucket: string, key: string, range: { start: number; end: number }): Promise<{ content: unknown } | null>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: unknown): Promise<{ md5: string }>;
}
interface KoaContext {
  app: { store: S3rverStore };
  headers: Record<string, string | undefined>;
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const OBJECT_SUFFIX = '._S3rver_object';

export async function startLocalS3(bucket = 'quire-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'quire-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.LOCAL_S3_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  keepDirectories((s3rver as unknown as { store: S3rverStore }).store);
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  // After s3rver's logger and XML encoder, before its routes: the multipart calls it lacks.
  (s3rver as unknown as { middleware: Middleware[] }).middleware.splice(2, 0, multipartShim(bucket, uploadsDir));
  const address = await s3rver.run();
  const httpServer = (s3rver as unknown as { httpServer: Server }).httpServer;
  const endpoint = `http://127.0.0.1:${(address as AddressInfo).port}`;

  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async keys() {
      return (await objectKeys(path.join(directory, bucket))).sort();
    },
    async uploadsInProgress() {
      return (await listUploads(uploadsDir)).map((u) => u.key);
    },
    newClient: () =>
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    async close() {
      httpServer.closeAllConnections();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** DeleteObject without s3rver's removal of empty directories (see LocalS3). */
function keepDirectories(store: S3rverStore): void {
  store.deleteObject = async (bucket, key) => {
    const files = ['object', 'object.md5', 'metadata.json'].map((r) => store.getResourcePath(bucket, key, r));
    await Promise.all(files.map((file) => rm(file, { force: true })));
  };
}

/** The keys of the objects under `dir` (s3rver's layout), skipping uploads in progress; files that vanish meanwhile are skipped. */
async function objectKeys(dir: string, keyPrefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const keys: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== '._S3rver_uploads') {
      keys.push(...(await objectKeys(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`)));
    } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
      keys.push(`${keyPrefix}${entry.name.slice(0, -OBJECT_SUFFIX.length)}`);
    }
  }
  return keys;
}

interface UploadInProgress {
  key: string;
  uploadId: string;
  initiated: Date;
}

async function listUploads(uploadsDir: string): Promise<UploadInProgress[]> {
  const ids = await readdir(uploadsDir).catch(() => []);
  const uploads: UploadInProgress[] = [];
  for (const uploadId of ids) {
    const keyFile = path.join(uploadsDir, uploadId, 'key');
    const key = await readFile(keyFile, 'utf8').catch(() => undefined);
    if (key !== undefined) uploads.push({ key, uploadId, initiated: (await stat(keyFile)).mtime });
  }
  return uploads.sort((a, b) => a.key.localeCompare(b.key) || a.uploadId.localeCompare(b.uploadId));
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function multipartShim(bucket: string, uploadsDir: string): Middleware {
  const noSuchUpload = (ctx: KoaContext) => {
    ctx.status = 404;
    ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
  };
  return async (ctx, next) => {
    const bucketPath = `/${bucket}`;
    const isBucket = ctx.path === bucketPath || ctx.path === `${bucketPath}/`;
    const uploadId = first(ctx.query.uploadId);
    const key =
      !isBucket && ctx.path.startsWith(`${bucketPath}/`)
        ? decodeURIComponent(ctx.path.slice(bucketPath.length + 1))
        : '';
    if (ctx.method === 'GET' && isBucket && 'uploads' in ctx.query) {
      ctx.body = await listMultipartUploads(uploadsDir, bucket, ctx.query);
    } else if (ctx.method === 'GET' && isBucket && first(ctx.query['list-type']) === '2') {
      ctx.body = await listObjectsV2(ctx, bucket);
    } else if (ctx.method === 'DELETE' && key && uploadId !== undefined) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      if ((await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined)) !== key) return noSuchUpload(ctx);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
    } else if (ctx.method === 'PUT' && key && uploadId !== undefined && ctx.headers['x-amz-copy-source']) {
      ctx.body = await uploadPartCopy(ctx, bucket, uploadId);
    } else if (ctx.method === 'GET' && key && uploadId !== undefined) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      if ((await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined)) !== key) return noSuchUpload(ctx);
      const parts = [];
      for (const name of (await readdir(dir)).filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b))) {
        const info = await stat(path.join(dir, name));
        parts.push({ PartNumber: name, LastModified: info.mtime.toISOString(), Size: info.size });
      }
      ctx.body = { ListPartsResult: { Bucket: bucket, Key: key, UploadId: uploadId, IsTruncated: false, Part: parts } };
    } else {
      await next();
    }
  };
}

/** ListMultipartUploads with prefix, max-uploads and the key/upload-id markers (for paging). */
async function listMultipartUploads(uploadsDir: string, bucket: string, query: KoaContext['query']) {
  const prefix = first(query.prefix) ?? '';
  const max = Number(first(query['max-uploads']) ?? 1000);
  const keyMarker = first(query['key-marker']) ?? '';
  const idMarker = first(query['upload-id-marker']) ?? '';
  const after = (u: UploadInProgress) => u.key > keyMarker || (u.key === keyMarker && u.uploadId > idMarker);
  const matching = (await listUploads(uploadsDir)).filter((u) => u.key.startsWith(prefix) && after(u));
  const page = matching.slice(0, max);
  const last = page.at(-1);
  const isTruncated = matching.length > page.length;
  return {
    ListMultipartUploadsResult: {
      Bucket: bucket,
      Prefix: prefix,
      MaxUploads: max,
      IsTruncated: isTruncated,
      ...(isTruncated && last ? { NextKeyMarker: last.key, NextUploadIdMarker: last.uploadId } : {}),
      Upload: page.map((u) => ({ Key: u.key, UploadId: u.uploadId, Initiated: u.initiated.toISOString() })),
    },
  };
}

/** ListObjectsV2 with prefix, max-keys and a continuation token (the last key, base64url). */
async function listObjectsV2(ctx: KoaContext, bucket: string) {
  const prefix = first(ctx.query.prefix) ?? '';
  const token = first(ctx.query['continuation-token']);
  const startAfter = token ? Buffer.from(token, 'base64url').toString() : (first(ctx.query['start-after']) ?? '');
  const maxKeys = Math.min(1000, Number(first(ctx.query['max-keys']) ?? 1000));
  const { objects, isTruncated } = await ctx.app.store.listObjects(bucket, { prefix, startAfter, maxKeys });
  const last = objects.at(-1);
  return {
    ListBucketResult: {
      Name: bucket,
      Prefix: prefix,
      KeyCount: objects.length,
      MaxKeys: maxKeys,
      IsTruncated: isTruncated,
      ...(token ? { ContinuationToken: token } : {}),
      ...(isTruncated && last ? { NextContinuationToken: Buffer.from(last.key).toString('base64url') } : {}),
      Contents: objects.map((o) => ({
        Key: o.key,
        LastModified: o.lastModifiedDate.toISOString(),
        ETag: o.metadata.etag,
        Size: o.size,
        StorageClass: 'STANDARD',
      })),
    },
  };
}

/** UploadPartCopy: a byte range of an object of this bucket as a part (x-amz-copy-source-range). */
async function uploadPartCopy(ctx: KoaContext, bucket: string, uploadId: string) {
  const source = decodeURIComponent(ctx.headers['x-amz-copy-source']!.replace(/^\/?[^/]+\//, ''));
  const [, start = '0', end = ''] = /^bytes=(\d+)-(\d+)$/.exec(ctx.headers['x-amz-copy-source-range'] ?? '') ?? [];
  const object = await ctx.app.store.getObject(bucket, source, { start: Number(start), end: Number(end || Infinity) });
  if (!object) throw new Error(`UploadPartCopy: no object ${source}`);
  const { md5 } = await ctx.app.store.putPart(bucket, uploadId, Number(first(ctx.query.partNumber)), object.content);
  return { CopyPartResult: { ETag: JSON.stringify(md5), LastModified: new Date().toISOString() } };
}
