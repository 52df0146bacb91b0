import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Contract } from './http/openapi.ts';
import type { Handlers } from './http/routes.ts';
import { ticketsRoutes } from './modules/auth/tickets.routes.ts';
import { classDefinitionRoutes } from './modules/dictionary/class-definitions.routes.ts';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.ts';
import { discoveryRoutes } from './modules/discovery/discovery.routes.ts';
import { createDirectAccessService } from './modules/direct-access/direct-access.service.ts';
import { directAccessRoutes } from './modules/direct-access/direct-access.routes.ts';
import { sharedSecret } from './modules/direct-access/server-secret.ts';
import { createFavoritesPresenter } from './modules/favorites/favorites.presenter.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { associationsRoutes } from './modules/nodes/associations/associations.routes.ts';
import { contentRoutes } from './modules/nodes/content/content.routes.ts';
import { copyMoveRoutes } from './modules/nodes/copy-move/copy-move.routes.ts';
import { downloadsRoutes, withDownloadNodes } from './modules/nodes/downloads/downloads.routes.ts';
import { locksRoutes } from './modules/nodes/locks/locks.routes.ts';
import { nodesRoutes } from './modules/nodes/nodes.routes.ts';
import { renditionsRoutes, toRenditionJson } from './modules/nodes/renditions/renditions.routes.ts';
import { trashRoutes } from './modules/nodes/trash/trash.routes.ts';
import { versionsRoutes } from './modules/nodes/versions/versions.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import type { LiveEvents } from './modules/events/live-events.ts';
import { orgchartRoutes } from './modules/orgchart/orgchart.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { probesRoutes } from './modules/probes/probes.routes.ts';
import { queriesRoutes } from './modules/search/queries.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { siteMembershipRequestsRoutes } from './modules/sites/site-membership-requests.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import type { Services } from './services.ts';

/** The handlers of the node graph's operations. */
function nodeGraphHandlers(s: Services) {
  const nodes = nodesRoutes(s.nodes, s.present);
  const content = contentRoutes(s.nodes, s.content, s.present);
  return {
    ...nodes,
    ...content,
    // A download is also a node: its name and its zip (downloads.routes.ts).
    ...withDownloadNodes({ getNode: nodes.getNode, getNodeContent: content.getNodeContent }, s.downloads),
    ...downloadsRoutes(s.downloads),
    ...locksRoutes(s.locks, s.present),
    ...copyMoveRoutes(s.copyMove, s.present),
    ...associationsRoutes(s.associations, s.present),
    ...versionsRoutes(s.versions),
    ...renditionsRoutes(s.renditions),
    ...trashRoutes(s.trash, s.present, { service: s.renditions, toJson: toRenditionJson }),
  };
}

/** One handler per operation of the contract (registerOperations refuses a gap either way). */
export async function createHandlers(
  s: Services,
  config: Config,
  database: DatabaseHandle,
  contract: Contract,
  events: LiveEvents,
): Promise<Handlers> {
  const secret = await sharedSecret(database.db, 'direct-access');
  const directAccess = createDirectAccessService({
    ...{ gate: s.gate, versions: s.versions, content: s.content, downloads: s.downloads, secret },
    principalFor: s.authenticator.principalFor,
  });
  return {
    ...probesRoutes(() => database.ping()),
    ...settingsRoutes(config),
    ...nodeGraphHandlers(s),
    ...searchRoutes(s.search, s.present),
    ...queriesRoutes(s.queries, s.present, { people: s.people, sites: s.sites }),
    ...dictionaryRoutes(s.dictionary),
    ...classDefinitionRoutes(s.dictionary),
    ...discoveryRoutes(s.systemNodes.companyHome),
    ...ticketsRoutes(s.authenticator),
    ...peopleRoutes(s.people),
    ...groupsRoutes(s.groups),
    ...sitesRoutes(s.sites, s.siteMembers, s.people),
    ...siteMembershipRequestsRoutes(s.siteMembershipRequests, s.siteMembershipApprovals, s.people),
    ...favoritesRoutes(s.favorites, createFavoritesPresenter({ nodes: s.nodes, present: s.present, access: s.access })),
    ...orgchartRoutes(s.orgchart),
    ...eventsRoutes(events),
    ...directAccessRoutes({
      directAccess,
      secret,
      ttlSeconds: config.downloadUrlTtlSeconds,
      basePath: contract.basePath,
    }),
  };
}
