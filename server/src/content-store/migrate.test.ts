import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../testing/local-s3.ts';
import { ContentMissingError, type ContentStore } from './content-store.ts';
import { createFsContentStore } from './fs-content-store.ts';
import { migrateContent, type MigrationOutcome } from './migrate.ts';
import { createS3ContentStore, type S3ContentStore } from './s3-content-store.ts';

const MiB = 1024 * 1024;
let s3: LocalS3;
let client: S3Client;
let dirs: string[] = [];
let stores = 0;
beforeAll(async () => {
  s3 = await startLocalS3();
  client = s3.newClient();
});
afterAll(async () => {
  client.destroy();
  await s3.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

/** A filesystem store holding these contents, and an S3 store of its own (a fresh prefix); the ids by content. */
async function fixture(contents: Buffer[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-migrate-'));
  dirs.push(dir);
  const from = createFsContentStore(dir);
  const ids: string[] = [];
  for (const content of contents) {
    const staged = await from.stage(Readable.from([content]));
    await from.publish(staged);
    ids.push(staged.id);
  }
  const prefix = `m${++stores}/`;
  const to = createS3ContentStore({ client, bucket: s3.bucket, prefix, partSize: 5 * MiB });
  return { from, to, ids, prefix };
}

async function migrate(from: ContentStore, to: S3ContentStore) {
  const results: MigrationOutcome[] = [];
  const summary = await migrateContent({ from, to, concurrency: 2, onObject: (result) => results.push(result) });
  return { summary, results };
}

const readAll = async (store: ContentStore, id: string) => buffer(await store.read(id));

describe('content migration (filesystem store to S3)', () => {
  const contents = [Buffer.from('hello'), Buffer.alloc(0), randomBytes(12 * MiB + 17), randomBytes(1000)];

  it('copies every object under its own id, verified, and a rerun copies nothing', async () => {
    const { from, to, ids, prefix } = await fixture(contents);
    const first = await migrate(from, to);
    expect(first.summary).toEqual({
      copied: 4,
      skipped: 0,
      failed: 0,
      bytesCopied: contents.reduce((sum, c) => sum + c.length, 0),
    });
    for (const [i, id] of ids.entries()) expect((await readAll(to, id)).equals(contents[i]!)).toBe(true);
    // Published objects only: nothing left under staging/.
    expect((await s3.keys()).filter((k) => k.startsWith(prefix)).sort()).toEqual(
      ids.map((id) => `${prefix}objects/${id}`).sort(),
    );

    const second = await migrate(from, to);
    expect(second.summary).toEqual({ copied: 0, skipped: 4, failed: 0, bytesCopied: 0 });
  });

  it('copies again an object that differs in S3, by size or only by content', async () => {
    const { from, to, ids } = await fixture(contents);
    await migrate(from, to);
    const [small, , large, same] = ids as [string, string, string, string];
    const put = (id: string, body: Buffer) =>
      client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `m${stores}/objects/${id}`, Body: body }));
    await put(small, Buffer.from('hello, changed'));
    const corrupt = Buffer.from(contents[3]!);
    corrupt.writeUInt8(corrupt.readUInt8(500) ^ 0xff, 500); // same size, one byte flipped
    await put(same, corrupt);
    await to.remove(large);

    const { summary, results } = await migrate(from, to);
    expect(summary).toMatchObject({ copied: 3, skipped: 1, failed: 0 });
    expect(
      results
        .filter((r) => r.outcome === 'copied')
        .map((r) => r.id)
        .sort(),
    ).toEqual([small, large, same].sort());
    expect((await readAll(to, small)).toString()).toBe('hello');
    expect((await readAll(to, same)).equals(contents[3]!)).toBe(true);
    expect((await readAll(to, large)).equals(contents[2]!)).toBe(true);
  });

  it('reports an object that vanished between listing and reading as failed, and copies the others', async () => {
    const { from: fs, to, ids } = await fixture([Buffer.from('one'), Buffer.from('two'), Buffer.from('three')]);
    const lost = ids[1]!;
    // The server purges it while the migration runs: listed, then gone.
    const from: ContentStore = {
      ...fs,
      async *list() {
        for await (const entry of fs.list()) {
          if (entry.id === lost) await fs.remove(lost);
          yield entry;
        }
      },
    };
    const { summary, results } = await migrate(from, to);
    expect(summary).toMatchObject({ copied: 2, skipped: 0, failed: 1 });
    const failure = results.find((r) => r.outcome === 'failed');
    expect(failure?.id).toBe(lost);
    expect((failure as { error: unknown }).error).toBeInstanceOf(ContentMissingError);
    expect(await to.sizeOf(lost)).toBeUndefined();
    expect((await readAll(to, ids[2]!)).toString()).toBe('three');
  });
  it('reports a copy whose read-back digest differs as failed', async () => {
    const { from, to: s3Store, ids } = await fixture([Buffer.from('original')]);
    // A bucket that answers other bytes than it was sent.
    const to = { ...s3Store, read: async () => Readable.from([Buffer.from('origin4l')]) };
    const results: MigrationOutcome[] = [];
    const summary = await migrateContent({ from, to, onObject: (result) => results.push(result) });
    expect(summary).toMatchObject({ copied: 0, skipped: 0, failed: 1 });
    expect(results[0]).toMatchObject({ id: ids[0], outcome: 'failed' });
    expect(String((results[0] as { error: Error }).error.message)).toMatch(/^read back 8 bytes, SHA-256 /);
  });
});

describe('S3 content store: put under a given id', () => {
  it('writes, replaces, and refuses an id that is not a content id', async () => {
    const to = createS3ContentStore({ client, bucket: s3.bucket, prefix: `p${++stores}/` });
    const id = '0b6f5c1e-3d1a-4c47-9a5e-2f3b7d9e8a10';
    expect(await to.sizeOf(id)).toBeUndefined();
    expect(await to.put(id, Readable.from([Buffer.from('first')]))).toEqual({ sizeInBytes: 5 });
    await to.put(id, Readable.from([Buffer.from('second!')]));
    expect(await to.sizeOf(id)).toBe(7);
    expect((await readAll(to, id)).toString()).toBe('second!');
    await expect(to.put('../etc/passwd', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid content id/);
    expect((await s3.keys()).filter((k) => k.startsWith(`p${stores}/`))).toEqual([`p${stores}/objects/${id}`]);
  });
});
