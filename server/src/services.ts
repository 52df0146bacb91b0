import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { ContentStore } from './content-store/content-store.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createAuthenticator, IDENTITY_TABLES } from './modules/auth/authenticator.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createTicketsRepository } from './modules/auth/tickets.repository.ts';
import { createDictionary, type Dictionary } from './modules/dictionary/dictionary.ts';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createGroupsRepository } from './modules/groups/groups.repository.ts';
import { createGroupsService, isAdministrator } from './modules/groups/groups.service.ts';
import { createAssociationsService } from './modules/nodes/associations/associations.service.ts';
import { createContentService } from './modules/nodes/content/content.service.ts';
import { createCopyMoveService } from './modules/nodes/copy-move/copy-move.service.ts';
import { createDownloadsRepository } from './modules/nodes/downloads/downloads.repository.ts';
import { createDownloadsService } from './modules/nodes/downloads/downloads.service.ts';
import { createAssociationsRepository } from './modules/nodes/core/associations.repository.ts';
import { createContentRepository } from './modules/nodes/core/content.repository.ts';
import { createDisplayNames } from './modules/nodes/core/display-names.ts';
import { createNodeGate } from './modules/nodes/core/gate.service.ts';
import { createNodesRepository } from './modules/nodes/core/nodes.repository.ts';
import type { SystemNodes } from './modules/nodes/core/special-nodes.ts';
import { createVersionsRepository } from './modules/nodes/core/versions.repository.ts';
import { createLocksService } from './modules/nodes/locks/locks.service.ts';
import { createNodesPresenter } from './modules/nodes/nodes.presenter.ts';
import { createNodesService } from './modules/nodes/nodes.service.ts';
import { createRenditionsRepository } from './modules/nodes/renditions/renditions.repository.ts';
import { createRenditionsService } from './modules/nodes/renditions/renditions.service.ts';
import { createInlineTextIndexer } from './modules/search/extract/inline-text.ts';
import { createQueriesService } from './modules/search/queries.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createTrashService } from './modules/nodes/trash/trash.service.ts';
import { createVersionsService } from './modules/nodes/versions/versions.service.ts';
import { createOrgchartRepository } from './modules/orgchart/orgchart.repository.ts';
import { createOrgchartService } from './modules/orgchart/orgchart.service.ts';
import { hashPassword } from './modules/people/passwords.ts';
import { createPeopleRepository } from './modules/people/people.repository.ts';
import { createPeopleService } from './modules/people/people.service.ts';
import { createAccessService } from './modules/permissions/access.service.ts';
import { createAclsRepository } from './modules/permissions/acls.repository.ts';
import { createAclsService } from './modules/permissions/acls.service.ts';
import { createSiteMembersService } from './modules/sites/site-members.service.ts';
import { createSiteMembershipApprovalsService } from './modules/sites/site-membership-approvals.service.ts';
import { createSiteMembershipRequestsRepository } from './modules/sites/site-membership-requests.repository.ts';
import { createSiteMembershipRequestsService } from './modules/sites/site-membership-requests.service.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { bootstrap } from './modules/system/bootstrap.ts';
import { startInstance } from './modules/system/server-instances.ts';

/**
 * The composition root: every repository and service, wired by hand (no container). Services
 * receive what they use; the order below is the order of their dependencies.
 */
export interface ServicesInput {
  config: Config;
  database: DatabaseHandle;
  contentStore: ContentStore;
  /** The admin password's hash when it was started early (a first start); else hashed on demand. */
  adminPasswordHash: Promise<string> | undefined;
  log: FastifyBaseLogger;
}

function createRepositories(database: DatabaseHandle) {
  // People's display names on nodes, remembered; any write to people (here or, heard through the
  // database, on another instance: ADR 0021) forgets them.
  const displayNames = createDisplayNames(() => database.cachesTrusted());
  database.writes.watch(['people'], () => displayNames.forgetAll());
  return {
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
    siteMembershipRequests: createSiteMembershipRequestsRepository(database.dialect),
    favorites: createFavoritesRepository(),
    orgchart: createOrgchartRepository(),
    downloads: createDownloadsRepository(),
  };
}

type Repositories = ReturnType<typeof createRepositories>;

/** What every part of the node graph shares. */
interface Base {
  input: ServicesInput;
  repos: Repositories;
  systemNodes: SystemNodes;
  dictionary: Dictionary;
  acls: ReturnType<typeof createAclsService>;
  access: ReturnType<typeof createAccessService>;
}

