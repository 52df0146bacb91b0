import { applyFields, listEnvelope, listParam, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import { toPersonJson } from '../people/people.mappers.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { SiteMembershipApprovalsService } from './site-membership-approvals.service.ts';
import { toRequestJson, toRequestWithPersonJson } from './site-membership-requests.mappers.ts';
import { requestsWhere } from './site-membership-requests.query.ts';
import type { SiteMembershipRequestsService } from './site-membership-requests.service.ts';

type RequestHandlers = Pick<
  Handlers,
  | 'listSiteMembershipRequestsForPerson'
  | 'createSiteMembershipRequestForPerson'
  | 'getSiteMembershipRequestForPerson'
  | 'updateSiteMembershipRequestForPerson'
  | 'deleteSiteMembershipRequestForPerson'
  | 'getSiteMembershipRequests'
  | 'approveSiteMembershipRequest'
  | 'rejectSiteMembershipRequest'
>;

const NO_INCLUDE = new Set<string>();
const fieldsOf = (fields: string[] | undefined) => listParam(fields);

/** Requests to join sites: a person's own (/people/{personId}/…), and their sites' managers' (/sites/…). */
export function siteMembershipRequestsRoutes(
  requests: SiteMembershipRequestsService,
  approvals: SiteMembershipApprovalsService,
  people: PeopleService,
): RequestHandlers {
  return {
    async listSiteMembershipRequestsForPerson({ params, query, principal }) {
      const paging = pagingParam(query);
      const page = await requests.listOwn(principal, params.personId, paging);
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (r) =>
        applyFields(toRequestJson(r), fieldsOf(query.fields), NO_INCLUDE),
      );
    },

    async createSiteMembershipRequestForPerson({ params, query, body, principal, reply }) {
      const created = await requests.create(principal, params.personId, body);
      return reply.code(201).send({ entry: applyFields(toRequestJson(created), fieldsOf(query.fields), NO_INCLUDE) });
    },

    async getSiteMembershipRequestForPerson({ params, query, principal }) {
      const found = await requests.get(principal, params.personId, params.siteId);
      return { entry: applyFields(toRequestJson(found), fieldsOf(query.fields), NO_INCLUDE) };
    },

    async updateSiteMembershipRequestForPerson({ params, query, body, principal }) {
      const updated = await requests.update(principal, params.personId, params.siteId, body.message);
      return { entry: applyFields(toRequestJson(updated), fieldsOf(query.fields), NO_INCLUDE) };
    },

    async deleteSiteMembershipRequestForPerson({ params, principal, reply }) {
      await requests.cancel(principal, params.personId, params.siteId);
      return reply.code(204).send();
    },

    async getSiteMembershipRequests({ query, principal }) {
      const paging = pagingParam(query);
      const where = requestsWhere(query.where === undefined ? undefined : parseWhere(query.where));
      const page = await approvals.list(principal, where, paging);
      const entries = await Promise.all(
        page.items.map(async (r) => {
          const person = toPersonJson(r.person, await people.view(principal, r.person));
          return applyFields(toRequestWithPersonJson(r, person), fieldsOf(query.fields), NO_INCLUDE);
        }),
      );
      return listEnvelope({ items: entries, totalItems: page.total, paging }, (e) => e);
    },

    async approveSiteMembershipRequest({ params, body, principal, reply }) {
      await approvals.approve(principal, params.siteId, params.inviteeId, body?.role);
      return reply.code(200).send();
    },

    async rejectSiteMembershipRequest({ params, principal, reply }) {
      await approvals.reject(principal, params.siteId, params.inviteeId);
      return reply.code(200).send();
    },
  };
}
