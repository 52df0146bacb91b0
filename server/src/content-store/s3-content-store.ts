import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3StoreSettings } from './settings.ts';
import { ContentMissingError, type ContentStore, type StageLimits, type StagedContent } from './content-store.ts';
import { checkBucket, isNotFound } from './s3-errors.ts';
import { copyObject, sweepMultipartUploads } from './s3-multipart.ts';
import { upload } from './s3-upload.ts';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MiB = 1024 * 1024;

export interface S3ContentStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key: '' or ending with '/'. */
  prefix: string;
  /** Bytes per part of a multipart upload (S3's minimum is 5 MiB; at most 10,000 parts). */
  partSize?: number;
  /** Parts of one upload in flight at once. */
  queueSize?: number;
  /** Objects up to this size are published with one CopyObject (S3's limit: 5 GiB), larger ones part by part. */
  maxSingleCopyBytes?: number;
  /** Bytes per part when publishing by UploadPartCopy. */
  copyPartSize?: number;
  /** Keys or uploads per listing request (S3's maximum and default: 1000). */
  pageSize?: number;
}

export interface S3ContentStore extends ContentStore {
  readonly client: S3Client;
  /**
   * Writes a published object under a given id (`npm run content:migrate` keeps the ids the
   * database names): staged under a fresh staging key, then copied to `objects/<id>`, replacing
   * what was there. Not in ContentStore: the other writers let the store choose the id.
   */
  put(id: string, source: AsyncIterable<Buffer> | Readable): Promise<{ sizeInBytes: number }>;
  /** The size of a published object, or undefined when there is none. */
  sizeOf(id: string): Promise<number | undefined>;
  /** Releases the client's connections. */
  close(): void;
}

/**
 * Content in an S3-compatible bucket (ADR 0020): `<prefix>staging/<id>` while a write is in
 * progress (a multipart upload, aborted when it fails), `<prefix>objects/<id>` once published
 * (a server-side copy, then the staged object is deleted). Memory per upload is bounded by
 * (queueSize + 1) parts. The sweeper removes staged objects and aborts multipart uploads that
 * a crash abandoned.
 */
export function createS3ContentStore(options: S3ContentStoreOptions): S3ContentStore {
  const bucket = bucketOf(options);
  return {
    client: options.client,
    close: () => options.client.destroy(),
    stage: (source, limits) => stage(bucket, source, limits),
    publish: (staged) => publish(bucket, staged),
    discard: (staged) => deleteKey(bucket, bucket.stagingKey(staged.id)),
    read: (id, range) => read(bucket, id, range),
    // DeleteObject answers 204 for a key that is not there: removing twice is fine.
    remove: (id) => deleteKey(bucket, bucket.objectKey(id)),
    list: () => list(bucket),
    put: (id, source) => put(bucket, id, source),
    sizeOf: (id) => sizeOf(bucket, id),
    sweepStaging: (maxAgeMs) => sweepStaging(bucket, maxAgeMs),
  };
}

/** The store's bucket, its key layout and its transfer settings (the defaults filled in). */
interface Bucket {
  client: S3Client;
  name: string;
  prefix: string;
  stagingPrefix: string;
  objectsPrefix: string;
  partSize: number;
  queueSize: number;
  maxSingleCopyBytes: number;
  copyPartSize: number;
  pageSize: number;
  objectKey(id: string): string;
  stagingKey(id: string): string;
}

function bucketOf(options: S3ContentStoreOptions): Bucket {
  const { prefix } = options;
  const objectsPrefix = `${prefix}objects/`;
  const stagingPrefix = `${prefix}staging/`;
  return {
    client: options.client,
    name: options.bucket,
    prefix,
    stagingPrefix,
    objectsPrefix,
    partSize: options.partSize ?? 8 * MiB,
    queueSize: options.queueSize ?? 2,
    maxSingleCopyBytes: options.maxSingleCopyBytes ?? 5 * 1024 * MiB,
    copyPartSize: options.copyPartSize ?? 512 * MiB,
    pageSize: options.pageSize ?? 1000,
    objectKey: (id) => {
      if (!ID_PATTERN.test(id)) throw new Error(`invalid content id ${id}`);
      return `${objectsPrefix}${id}`;
    },
    stagingKey: (id) => `${stagingPrefix}${id}`,
  };
}

async function deleteKey(bucket: Bucket, key: string): Promise<void> {
  await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: key }));
}

