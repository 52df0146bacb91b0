import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { ContentStore } from './content-store/content-store.ts';
import { openContentStore } from './content-store/open-content-store.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import type { Transact } from './db/group-commit.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerCors } from './http/cors.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { answerClientError } from './http/client-error.ts';
import { redactCredentials, requestForLog } from './http/request-log.ts';
import { requestLogger } from './http/request-logger.ts';
import { errorBody } from './http/errors.ts';
import { loadContract } from './http/openapi.ts';
import { registerOperations } from './http/routes.ts';
import { createHandlers } from './handlers.ts';
import { startLiveEvents, type LiveEvents } from './modules/events/live-events.ts';
import { MAX_FIELD_BYTES } from './modules/nodes/content/multipart.ts';
import { sweepContent } from './modules/nodes/content/content-sweeper.ts';
import { startDownloadJobs } from './modules/nodes/downloads/download-loop.ts';
import { sweepDownloads } from './modules/nodes/downloads/download-sweeper.ts';
import type { SystemNodes } from './modules/nodes/core/special-nodes.ts';
import { hashPassword } from './modules/people/passwords.ts';
import { PROJECT_ROOT } from './paths.ts';
import { startTextExtraction } from './modules/search/extract/text-extraction.ts';
import type { ServerInstance } from './modules/system/server-instances.ts';
import { createServices, type Services } from './services.ts';
import { closeConnectionsOnShutdown } from './shutdown.ts';
import { scheduleSweeps } from './sweeper.ts';
import { serveWebApp } from './web-app.ts';

export interface AppDeps {
  /** Defaults to the store CONTENT_STORE names: files under DATA_DIR/content, or an S3 bucket. */
  contentStore?: ContentStore;
  /** Directory of the built web app (defaults to ./dist next to package.json); served when it exists. */
  webRoot?: string;
  /** How often the content sweeper runs (default SWEEP_INTERVAL_SECONDS; 0 = never). */
  sweepIntervalMs?: number;
  /** false: downloads' zips are built only when `runDownloads` is called (tests); default true. */
  downloadJobs?: boolean;
  /**
   * Tests only: wraps the services' write-transaction runner (`database.transact`: uploads,
   * creates), so that a test can make a transaction that committed look failed to its caller, as a
   * connection lost while COMMIT is in flight does. Unset, the services get the runner as opened.
   */
  wrapTransact?: (transact: Transact) => Transact;
}

export interface App {
  fastify: FastifyInstance;
  database: DatabaseHandle;
  systemNodes: SystemNodes;
  contentStore: ContentStore;
  /** This server instance (its id, heartbeat and lease: ADR 0005). */
  instance: ServerInstance;
  /** Runs the content sweeper once now (tests and operations); graceMs defaults to SWEEP_GRACE_SECONDS. */
  sweep(graceMs?: number): ReturnType<typeof sweepContent>;
  /** Purges the trash items older than TRASH_RETENTION_DAYS once now (tests and operations). */
  purgeTrash(now?: number): Promise<{ purged: number }>;
  /** Reads the text of every content waiting for it now (tests and operations); how many were read. */
  extractText(): Promise<number>;
  /** Live updates: the event hub, and the event log's prune run once now (tests and operations; ADR 0022). */
  events: Pick<LiveEvents, 'hub' | 'prune'>;
  /** Builds the zip of every download waiting for one now (tests and operations); how many were built. */
  runDownloads(): Promise<number>;
  /** Removes the downloads older than DOWNLOAD_RETENTION_MINUTES (at `now`) and their zips, once now. */
  sweepDownloads(now?: number): Promise<{ downloads: number }>;
}

/** Multipart limits: the file is unlimited here (its limits are checked as it streams in). */
const MULTIPART_LIMITS = {
  fileSize: Number.POSITIVE_INFINITY,
  fields: 200,
  fieldSize: MAX_FIELD_BYTES,
  parts: 210,
  headerPairs: 200,
};

/** The Fastify instance: logging (credentials redacted), proxies, and errors answered before routing. */
function createFastify(config: Config): FastifyInstance {
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
      serializers: { req: requestForLog },
    },
    childLoggerFactory: requestLogger,
    forceCloseConnections: 'idle',
    // Behind a reverse proxy, the client address (request.ip) comes from X-Forwarded-For as far as
    // the proxies named here wrote it.
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify answers longer path parameters with a bare 414 of its own; ids are checked by the
    // contract's schemas instead, so an over-long one is the operation's 400 or 404.
    routerOptions: { maxParamLength: 1000 },
    // What Fastify refuses before routing (a malformed URL) gets the interface's error object too.
    frameworkErrors: (error, request, reply) => {
      const reason = redactCredentials(error.message);
      request.log.info({ reason }, 'request refused');
      void (reply as FastifyReply)
        .code(400)
        .header('cache-control', 'no-cache')
        .send(errorBody(400, 'framework.exception.InvalidArgument', `Invalid request: ${reason}`));
    },
    // So does what Node's HTTP parser refuses (headers too large, a malformed request).
    clientErrorHandler: answerClientError,
  });
}

