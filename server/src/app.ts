import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { createFsContentStore } from './content-store/fs-content-store.ts';
import type { ContentStore } from './content-store/content-store.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { createAuthenticator, IDENTITY_TABLES } from './http/auth.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerCors } from './http/cors.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { answerClientError } from './http/client-error.ts';
import { redactCredentials, requestForLog } from './http/request-log.ts';
import { errorBody, errorBodyIn } from './http/errors.ts';
import { envelopeOfPath, loadContract, methodsOfPath, type Contract } from './http/openapi.ts';
import { registerOperations } from './http/routes.ts';
import { createContentRepository } from './modules/content/content.repository.ts';
import { contentRoutes, MAX_FIELD_BYTES } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { sweepContent } from './modules/content/content-sweeper.ts';
import { classDefinitionRoutes } from './modules/dictionary/class-definitions.routes.ts';
import { createDictionary } from './modules/dictionary/dictionary.ts';
import { discoveryRoutes } from './modules/discovery/discovery.routes.ts';
import { directAccessRoutes } from './modules/direct-access/direct-access.routes.ts';
import { sharedSecret } from './modules/direct-access/server-secret.ts';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.ts';
import { createFavoritesPresenter } from './modules/favorites/favorites.presenter.ts';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { locksRoutes } from './modules/locks/locks.routes.ts';
import { createLocksService } from './modules/locks/locks.service.ts';
import { copyMoveRoutes } from './modules/nodes/copy-move.routes.ts';
import { createCopyMoveService } from './modules/nodes/copy-move.service.ts';
import { createNodesPresenter } from './modules/nodes/nodes.presenter.ts';
import { createNodesRepository } from './modules/nodes/nodes.repository.ts';
import { nodesRoutes } from './modules/nodes/nodes.routes.ts';
import { createNodesService } from './modules/nodes/nodes.service.ts';
import { createOrgchartRepository } from './modules/orgchart/orgchart.repository.ts';
import { orgchartRoutes } from './modules/orgchart/orgchart.routes.ts';
import { createOrgchartService } from './modules/orgchart/orgchart.service.ts';
import { createPeopleRepository } from './modules/people/people.repository.ts';
import { createDisplayNames } from './modules/people/display-names.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { createPeopleService } from './modules/people/people.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createTicketsRepository } from './modules/auth/tickets.repository.ts';
import { ticketsRoutes } from './modules/auth/tickets.routes.ts';
import { createGroupsRepository } from './modules/groups/groups.repository.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { createGroupsService } from './modules/groups/groups.service.ts';
import { createAclsRepository } from './modules/permissions/acls.repository.ts';
import { createAclsService } from './modules/permissions/acls.service.ts';
import { createAccessService } from './modules/permissions/access.service.ts';
import { createVersionsRepository } from './modules/versions/versions.repository.ts';
import { createAssociationsRepository } from './modules/associations/associations.repository.ts';
import { associationsRoutes } from './modules/associations/associations.routes.ts';
import { createAssociationsService } from './modules/associations/associations.service.ts';
import { versionsRoutes } from './modules/versions/versions.routes.ts';
import { createVersionsService } from './modules/versions/versions.service.ts';
import { probesRoutes } from './modules/probes/probes.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createRenditionsRepository } from './modules/renditions/renditions.repository.ts';
import { renditionsRoutes } from './modules/renditions/renditions.routes.ts';
import { createRenditionsService } from './modules/renditions/renditions.service.ts';
import { createSiteMembersService } from './modules/sites/site-members.service.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { bootstrap, type SystemNodes } from './modules/system/bootstrap.ts';
import { PROJECT_ROOT } from './paths.ts';
import { hashPassword } from './modules/people/passwords.ts';

export interface AppDeps {
  /** Defaults to the file-system store under DATA_DIR/content. */
  contentStore?: ContentStore;
  /** Directory of the built web app (defaults to ./dist next to package.json); served when it exists. */
  webRoot?: string;
  /** How often the content sweeper runs (default hourly; 0 = never). */
  sweepIntervalMs?: number;
}

export interface App {
  fastify: FastifyInstance;
  database: DatabaseHandle;
  systemNodes: SystemNodes;
  contentStore: ContentStore;
  /** Runs the content sweeper once now (tests and operations). */
  sweep(graceMs?: number): ReturnType<typeof sweepContent>;
}

