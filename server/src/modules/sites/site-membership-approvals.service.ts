import type { Principal } from '../../http/principal.ts';
import type { PersonRecord } from '../people/people.repository.ts';
import { requestErrors } from './site-membership-requests.errors.ts';
import type { RequestsWhere } from './site-membership-requests.query.ts';
import type { RequestFilter } from './site-membership-requests.repository.ts';
import {
  heldRequest,
  page,
  type MembershipRequest,
  type SiteMembershipRequestsDeps,
} from './site-membership-requests.service.ts';
import { parseRoleGroup, type SiteRole } from './sites.model.ts';

export interface RequestWithPerson extends MembershipRequest {
  person: PersonRecord;
}

/** The sites whose requests the caller handles: those they are a SiteManager of (administrators: every site). */
function managedSites(principal: Principal): string[] | undefined {
  if (principal.isAdmin) return undefined;
  return [...principal.authorities].flatMap((authority) => {
    const group = parseRoleGroup(authority);
    return group?.role === 'SiteManager' ? [group.siteId] : [];
  });
}

/**
 * The pending requests of the sites the caller manages (administrators: all), narrowed to a site
 * and a person when the where clause names them; by site title. Anyone else's list is empty.
 */
async function listManaged(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  where: RequestsWhere,
  paging: { skipCount: number; maxItems: number },
): Promise<{ items: RequestWithPerson[]; total: number }> {
  const managed = managedSites(principal);
  const wantedSite = where.siteId?.toLowerCase();
  const siteIds =
    wantedSite === undefined ? managed : (managed ?? [wantedSite]).filter((id) => id.toLowerCase() === wantedSite);
  const filter: RequestFilter = { sitesFolderId: deps.systemNodes.sites, ...(siteIds ? { siteIds } : {}) };
  if (where.personId !== undefined) {
    const person = await deps.repos.people.findById(deps.db, where.personId);
    if (!person) return { items: [], total: 0 };
    filter.personId = person.id;
  }
  const requests = await page(deps, principal, filter, paging);
  const people = new Map(
    (
      await deps.repos.people.findMany(
        deps.db,
        requests.items.map((r) => r.request.personId),
      )
    ).map((p) => [p.id, p]),
  );
  // A person deleted since the page was read (their requests go with them) is left out.
  const items = requests.items.flatMap((r) => {
    const person = people.get(r.request.personId);
    return person ? [{ ...r, person }] : [];
  });
  return { items, total: requests.total };
}

/**
 * The site and the invitee of an approval or a rejection, checked as Alfresco does: an unknown
 * or invisible site is 404; a request that is not there, or that the caller may not see, is 404;
 * the invitee deciding their own request is 403.
 */
async function decision(deps: SiteMembershipRequestsDeps, principal: Principal, siteId: string, inviteeId: string) {
  const site = await deps.sites.loadVisible(principal, siteId);
  const notFound = () => requestErrors.notFound(site.id, inviteeId);
  const invitee = await deps.repos.people.findById(deps.db, inviteeId);
  if (!invitee) throw notFound();
  if (!deps.sites.isManager(principal, site)) {
    const own = invitee.id === principal.id && site.visibility === 'MODERATED';
    if (own && (await deps.repos.siteMembershipRequests.find(deps.db, site.guid, invitee.id))) {
      throw requestErrors.denied();
    }
    throw notFound();
  }
  return { site, invitee, notFound };
}

/**
 * Ends a request and, in the same transaction, makes the person a member with `role`
 * (SiteConsumer by default): of an approval and a cancellation at the same time, one finds the
 * request and the other 404s, and nobody becomes a member without one.
 */
async function approve(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  siteId: string,
  inviteeId: string,
  role: SiteRole | undefined,
): Promise<void> {
  const { site, invitee, notFound } = await decision(deps, principal, siteId, inviteeId);
  await deps.db.transaction().execute(async (tx) => {
    const { repos } = deps;
    await heldRequest(deps, tx, principal, site, invitee.id, notFound);
    if (!(await repos.siteMembershipRequests.remove(tx, site.guid, invitee.id))) throw notFound();
    // A member keeps their role (adding a member ends their request, so this is a safeguard).
    if (await repos.sites.roleOf(tx, site.id, invitee.id)) return;
    await repos.sites.setRole(tx, site.id, invitee.id, role ?? 'SiteConsumer', Date.now());
  });
}

/** Ends a request without a membership (the comment is not kept: Quire sends no mail). */
async function reject(deps: SiteMembershipRequestsDeps, principal: Principal, siteId: string, inviteeId: string) {
  const { site, invitee, notFound } = await decision(deps, principal, siteId, inviteeId);
  await deps.db.transaction().execute(async (tx) => {
    await heldRequest(deps, tx, principal, site, invitee.id, notFound);
    if (!(await deps.repos.siteMembershipRequests.remove(tx, site.guid, invitee.id))) throw notFound();
  });
}

/**
 * What a site's managers do with requests to join it (administrators with any): list them,
 * approve them (the person becomes a member) and reject them. Only requests to sites that are
 * MODERATED now are seen, as in Alfresco.
 */
export function createSiteMembershipApprovalsService(deps: SiteMembershipRequestsDeps) {
  return {
    list: (principal: Principal, where: RequestsWhere, paging: { skipCount: number; maxItems: number }) =>
      listManaged(deps, principal, where, paging),
    approve: (principal: Principal, siteId: string, inviteeId: string, role: SiteRole | undefined) =>
      approve(deps, principal, siteId, inviteeId, role),
    reject: (principal: Principal, siteId: string, inviteeId: string) => reject(deps, principal, siteId, inviteeId),
  };
}

export type SiteMembershipApprovalsService = ReturnType<typeof createSiteMembershipApprovalsService>;
