import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../testing/local-s3.ts';
import { ContentMissingError, type StagedContent } from './content-store.ts';
import { describeContentStore } from './content-store.test-suite.ts';
import { createS3ContentStore, openS3ContentStore, type S3ContentStore } from './s3-content-store.ts';

let s3: LocalS3;
let client: S3Client;
let stores = 0;
/** The commands the client sent, by name. */
const sent: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
  client = s3.newClient();
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

const MiB = 1024 * 1024;
/** A store of its own under a fresh prefix, so tests (and their sweeps) do not meet. */
const aStore = (options: { maxSingleCopyBytes?: number; copyPartSize?: number; pageSize?: number } = {}) =>
  createS3ContentStore({ client, bucket: s3.bucket, prefix: `t${++stores}/`, partSize: 5 * MiB, ...options });
const keysOf = async (prefix: string) => (await s3.keys()).filter((k) => k.startsWith(prefix));
const uploadsOf = async (prefix: string) => (await s3.uploadsInProgress()).filter((k) => k.startsWith(prefix));
/** What `action` sent. */
async function sentBy(action: () => Promise<unknown>): Promise<string[]> {
  const from = sent.length;
  await action();
  return sent.slice(from);
}
/** `count` chunks of 1 MiB of random bytes, and all of them. */
function megabytes(count: number) {
  const chunks = Array.from({ length: count }, () => randomBytes(MiB));
  return { chunks, all: Buffer.concat(chunks) };
}

describeContentStore('S3 (s3rver)', async () => aStore());