const SWEEP_GRACE_MS = 60 * 60_000;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
      serializers: { req: requestForLog },
    },
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
  // A first start hashes the admin password (scrypt, off the main thread) while the database is
  // created and migrated, rather than after.
  const freshSqlite = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'quire.sqlite'));
  const adminPasswordHash = freshSqlite ? hashPassword(config.adminPassword) : undefined;
  adminPasswordHash?.catch(() => undefined);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  fastify.addHook('onClose', async () => database.close());
  const { db } = database;

  const contentStore = deps.contentStore ?? createFsContentStore(path.join(config.dataDir, 'content'));
  // People's display names on nodes, remembered; any write to people in this process forgets them.
  const displayNames = createDisplayNames();
  database.writes.watch(['people'], () => displayNames.forgetAll());
  const repos = {
    nodes: createNodesRepository(displayNames),
    people: createPeopleRepository(),
    content: createContentRepository(),
    versions: createVersionsRepository(),
    associations: createAssociationsRepository(),
    renditions: createRenditionsRepository(),
    groups: createGroupsRepository(),
    tickets: createTicketsRepository(),
    acls: createAclsRepository(),
    sites: createSitesRepository(database.dialect),
    favorites: createFavoritesRepository(),
    orgchart: createOrgchartRepository(),
  };
  const acls = createAclsService(repos.acls);
  const access = createAccessService({ db, acls: repos.acls });
  const { systemNodes, created } = await bootstrap(
    db,
    repos,
    acls,
    () => adminPasswordHash ?? hashPassword(config.adminPassword),
  );
  if (created && config.adminPasswordIsDefault) {
    fastify.log.warn(
      'The admin account was created with the default password "admin": set ADMIN_PASSWORD or change it.',
    );
  }

  const dictionary = createDictionary();
  const associations = createAssociationsService({ db, repos });
  const nodes = createNodesService({
    associations,
    db,
    transact: database.transact,
    dictionary,
    namePolicy: config.namePolicy,
    maxFolderDepth: config.maxFolderDepth,
    systemNodes,
    contentStore,
    access,
    acls,
    repos,
  });
  const content = createContentService({
    access,
    db,
    transact: database.transact,
    dictionary,
    namePolicy: config.namePolicy,
    contentStore,
    maxFileBytes: config.contentMaxFileBytes,
    quotaBytes: config.contentQuotaBytes,
    repos,
  });
  const favorites = createFavoritesService({ db, access, systemNodes, repos });
  const present = createNodesPresenter(nodes, access, favorites);
  const locks = createLocksService({ db, nodes: repos.nodes, access });
  const versions = createVersionsService({ db, contentStore, repos });
  const renditions = createRenditionsService({ db, repos });
  const copyMove = createCopyMoveService({
    db,
    namePolicy: config.namePolicy,
    maxFolderDepth: config.maxFolderDepth,
    systemNodes,
    access,
    acls,
    repos,
  });
  const throttle = createLoginThrottle(db);
  const authenticator = createAuthenticator({
    db,
    onIdentityWrite: (listener) => database.writes.watch(IDENTITY_TABLES, listener),
    people: repos.people,
    groups: repos.groups,
    tickets: repos.tickets,
    throttle,
  });
  const people = createPeopleService({
    db,
    systemNodes,
    acls,
    repos,
    throttle,
    passwordMinLength: config.passwordMinLength,
    onCredentialsRevoked: () => authenticator.forgetPrincipals(),
  });
  const groups = createGroupsService({
    db,
    groups: repos.groups,
    people: repos.people,
    acls,
    hiddenFrom: (principal) => sites.hiddenGroups(principal),
  });
  const sites = createSitesService({ db, systemNodes, access, acls, nodes, repos, addToFavorites: favorites.addSite });
  const siteMembers = createSiteMembersService({ db, sites, repos });
  const orgchart = createOrgchartService({ db, repos, acls });
  // Ephemeral locks live only as long as the server that is starting now.
  await repos.nodes.clearEphemeralLocks(db);

  // Graceful shutdown: answers to in-flight requests close their connection; connections that
  // turn idle after close() began are closed too (close() alone only closes those idle at that
  // moment, leaving the others to the keep-alive timeout); after 30 s everything is cut. Requests
  // that arrive after close() began get Fastify's own 503 with `Connection: close`.
  // Open connections are tracked (a listener per connection, not per request) so that the answer
  // each one is still working on can be told to close it.
  const sockets = new Set<Socket>();
  fastify.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  fastify.addHook('preClose', async () => {
    for (const socket of sockets) {
      // The response a socket is busy with (Node's own link from a socket to its response).
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (response && !response.headersSent) response.shouldKeepAlive = false;
    }
    const started = Date.now();
    const sweeper = setInterval(() => {
      if (Date.now() - started > 30_000) fastify.server.closeAllConnections();
      else fastify.server.closeIdleConnections();
    }, 50);
    sweeper.unref();
    fastify.server.once('close', () => clearInterval(sweeper));
  });
  installErrorHandler(fastify);
  await registerCors(fastify, config.corsOrigins);
  await fastify.register(fastifyMultipart, {
    limits: {
      fileSize: Number.POSITIVE_INFINITY,
      fields: 200,
      fieldSize: MAX_FIELD_BYTES,
      parts: 210,
      headerPairs: 200,
    },
  });
  const contract = loadContract();
  registerOperations(
    fastify,
    contract,
    {
      ...probesRoutes(() => database.ping()),
      ...settingsRoutes(config),
      ...nodesRoutes(nodes, present),
      ...contentRoutes(nodes, content, present),
      ...dictionaryRoutes(dictionary),
      ...classDefinitionRoutes(dictionary),
      ...discoveryRoutes(systemNodes.companyHome),
      ...locksRoutes(nodes, locks, present),
      ...copyMoveRoutes(nodes, copyMove, present),
      ...associationsRoutes(nodes, associations, present),
      ...versionsRoutes(nodes, versions, content),
      ...renditionsRoutes(nodes, renditions),
      ...ticketsRoutes(authenticator),
      ...peopleRoutes(people),
      ...groupsRoutes(groups),
      ...sitesRoutes(sites, siteMembers, people),
      ...favoritesRoutes(favorites, createFavoritesPresenter({ nodes, present, access })),
      ...orgchartRoutes(orgchart),
      ...directAccessRoutes({
        nodes,
        versions,
        content,
        principalFor: authenticator.principalFor,
        secret: await sharedSecret(db, 'direct-access'),
        ttlSeconds: config.downloadUrlTtlSeconds,
        basePath: contract.basePath,
      }),
    },
    authenticator,
  );
  registerApiDocs(fastify, contract);
  await serveWebApp(fastify, contract, deps.webRoot ?? path.join(PROJECT_ROOT, 'dist'));

  const interval = deps.sweepIntervalMs ?? 60 * 60_000;
  if (interval > 0) {
    const sweep = () =>
      sweepContent(db, contentStore, repos.content, SWEEP_GRACE_MS)
        .then((r) => fastify.log.info(r, 'content sweep'))
        .catch((err: unknown) => fastify.log.error({ err }, 'content sweep failed'));
    const first = setTimeout(sweep, 60_000);
    const timer = setInterval(sweep, interval);
    first.unref();
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  }
  return {
    fastify,
    database,
    systemNodes,
    contentStore,
    sweep: (graceMs = SWEEP_GRACE_MS) => sweepContent(db, contentStore, repos.content, graceMs),
  };
}

