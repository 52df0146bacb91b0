import type { Principal } from '../../http/principal.ts';
import { applyFields, listEnvelope, listParam, orderByParam, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import { toPersonJson } from '../people/people.mappers.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { Member, SiteMembersService } from './site-members.service.ts';
import { siteErrors } from './sites.errors.ts';
import { toContainerJson, toSiteJson, toSiteMemberJson, toSiteRoleJson, type SiteRecord } from './sites.mappers.ts';
import { siteVisibilities } from './sites.query.ts';
import type { SitesService } from './sites.service.ts';

type SiteHandlers = Pick<
  Handlers,
  | 'listSites'
  | 'createSite'
  | 'getSite'
  | 'updateSite'
  | 'deleteSite'
  | 'listSiteContainers'
  | 'getSiteContainer'
  | 'listSiteMemberships'
  | 'createSiteMembership'
  | 'getSiteMembership'
  | 'updateSiteMembership'
  | 'deleteSiteMembership'
  | 'listSiteMembershipsForPerson'
>;

const NO_INCLUDE = new Set<string>();

type SiteNodeHandlers = Pick<SiteHandlers, 'listSites' | 'createSite' | 'getSite' | 'updateSite' | 'deleteSite'>;
type ContainerHandlers = Pick<SiteHandlers, 'listSiteContainers' | 'getSiteContainer'>;
type MembershipHandlers = Omit<SiteHandlers, keyof SiteNodeHandlers | keyof ContainerHandlers>;

/** A site as the caller sees it (with the caller's role). */
function siteJson(sites: SitesService, principal: Principal, site: SiteRecord, fields?: string[]) {
  return applyFields(toSiteJson(site, sites.roleOfCaller(principal, site)), listParam(fields), NO_INCLUDE);
}

/** A member, with the person as GET /people/{id} shows them to the caller. */
async function memberJson(people: PeopleService, principal: Principal, member: Member, fields?: string[]) {
  return applyFields(
    toSiteMemberJson(member.role, toPersonJson(member.person, await people.view(principal, member.person))),
    listParam(fields),
    NO_INCLUDE,
  );
}

export function sitesRoutes(sites: SitesService, members: SiteMembersService, people: PeopleService): SiteHandlers {
  return {
    ...siteNodeRoutes(sites),
    ...containerRoutes(sites),
    ...membershipRoutes(sites, members, people),
  };
}

/** The sites themselves: list, create, read, update, delete. */
function siteNodeRoutes(sites: SitesService): SiteNodeHandlers {
  return {
    async listSites({ query, principal }) {
      const paging = pagingParam(query);
      const visibilities = siteVisibilities(query.where === undefined ? undefined : parseWhere(query.where));
      const page = await sites.list(principal, {
        ...paging,
        orderBy: orderByParam(query.orderBy),
        ...(visibilities ? { visibilities } : {}),
      });
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (s) =>
        siteJson(sites, principal, s, query.fields),
      );
    },

    async createSite({ query, body, principal, reply }) {
      const site = await sites.create(principal, body, { skipAddToFavorites: query.skipAddToFavorites === true });
      const json = applyFields(toSiteJson(site, 'SiteManager'), listParam(query.fields), NO_INCLUDE);
      return reply.code(201).send({ entry: json });
    },

    async getSite({ params, query, principal }) {
      return { entry: siteJson(sites, principal, await sites.loadVisible(principal, params.siteId), query.fields) };
    },

    async updateSite({ params, query, body, principal }) {
      return { entry: siteJson(sites, principal, await sites.update(principal, params.siteId, body), query.fields) };
    },

    async deleteSite({ params, principal, reply }) {
      await sites.delete(principal, params.siteId);
      return reply.code(204).send();
    },
  };
}

/** A site's containers (documentLibrary). */
function containerRoutes(sites: SitesService): ContainerHandlers {
  return {
    async listSiteContainers({ params, query, principal }) {
      const paging = pagingParam(query);
      const all = await sites.containers(principal, params.siteId);
      const items = all.slice(paging.skipCount, paging.skipCount + paging.maxItems);
      return listEnvelope({ items, totalItems: all.length, paging }, (c) =>
        applyFields(toContainerJson(c), listParam(query.fields), NO_INCLUDE),
      );
    },

    async getSiteContainer({ params, query, principal }) {
      const wanted = params.containerId.toLowerCase();
      const found = (await sites.containers(principal, params.siteId)).find((c) => c.folderId.toLowerCase() === wanted);
      if (!found) throw siteErrors.containerNotFound(params.siteId, params.containerId);
      return { entry: applyFields(toContainerJson(found), listParam(query.fields), NO_INCLUDE) };
    },
  };
}

/** A site's members, and a person's sites. */
function membershipRoutes(sites: SitesService, members: SiteMembersService, people: PeopleService): MembershipHandlers {
  return {
    async listSiteMemberships({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await members.list(principal, params.siteId, paging.skipCount, paging.maxItems);
      const entries = await Promise.all(page.items.map((m) => memberJson(people, principal, m, query.fields)));
      return listEnvelope({ items: entries, totalItems: page.total, paging }, (e) => e);
    },

    async createSiteMembership({ params, query, body, principal, reply }) {
      const added = await members.add(principal, params.siteId, Array.isArray(body) ? body : [body]);
      const entries = await Promise.all(added.map((m) => memberJson(people, principal, m, query.fields)));
      if (!Array.isArray(body)) return reply.code(201).send({ entry: entries[0] });
      const paging = { skipCount: 0, maxItems: Math.max(100, entries.length) };
      return reply.code(201).send(listEnvelope({ items: entries, totalItems: entries.length, paging }, (e) => e));
    },

    async getSiteMembership({ params, query, principal }) {
      const member = await members.get(principal, params.siteId, params.personId);
      return { entry: await memberJson(people, principal, member, query.fields) };
    },

    async updateSiteMembership({ params, query, body, principal }) {
      const member = await members.update(principal, params.siteId, params.personId, body.role);
      return { entry: await memberJson(people, principal, member, query.fields) };
    },

    async deleteSiteMembership({ params, principal, reply }) {
      await members.remove(principal, params.siteId, params.personId);
      return reply.code(204).send();
    },

    async listSiteMembershipsForPerson({ params, query, principal }) {
      const paging = pagingParam(query);
      const person = await members.person(principal, params.personId);
      const page = await sites.sitesOf(principal, person, { ...paging, orderBy: orderByParam(query.orderBy) });
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, ({ site, role }) =>
        applyFields(toSiteRoleJson(site, role), listParam(query.fields), NO_INCLUDE),
      );
    },
  };
}
