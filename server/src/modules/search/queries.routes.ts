import { applyFields, listEnvelope, listParam, orderByParam, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { toPersonJson } from '../people/people.mappers.ts';
import type { PeopleService } from '../people/people.service.ts';
import { toSiteJson } from '../sites/sites.mappers.ts';
import type { SitesService } from '../sites/sites.service.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { QueriesService } from './queries.service.ts';

const NO_INCLUDE = new Set<string>();

/** GET /queries/nodes, /queries/people and /queries/sites: entries as the nodes, people and sites APIs write them. */
export function queriesRoutes(
  queries: QueriesService,
  present: NodesPresenter,
  shown: { people: Pick<PeopleService, 'quotaUsed'>; sites: Pick<SitesService, 'roleOfCaller'> },
): Pick<Handlers, 'findNodes' | 'findPeople' | 'findSites'> {
  return {
    async findNodes({ query, principal }) {
      const paging = pagingParam(query);
      const found = await queries.findNodes(principal, {
        ...{ term: query.term, rootNodeId: query.rootNodeId, nodeType: query.nodeType },
        ...{ orderBy: orderByParam(query.orderBy), ...paging },
      });
      const view = { include: query.include ?? [], fields: query.fields ?? [] };
      const entries = await present.related(
        principal,
        found.items.map((node) => ({ node })),
        view,
      );
      return listEnvelope({ items: entries, totalItems: found.totalItems, paging }, (entry) => entry);
    },

    async findPeople({ query, principal }) {
      const paging = pagingParam(query);
      const found = await queries.findPeople({ term: query.term, orderBy: orderByParam(query.orderBy), ...paging });
      const entries = [];
      for (const person of found.items) {
        // As GET /people lists them: the quota to administrators.
        const view = principal.isAdmin ? { quotaUsed: await shown.people.quotaUsed(person.id) } : {};
        entries.push(applyFields(toPersonJson(person, view), listParam(query.fields), NO_INCLUDE));
      }
      return listEnvelope({ items: entries, totalItems: found.totalItems, paging }, (entry) => entry);
    },

    async findSites({ query, principal }) {
      const paging = pagingParam(query);
      const found = await queries.findSites(principal, {
        ...{ term: query.term, orderBy: orderByParam(query.orderBy), ...paging },
      });
      return listEnvelope({ items: found.items, totalItems: found.totalItems, paging }, (site) =>
        applyFields(toSiteJson(site, shown.sites.roleOfCaller(principal, site)), listParam(query.fields), NO_INCLUDE),
      );
    },
  };
}