/** TRUST_PROXY as Fastify takes it: a hop count n trusts the n nearest hops (as proxy-addr does). */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return typeof value === 'boolean' ? value : [...value];
}

/**
 * Security headers of the web app's answers (its HTML, scripts and styles, and the fallback to
 * index.html): API answers are outside this scope and keep their own (content downloads carry a
 * sandboxing CSP of their own). Scripts come from this origin only; styles may be inline because
 * MUI's emotion inserts <style> elements at run time (a nonce would need index.html rendered per
 * request; scripts stay strict, so an injected style cannot run code). HSTS is left to the proxy
 * that terminates TLS.
 */
export const WEB_APP_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
};

/**
 * The web app from dist/, with index.html for client-side routes and the security headers of
 * WEB_APP_HEADERS; API paths get JSON 404s (in the org chart's envelope under its prefixes).
 */
async function serveWebApp(fastify: FastifyInstance, contract: Contract, webRoot: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  if (!hasWebApp) {
    fastify.setNotFoundHandler(notFoundHandler(contract, false));
    return;
  }
  await fastify.register(async (web) => {
    // Not global: every file of the app has the headers (its routes are registered below), and so
    // has the index.html of a client-side route, but not the JSON 404s of unknown API paths.
    web.addHook('onRoute', (route) => {
      route.helmet ??= {};
    });
    await web.register(fastifyHelmet, { ...WEB_APP_HEADERS, global: false });
    await web.register(fastifyStatic, { root: webRoot, wildcard: false, index: ['index.html'] });
    web.setNotFoundHandler(notFoundHandler(contract, true));
  });
}

function notFoundHandler(contract: Contract, hasWebApp: boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/alfresco/') || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && request.method === 'GET') {
      reply.helmet();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const pathname = request.url.split('?')[0]!;
    const envelope = envelopeOfPath(contract, pathname);
    // A resource that exists, asked with a method it does not support: 405, as Alfresco answers.
    const allowed = methodsOfPath(contract, pathname);
    // The path is repeated without the tickets it may carry.
    const shown = redactCredentials(pathname);
    if (allowed.length > 0) {
      const message = `The operation is unsupported: ${request.method} ${shown} (allowed: ${allowed.join(', ')})`;
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBodyIn(envelope, 405, 'framework.exception.UnsupportedResourceOperation', message));
    }
    const message = `Unsupported resource: ${request.method} ${shown}`;
    return reply.code(404).send(errorBodyIn(envelope, 404, 'framework.exception.NotFound', message));
  };
}