/** nodes/ and its sub-resources, all behind one gate (modules/nodes/core/gate.service.ts). */
function nodeGraphServices(base: Base, instanceId: string) {
  const { input, repos, systemNodes, dictionary, acls, access } = base;
  const { config, database, contentStore } = input;
  const { db, transact } = database;
  const namePolicy = config.namePolicy;
  const maxFolderDepth = config.maxFolderDepth;
  const gate = createNodeGate({ db, systemNodes, access, nodes: repos.nodes, maxFolderDepth });
  const associations = createAssociationsService({ db, gate, repos });
  const nodes = createNodesService({
    ...{ db, transact, dictionary, namePolicy, systemNodes, contentStore },
    ...{ gate, access, acls, repos, associations },
  });
  const renditions = createRenditionsService({ db, gate, repos });
  const content = createContentService({
    ...{
      db,
      transact,
      dictionary,
      namePolicy,
      contentStore,
      gate,
      renditions,
      repos,
      indexText: createInlineTextIndexer(),
    },
    ...{ maxFileBytes: config.contentMaxFileBytes, quotaBytes: config.contentQuotaBytes },
  });
  const locks = createLocksService({ db, nodes: repos.nodes, access, gate, instanceId });
  const versions = createVersionsService({ db, contentStore, gate, repos });
  const copyMove = createCopyMoveService({ db, namePolicy, maxFolderDepth, systemNodes, access, gate, acls, repos });
  const trash = createTrashService({ db, contentStore, gate, acls, repos, maxFolderDepth });
  const downloads = createDownloadsService({
    db,
    gate,
    contentStore,
    repos,
    maxPerPerson: config.downloads.maxPerPerson,
  });
  return { gate, associations, nodes, renditions, content, locks, versions, copyMove, trash, downloads };
}

/** People, groups, sites, favorites, the org chart and the authenticator. */
function identityServices(base: Base, nodes: ReturnType<typeof nodeGraphServices>['nodes']) {
  const { input, repos, systemNodes, acls, access } = base;
  const { config, database } = input;
  const { db } = database;
  const throttle = createLoginThrottle(db);
  const authenticator = createAuthenticator({
    ...{ db, people: repos.people, groups: repos.groups, tickets: repos.tickets, throttle },
    passwordHashCost: config.passwordHashCost,
    onIdentityWrite: (listener) => database.writes.watch(IDENTITY_TABLES, listener),
    cachesTrusted: () => database.cachesTrusted(),
  });
  const people = createPeopleService({
    ...{ db, systemNodes, acls, repos, throttle, passwordMinLength: config.passwordMinLength },
    passwordHashCost: config.passwordHashCost,
    isAdmin: (personId) => isAdministrator(db, repos.groups, personId),
    onCredentialsRevoked: () => authenticator.forgetPrincipals(),
  });
  const favorites = createFavoritesService({ db, access, systemNodes, repos });
  const sites = createSitesService({ db, systemNodes, access, acls, nodes, repos, addToFavorites: favorites.addSite });
  const groups = createGroupsService({
    ...{ db, groups: repos.groups, people: repos.people, acls },
    hiddenFrom: (principal) => sites.hiddenGroups(principal),
  });
  const siteMembers = createSiteMembersService({ db, access, sites, repos });
  const siteMembershipRequests = createSiteMembershipRequestsService({ db, access, systemNodes, sites, repos });
  const siteMembershipApprovals = createSiteMembershipApprovalsService({ db, access, systemNodes, sites, repos });
  const orgchart = createOrgchartService({ db, repos, acls });
  return {
    ...{ authenticator, people, favorites, sites, groups, siteMembers, orgchart },
    ...{ siteMembershipRequests, siteMembershipApprovals },
  };
}

/** Opens the repository (bootstrap on a first start) and builds every service. */
export async function createServices(input: ServicesInput) {
  const { config, database, log } = input;
  const { db } = database;
  const repos = createRepositories(database);
  const acls = createAclsService(repos.acls);
  const access = createAccessService({ db, acls: repos.acls });
  const adminHash = () => input.adminPasswordHash ?? hashPassword(config.adminPassword, config.passwordHashCost);
  const { systemNodes, created } = await bootstrap(db, repos, acls, adminHash);
  if (created && config.adminPasswordIsDefault) {
    log.warn('The admin account was created with the default password "admin": set ADMIN_PASSWORD or change it.');
  }
  const base: Base = { input, repos, systemNodes, dictionary: createDictionary(), acls, access };
  // This instance: its EPHEMERAL locks end with it; start-up ends those of dead instances only (ADR 0005).
  const instance = await startInstance(
    { db, dialect: database.dialect, clearLocks: (of) => repos.nodes.clearEphemeralLocks(db, of) },
    (err) => log.error({ err }, 'instance heartbeat failed'),
  );
  const graph = nodeGraphServices(base, instance.id);
  const identity = identityServices(base, graph.nodes);
  const present = createNodesPresenter(graph.nodes, access, identity.favorites);
  const search = createSearchService({
    ...{ db, systemNodes, dictionary: base.dictionary },
    findMany: (reader, ids) => repos.nodes.findMany(reader, ids),
    displayNames: (reader, ids) => repos.nodes.displayNames(reader, ids),
    hiddenGroups: (principal) => identity.sites.hiddenGroups(principal),
  });
  const queries = createQueriesService({
    ...{ db, systemNodes, dictionary: base.dictionary, readers: (principal) => access.readers(principal) },
    findMany: (reader, ids) => repos.nodes.findMany(reader, ids),
    findPeople: (reader, ids) => repos.people.findMany(reader, ids),
    resolveNode: (principal, idOrAlias) => graph.gate.resolve(principal, idOrAlias),
  });
  return {
    instance,
    repos,
    systemNodes,
    dictionary: base.dictionary,
    access,
    present,
    search,
    queries,
    ...graph,
    ...identity,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
