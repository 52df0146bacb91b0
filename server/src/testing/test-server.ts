import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App, type AppDeps } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { createPostgresDatabase, testDialect } from './test-database.ts';

export interface TestServer {
  app: App;
  baseUrl: string;
  dataDir: string;
  /** The PostgreSQL database of this server (undefined on SQLite, whose file is in dataDir). */
  databaseUrl: string | undefined;
  /** A client signed in as admin that validates every response against the contract. */
  api: ApiClient;
  /** Stops the server and starts a new one on the same data directory and database. */
  restart(): Promise<void>;
  /**
   * A second instance on the same data directory and database, as several instances on one
   * PostgreSQL database run (closed with this server). PostgreSQL only.
   */
  startPeer(): Promise<{ app: App; baseUrl: string; api: ApiClient }>;
  close(): Promise<void>;
}

/** scrypt's cost (log2 N) for the passwords of test servers: 16 times cheaper than the default. */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * A real server on 127.0.0.1 with a fresh data directory and a fresh database (SQLite, or
 * PostgreSQL under the server-postgres project). `env` overrides configuration keys; `webRoot` is
 * a built web app to serve (none by default); `downloadJobs: false` builds downloads' zips only when
 * the test calls `app.runDownloads()`; `wrapTransact` wraps the services' write transactions (app.ts).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<AppDeps, 'webRoot' | 'downloadJobs' | 'wrapTransact'> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'quire-test-'));
  const pg = testDialect === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // TEST_LOG_LEVEL=error shows what a 500 in a test was (the answer names only its logId).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_PASSWORD: 'admin',
    // Worker threads reading text start only where a test asks for them (search tests do).
    TEXT_EXTRACTION_THREADS: '0',
    // The suites hash and check about 750 passwords per database: at the default cost (2^14) that
    // was half of the server tests' CPU. The default's own cost is what main.api.test and e2e run.
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const start = async (port: number) => {
    const app = await buildApp(config, {
      sweepIntervalMs: 0,
      downloadJobs: options.downloadJobs,
      wrapTransact: options.wrapTransact,
      webRoot: options.webRoot ?? path.join(dataDir, 'no-web-app'),
    });
    await app.fastify.listen({ port, host: '127.0.0.1' });
    return app;
  };
  const app = await start(0);
  const peers: App[] = [];
  const { port } = app.fastify.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: TestServer = {
    app,
    baseUrl,
    dataDir,
    databaseUrl: pg?.url,
    api: createApiClient(baseUrl, { user: 'admin', password: 'admin' }),
    async restart() {
      await server.app.fastify.close();
      // Let the client's pooled keep-alive sockets see the close before they are reused.
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.app = await start(port);
    },
    async startPeer() {
      if (!pg) throw new Error('A second instance shares a PostgreSQL database only');
      const peer = await start(0);
      peers.push(peer);
      const peerUrl = `http://127.0.0.1:${(peer.fastify.server.address() as AddressInfo).port}`;
      return { app: peer, baseUrl: peerUrl, api: createApiClient(peerUrl, { user: 'admin', password: 'admin' }) };
    },
    async close() {
      for (const peer of peers) if (peer.fastify.server.listening) await peer.fastify.close();
      await server.app.fastify.close();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export const API = '/alfresco/api/-default-/public/alfresco/versions/1';