describe('S3 content store', () => {
  it('keeps staged objects under staging/ and published ones under objects/', async () => {
    const store = aStore();
    const prefix = `t${stores}/`;
    const staged = await store.stage(Readable.from([Buffer.from('abc')]));
    expect(await keysOf(prefix)).toEqual([`${prefix}staging/${staged.id}`]);
    await store.publish(staged);
    expect(await keysOf(prefix)).toEqual([`${prefix}objects/${staged.id}`]);
  });

  it('streams a large upload as a multipart upload and reads it back whole and by range', async () => {
    const store = aStore();
    const { chunks, all } = megabytes(12); // three 5 MiB parts (the last one short)
    let staged: StagedContent | undefined;
    const commands = await sentBy(async () => (staged = await store.stage(Readable.from(chunks))));
    if (!staged) throw new Error('not staged');
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(staged.sizeInBytes).toBe(all.length);
    expect(staged.head.equals(all.subarray(0, 64 * 1024))).toBe(true);
    await store.publish(staged);
    expect((await buffer(await store.read(staged.id))).equals(all)).toBe(true);
    const range = { start: 5 * MiB - 10, end: 5 * MiB + 9 };
    expect((await buffer(await store.read(staged.id, range))).equals(all.subarray(range.start, range.end + 1))).toBe(
      true,
    );
  });

  it('aborts the multipart upload when the limit check throws after parts were sent', async () => {
    const store = aStore();
    const prefix = `t${stores}/`;
    const tooBig = new Error('too big');
    const check = (n: number) => {
      if (n > 11 * MiB) throw tooBig;
    };
    const commands = await sentBy(() =>
      expect(store.stage(Readable.from(megabytes(13).chunks), { check })).rejects.toBe(tooBig),
    );
    expect(commands).toContain('UploadPartCommand');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(await uploadsOf(prefix)).toEqual([]);
    expect(await keysOf(prefix)).toEqual([]);
  });

  it('aborts the multipart upload when the source fails midway (a client that went away)', async () => {
    const store = aStore();
    const prefix = `t${stores}/`;
    let ended = false;
    async function* disconnecting() {
      try {
        for (const chunk of megabytes(7).chunks) yield chunk;
        throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      } finally {
        ended = true;
      }
    }
    const commands = await sentBy(() => expect(store.stage(disconnecting())).rejects.toThrow('aborted'));
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(ended).toBe(true);
    expect(await uploadsOf(prefix)).toEqual([]);
    expect(await keysOf(prefix)).toEqual([]);
  });

  it('aborts the multipart upload when S3 fails a part, and stops reading the source', async () => {
    const store = aStore();
    const prefix = `t${stores}/`;
    let parts = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'UploadPartCommand' && ++parts === 2) throw new Error('part refused');
        return next(args);
      },
      { step: 'initialize', name: 'failSecondPart' },
    );
    let read = 0;
    async function* counting() {
      for (const chunk of megabytes(30).chunks) {
        read += 1;
        yield chunk;
      }
    }
    try {
      await expect(store.stage(counting())).rejects.toThrow('part refused');
    } finally {
      client.middlewareStack.remove('failSecondPart');
    }
    expect(read).toBeLessThan(30);
    expect(await uploadsOf(prefix)).toEqual([]);
    expect(await keysOf(prefix)).toEqual([]);
  });

  it('publishes an object over the single-copy limit part by part (UploadPartCopy)', async () => {
    const store = aStore({ maxSingleCopyBytes: 2 * MiB, copyPartSize: MiB });
    const { chunks, all } = megabytes(3);
    const staged = await store.stage(Readable.from([...chunks, Buffer.from('tail')]));
    const commands = await sentBy(() => store.publish(staged));
    expect(commands.filter((c) => c === 'UploadPartCopyCommand')).toHaveLength(4);
    const read = await buffer(await store.read(staged.id));
    expect(read.equals(Buffer.concat([all, Buffer.from('tail')]))).toBe(true);
    expect(await keysOf(`t${stores}/`)).toEqual([`t${stores}/objects/${staged.id}`]);
  });

  it('sweeps multipart uploads a crash abandoned, page by page, and none that sent a part within the grace', async () => {
    const store = aStore({ pageSize: 2 });
    const prefix = `t${stores}/`;
    const start = async (key: string) => {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
      await client.send(
        new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: randomBytes(5 * MiB) }),
      );
    };
    await start(`${prefix}staging/crashed`);
    await start(`${prefix}staging/crashed-too`);
    await start(`${prefix}objects/crashed-copy`);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}staging/left`, Body: 'x' }));
    // A minute's grace: the parts were sent just now, so nothing is stale yet.
    expect(await store.sweepStaging(60_000)).toBe(0);
    expect(await uploadsOf(prefix)).toHaveLength(3);
    let swept = 0;
    const commands = await sentBy(async () => (swept = await store.sweepStaging(-1)));
    expect(swept).toBe(4);
    expect(commands.filter((c) => c === 'ListMultipartUploadsCommand')).toHaveLength(2);
    expect(await uploadsOf(prefix)).toEqual([]);
    expect(await keysOf(prefix)).toEqual([]);
  });

  it('leaves alone an upload started long ago that is still sending parts', async () => {
    const store = aStore();
    const prefix = `t${stores}/`;
    const Key = `${prefix}staging/slow`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await client.send(
      new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: 1, Body: randomBytes(10) }),
    );
    // Started over 1 s ago, but its last part came within the 0.7 s grace.
    expect(await store.sweepStaging(700)).toBe(0);
    expect(await uploadsOf(prefix)).toEqual([Key]);
    expect(await store.sweepStaging(-1)).toBe(1);
  });

  it('lists every page, with ages from LastModified, skipping keys that are not content ids', async () => {
    const store = aStore({ pageSize: 2 });
    const prefix = `t${stores}/`;
    const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const put = (key: string) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.alloc(0) }));
    await Promise.all([...ids.map((id) => put(`${prefix}objects/${id}`)), put(`${prefix}objects/README`)]);
    const listed: { id: string; ageMs: number }[] = [];
    const commands = await sentBy(async () => {
      for await (const item of store.list()) listed.push(item);
    });
    expect(commands.filter((c) => c === 'ListObjectsV2Command')).toHaveLength(3);
    expect(listed.map((i) => i.id).sort()).toEqual(ids);
    for (const { ageMs } of listed) expect(ageMs).toBeGreaterThanOrEqual(0);
    for (const { ageMs } of listed) expect(ageMs).toBeLessThan(60_000);
  });

  it('reads missing content as ContentMissingError and refuses an id that is not one', async () => {
    const store = aStore();
    await expect(store.read('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(ContentMissingError);
    await expect(store.read('../../etc/passwd')).rejects.toThrow('invalid content id');
  });
});

describe('opening the S3 store', () => {
  const config = () => ({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    prefix: '',
    forcePathStyle: true,
  });
  const credentials = () => ({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });

  it('checks the bucket with HeadBucket', async () => {
    const store: S3ContentStore = await openS3ContentStore(config(), credentials());
    const staged = await store.stage(Readable.from([Buffer.from('opened')]));
    await store.publish(staged);
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `objects/${staged.id}` }));
    expect(await object.Body?.transformToString()).toBe('opened');
    store.close();
  });

  it('stops with a message naming S3_BUCKET when the bucket does not exist', async () => {
    await expect(openS3ContentStore({ ...config(), bucket: 'no-such-bucket' }, credentials())).rejects.toThrow(
      /CONTENT_STORE=s3: the bucket "no-such-bucket" \(S3_BUCKET\) does not exist at http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  it('stops with a message naming S3_ENDPOINT when nothing answers there', async () => {
    const closed = await startLocalS3();
    const endpoint = closed.endpoint;
    await closed.close();
    await expect(openS3ContentStore({ ...config(), endpoint }, credentials())).rejects.toThrow(
      `CONTENT_STORE=s3: cannot reach the S3 endpoint ${endpoint} (S3_ENDPOINT): ECONNREFUSED`,
    );
  });
});