/** buildApp(config, deps): database, content store, bootstrap, services, routes, the web app, the sweeper. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // First, so that an unreachable S3 endpoint or a missing bucket stops the start before anything else.
  const content = deps.contentStore
    ? { store: deps.contentStore, close: () => undefined }
    : await openContentStore(config.contentStore, config.dataDir);
  const contentStore = content.store;
  const fastify = createFastify(config);
  // A first start hashes the admin password (scrypt, off the main thread) while the database is
  // created and migrated, rather than after.
  const freshSqlite = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'quire.sqlite'));
  const adminPasswordHash = freshSqlite ? hashPassword(config.adminPassword, config.passwordHashCost) : undefined;
  adminPasswordHash?.catch(() => undefined);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  fastify.addHook('onClose', async () => database.close());
  fastify.addHook('onClose', async () => content.close());
  const served = deps.wrapTransact ? { ...database, transact: deps.wrapTransact(database.transact) } : database;
  const services = await createServices({
    ...{ config, database: served, contentStore, adminPasswordHash },
    log: fastify.log,
  });

  closeConnectionsOnShutdown(fastify);
  installErrorHandler(fastify);
  await registerCors(fastify, config.corsOrigins);
  const contract = loadContract();
  const interval = deps.sweepIntervalMs ?? config.sweepIntervalSeconds * 1000;
  const events = await startLiveEvents(fastify, {
    ...{ config, database, acls: services.repos.acls },
    recheck: services.authenticator.recheck,
  });
  scheduleSweeps(fastify, interval, () => events.prune(), 'event log prune', database.db);
  const handlers = await createHandlers(services, config, database, contract, events);
  registerOperations(fastify, contract, handlers, services.authenticator, {
    // Multipart (uploads) only where bodies are taken: its hooks (a promise each and a listener on
    // every response, for temporary files Quire never saves) would cost every other request (docs/performance.md).
    bodyPlugins: (scope) => scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS }),
  });
  registerApiDocs(fastify, contract);
  await serveWebApp(fastify, contract, deps.webRoot ?? path.join(PROJECT_ROOT, 'dist'));

  const { repos } = services;
  const sweep = (graceMs = config.sweepGraceSeconds * 1000) =>
    sweepContent(database.db, contentStore, repos.content, graceMs, repos.downloads.zipsAmong);
  scheduleSweeps(fastify, interval, () => sweep(), 'content sweep', database.db);
  const purgeTrash = (now = Date.now()) => services.trash.purgeExpired(config.trashRetentionDays, now);
  if (config.trashRetentionDays > 0) scheduleSweeps(fastify, interval, () => purgeTrash(), 'trash purge', database.db);
  const extraction = startTextExtraction(fastify, {
    ...{ database, contentStore, content: services.repos.content, threads: config.textExtractionThreads },
  });
  const extractText = async () => (extraction ? extraction.drain() : 0);
  const downloads = startDownloads(fastify, { config, database, contentStore, services, interval }, deps.downloadJobs);
  // Before the database closes (onClose hooks run last registered first): its EPHEMERAL locks end.
  fastify.addHook('onClose', async () => services.instance.retire());
  const { systemNodes, instance } = services;
  return {
    ...{ fastify, database, systemNodes, contentStore, instance, sweep, purgeTrash, extractText, events },
    ...downloads,
  };
}

/** Zip downloads: this instance's jobs (unless `automatic` is false: tests) and the download sweeper. */
function startDownloads(
  fastify: FastifyInstance,
  parts: { config: Config; database: DatabaseHandle; contentStore: ContentStore; services: Services; interval: number },
  automatic: boolean | undefined,
): Pick<App, 'runDownloads' | 'sweepDownloads'> {
  const { config, database, contentStore, services } = parts;
  const { repos } = services;
  const jobs = startDownloadJobs(
    fastify,
    database,
    {
      ...{ contentStore, repos, access: services.access, limits: config.downloads },
      principalFor: services.authenticator.principalFor,
    },
    automatic,
  );
  const retentionMs = config.downloads.retentionMinutes * 60_000;
  const sweep = (now = Date.now()) => sweepDownloads({ db: database.db, contentStore, repos }, retentionMs, now);
  scheduleSweeps(fastify, parts.interval, () => sweep(), 'download sweep', database.db);
  return { runDownloads: () => jobs.drain(), sweepDownloads: sweep };
}

/** TRUST_PROXY as Fastify takes it: a hop count n trusts the n nearest hops (as proxy-addr does). */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return typeof value === 'boolean' ? value : [...value];
}
