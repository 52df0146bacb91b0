import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StoreSettings } from './settings.ts';
import { HEAD_BYTES, type ContentStore, type StageLimits, type StagedContent } from './content-store.ts';
import { checkBucket, isNotFound } from './s3-errors.ts';
import { copyObject, sweepMultipartUploads } from './s3-multipart.ts';

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
  const { client, bucket, prefix } = options;
  const partSize = options.partSize ?? 8 * MiB;
  const queueSize = options.queueSize ?? 2;
  const maxSingleCopyBytes = options.maxSingleCopyBytes ?? 5 * 1024 * MiB;
  const copyPartSize = options.copyPartSize ?? 512 * MiB;
  const pageSize = options.pageSize ?? 1000;
  const stagingPrefix = `${prefix}staging/`;
  const objectsPrefix = `${prefix}objects/`;
  const objectKey = (id: string): string => {
    if (!ID_PATTERN.test(id)) throw new Error(`invalid content id ${id}`);
    return `${objectsPrefix}${id}`;
  };
  const stagingKey = (id: string): string => `${stagingPrefix}${id}`;

  return {
    client,
    close: () => client.destroy(),

    async stage(source, limits?: StageLimits): Promise<StagedContent> {
      const id = randomUUID();
      const written = await upload(client, { bucket, key: stagingKey(id), partSize, queueSize }, source, limits);
      return { id, ...written };
    },

    async publish(staged) {
      const source = stagingKey(staged.id);
      const copy = { bucket, source, target: objectKey(staged.id), size: staged.sizeInBytes };
      await copyObject(client, copy, { maxSingleCopyBytes, copyPartSize });
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: source }));
    },

    async discard(staged) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stagingKey(staged.id) }));
    },

    async read(id, range) {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      try {
        return (await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(id), Range })))
          .Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw Object.assign(new Error(`no content ${id}`), { code: 'ENOENT', cause: error });
        throw error;
      }
    },

    async remove(id) {
      // DeleteObject answers 204 for a key that is not there: removing twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(id) }));
    },

    async *list() {
      const now = Date.now();
      for await (const { key, lastModified } of keysUnder(client, bucket, objectsPrefix, pageSize)) {
        const id = key.slice(objectsPrefix.length);
        if (ID_PATTERN.test(id)) yield { id, ageMs: now - lastModified };
      }
    },

    async sweepStaging(maxAgeMs) {
      const olderThan = Date.now() - maxAgeMs;
      let removed = 0;
      for await (const { key, lastModified } of keysUnder(client, bucket, stagingPrefix, pageSize)) {
        if (lastModified < olderThan) {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
          removed += 1;
        }
      }
      // Uploads a crash interrupted: staging writes, and publishing copies of large objects.
      return removed + (await sweepMultipartUploads(client, { bucket, prefix, olderThan, pageSize }));
    },
  };
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
 * Streams the source to one object: a PutObject up to one part, else a multipart upload that
 * Upload aborts when it fails. Rethrows what the source or the limit check threw, if they did.
 */
async function upload(
  client: S3Client,
  target: { bucket: string; key: string; partSize: number; queueSize: number },
  source: AsyncIterable<Buffer> | Readable,
  limits: StageLimits | undefined,
): Promise<{ sizeInBytes: number; head: Buffer }> {
  const counted = countAndCheck(source, limits);
  const chunks = counted.chunks();
  // A web stream, pulled a chunk at a time: Upload reads one of those without destroying it when
  // a part fails (it destroys a Node Readable, which would hide S3's error behind an AbortError).
  const body = new ReadableStream<Buffer>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const { bucket, key, partSize, queueSize } = target;
  try {
    await new Upload({ client, partSize, queueSize, params: { Bucket: bucket, Key: key, Body: body } }).done();
  } catch (error) {
    // Upload has aborted the multipart upload (or left it to the sweeper when that failed too).
    // The source is ended, as a `for await` that stops would end it (once a read in progress
    // returns: not awaited, so a stalled client does not hold the answer).
    void chunks.return(undefined).catch(() => undefined);
    throw counted.failure() ?? error;
  }
  return { sizeInBytes: counted.size(), head: counted.head() };
}

/**
 * The source's chunks, counted and checked against the limits; the first bytes kept for type
 * detection. `failure()` is what the source or the limit check threw, so stage() rethrows that
 * rather than an error of the upload it caused.
 */
function countAndCheck(source: AsyncIterable<Buffer> | Readable, limits: StageLimits | undefined) {
  let size = 0;
  let failure: unknown;
  const headChunks: Buffer[] = [];
  let headSize = 0;
  return {
    async *chunks(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          limits?.check?.(size);
          if (headSize < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          yield chunk;
        }
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    size: () => size,
    head: () => Buffer.concat(headChunks),
    failure: () => failure,
  };
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