async function stage(
  bucket: Bucket,
  source: Parameters<ContentStore['stage']>[0],
  limits?: StageLimits,
): Promise<StagedContent> {
  const id = randomUUID();
  const { partSize, queueSize } = bucket;
  const written = await upload(
    bucket.client,
    { bucket: bucket.name, key: bucket.stagingKey(id), partSize, queueSize },
    source,
    limits,
  );
  return { id, ...written };
}

async function publish(bucket: Bucket, staged: StagedContent): Promise<void> {
  const source = bucket.stagingKey(staged.id);
  const copy = { bucket: bucket.name, source, target: bucket.objectKey(staged.id), size: staged.sizeInBytes };
  const { maxSingleCopyBytes, copyPartSize } = bucket;
  await copyObject(bucket.client, copy, { maxSingleCopyBytes, copyPartSize });
  await deleteKey(bucket, source);
}

async function put(
  bucket: Bucket,
  id: string,
  source: AsyncIterable<Buffer> | Readable,
): Promise<{ sizeInBytes: number }> {
  const target = bucket.objectKey(id); // checks the id before anything is written
  const staged = await stage(bucket, source);
  const copy = { bucket: bucket.name, source: bucket.stagingKey(staged.id), target, size: staged.sizeInBytes };
  const { maxSingleCopyBytes, copyPartSize } = bucket;
  try {
    await copyObject(bucket.client, copy, { maxSingleCopyBytes, copyPartSize });
  } finally {
    await deleteKey(bucket, copy.source);
  }
  return { sizeInBytes: staged.sizeInBytes };
}

async function sizeOf(bucket: Bucket, id: string): Promise<number | undefined> {
  try {
    const head = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: bucket.objectKey(id) }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function read(bucket: Bucket, id: string, range?: { start: number; end: number }): Promise<Readable> {
  const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
  try {
    return (await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: bucket.objectKey(id), Range })))
      .Body as Readable;
  } catch (error) {
    if (isNotFound(error)) throw new ContentMissingError(id, { cause: error });
    throw error;
  }
}

async function* list(bucket: Bucket): AsyncIterable<{ id: string; ageMs: number }> {
  const now = Date.now();
  for await (const { key, lastModified } of keysUnder(
    bucket.client,
    bucket.name,
    bucket.objectsPrefix,
    bucket.pageSize,
  )) {
    const id = key.slice(bucket.objectsPrefix.length);
    if (ID_PATTERN.test(id)) yield { id, ageMs: now - lastModified };
  }
}

async function sweepStaging(bucket: Bucket, maxAgeMs: number): Promise<number> {
  const olderThan = Date.now() - maxAgeMs;
  let removed = 0;
  for await (const { key, lastModified } of keysUnder(
    bucket.client,
    bucket.name,
    bucket.stagingPrefix,
    bucket.pageSize,
  )) {
    if (lastModified < olderThan) {
      await deleteKey(bucket, key);
      removed += 1;
    }
  }
  // Uploads a crash interrupted: staging writes, and publishing copies of large objects.
  const { client, name, prefix, pageSize } = bucket;
  return removed + (await sweepMultipartUploads(client, { bucket: name, prefix, olderThan, pageSize }));
}

/** Keys under a prefix with their LastModified (ms), page by page (ListObjectsV2). */
async function* keysUnder(client: S3Client, bucket: string, keyPrefix: string, pageSize: number) {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken: token, MaxKeys: pageSize }),
    );
    for (const item of page.Contents ?? []) {
      if (item.Key) yield { key: item.Key, lastModified: item.LastModified?.getTime() ?? 0 };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Opens the store CONTENT_STORE=s3 configures: credentials from the SDK's default chain (the
 * standard AWS variables, profiles, instance roles), and the bucket checked with HeadBucket so that
 * a missing bucket, wrong credentials or an unreachable endpoint stop the start with a clear message.
 */
export async function openS3ContentStore(
  config: S3StoreSettings,
  extra: Pick<S3ClientConfig, 'credentials'> = {},
): Promise<S3ContentStore> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default (CRC32 on every request since
    // 3.729) is refused by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds a connection while it streams: more than the SDK's default 50.
    requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: 256 }, httpsAgent: { maxSockets: 256 } },
    ...extra,
  });
  try {
    await checkBucket(client, config);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return createS3ContentStore({ client, bucket: config.bucket, prefix: config.prefix });
}
