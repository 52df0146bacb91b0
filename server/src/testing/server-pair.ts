import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { createApiClient, type ApiClient } from './api-client.ts';
import { startLocalS3, type LocalS3 } from './local-s3.ts';
import { freePort, startServerProcess, stopServerProcess, waitForReady, type ServerProcess } from './server-process.ts';
import { createPostgresDatabase } from './test-database.ts';

export interface PairedProcess {
  proc: ServerProcess;
  baseUrl: string;
  /** A client signed in as admin that validates every response against the contract. */
  api: ApiClient;
}

/**
 * Two server processes on one fresh PostgreSQL database and one S3 bucket (the local s3rver), each
 * with a data directory of its own, so nothing is shared but the database and the bucket.
 */
export interface ServerPair {
  a: PairedProcess;
  b: PairedProcess;
  databaseUrl: string;
  s3: LocalS3;
  /** Runs one SQL statement on the pair's database. */
  query<R extends object>(text: string, values?: unknown[]): Promise<R[]>;
  /** The bucket as the AWS SDK lists it: every key, and the keys of multipart uploads in progress. */
  bucket(): Promise<{ keys: string[]; uploads: string[] }>;
  /** Kills both processes (SIGKILL), drops the database, removes the bucket and the directories. */
  close(): Promise<void>;
}

/** Starts both processes at once (the migrator's lock makes one of them migrate); `env` is added to each's. */
export async function startServerPair(env: Record<string, string> = {}): Promise<ServerPair> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const s3 = await startLocalS3();
    cleanups.push(() => s3.close());
    const start = async (): Promise<PairedProcess> => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'quire-pair-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const proc = startServerProcess({
        ...{ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: 'admin' },
        ...{ CONTENT_STORE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_FORCE_PATH_STYLE: 'true' },
        ...{ AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey },
        ...{ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', TEXT_EXTRACTION_THREADS: '0' },
        ...env,
      });
      cleanups.push(() => stopServerProcess(proc));
      await waitForReady(port, proc);
      const baseUrl = `http://127.0.0.1:${port}`;
      return { proc, baseUrl, api: createApiClient(baseUrl, { user: 'admin', password: 'admin' }) };
    };
    // Both settled before a failure closes anything, so no process starts after the clean-up.
    const [a, b] = await Promise.allSettled([start(), start()]);
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    const client = s3.newClient();
    cleanups.push(async () => client.destroy());
    return {
      a: a.value,
      b: b.value,
      databaseUrl: database.url,
      s3,
      async query<R extends object>(text: string, values: unknown[] = []) {
        const pgClient = new pg.Client({ connectionString: database.url });
        await pgClient.connect();
        try {
          return (await pgClient.query<R>(text, values)).rows;
        } finally {
          await pgClient.end();
        }
      },
      bucket: () => listBucket(client, s3.bucket),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function listBucket(client: S3Client, bucket: string): Promise<{ keys: string[]; uploads: string[] }> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  // Fewer than a page of uploads in progress in these tests.
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  return { keys: keys.sort(), uploads: (uploads.Uploads ?? []).map((u) => u.Key!) };
}
