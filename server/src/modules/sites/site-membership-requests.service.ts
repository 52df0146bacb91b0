import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { isNotFound, type ApiError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import type { PersonRecord } from '../people/people.repository.ts';
import { holdSite, type SiteMembersDeps } from './site-members.service.ts';
import { requestErrors } from './site-membership-requests.errors.ts';
import type {
  RequestFilter,
  RequestRow,
  SiteMembershipRequestsRepository,
} from './site-membership-requests.repository.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import type { SiteRole } from './sites.model.ts';
import type { SitesService } from './sites.service.ts';

export interface SiteMembershipRequestsDeps extends Omit<SiteMembersDeps, 'repos' | 'sites'> {
  systemNodes: Pick<SystemNodes, 'sites'>;
  sites: Pick<SitesService, 'loadVisible' | 'isManager' | 'roleOfCaller'>;
  repos: Omit<SiteMembersDeps['repos'], 'siteMembershipRequests'> & {
    siteMembershipRequests: SiteMembershipRequestsRepository;
  };
}

/** A pending request with its site; `role` is the caller's in the site (a public join: SiteConsumer). */
export interface MembershipRequest {
  request: RequestRow;
  site: SiteRecord;
  role?: SiteRole;
}

export interface RequestsPage {
  items: MembershipRequest[];
  total: number;
}

/** Longest message of a request (the contract refuses a longer one with 400). */
export const MAX_MESSAGE_LENGTH = 4096;
const DEFAULT_ROLE: SiteRole = 'SiteConsumer';

/** Anyone, by id or -me- (404 when unknown). */
export async function anyPerson(deps: SiteMembershipRequestsDeps, principal: Principal, idOrMe: string) {
  const found = await deps.repos.people.findById(deps.db, idOrMe === '-me-' ? principal.id : idOrMe);
  if (!found) throw requestErrors.personNotFound(idOrMe);
  return found;
}

/** The caller, named by -me- or their id; anyone else, administrators included, is 404 (as Alfresco). */
export async function caller(deps: SiteMembershipRequestsDeps, principal: Principal, idOrMe: string) {
  const found = await anyPerson(deps, principal, idOrMe);
  if (found.id !== principal.id) throw requestErrors.personNotFound(idOrMe);
  return found;
}

/** The site the caller can see, or the request's 404 (an unknown and an invisible site alike). */
export async function visibleSite(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  siteId: string,
  notFound: () => ApiError,
): Promise<SiteRecord> {
  try {
    return await deps.sites.loadVisible(principal, siteId);
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}

/** Whether the caller may see and end this person's requests to this site: theirs, or a site they manage. */
export const mayHandle = (deps: SiteMembershipRequestsDeps, principal: Principal, site: SiteRecord, p: PersonRecord) =>
  p.id === principal.id || deps.sites.isManager(principal, site);

/** A MODERATED site's request as the transaction holds the site, or the request's 404. */
export async function heldRequest(
  deps: SiteMembershipRequestsDeps,
  tx: DbOrTx,
  principal: Principal,
  site: SiteRecord,
  personId: string,
  notFound: () => ApiError,
): Promise<{ site: SiteRecord; request: RequestRow }> {
  const held = await holdSite(deps, tx, principal, site, notFound);
  const request = await deps.repos.siteMembershipRequests.find(tx, site.guid, personId);
  if (held.visibility !== 'MODERATED' || !request) throw notFound();
  return { site: held, request };
}

/**
 * A request to join a site by the caller (Alfresco's order of checks: 404s first, so a private
 * site cannot be told from a missing one by a 400): an unknown or PRIVATE site is 404 (even to a
 * member); a member is 400, and so is a second request. A PUBLIC site is joined at once as
 * SiteConsumer; a MODERATED one keeps the request for its managers.
 */
async function create(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  personId: string,
  body: { id: string; message?: string },
): Promise<MembershipRequest> {
  const p = await caller(deps, principal, personId);
  const notFound = () => requestErrors.notFound(p.id, body.id);
  const site = await visibleSite(deps, principal, body.id, notFound);
  if (site.visibility === 'PRIVATE') throw notFound();
  const message = body.message ?? '';
  const now = Date.now();
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const { repos } = deps;
      // The site as held: one that has just become PRIVATE is 404; two requests of one person wait for each other.
      const held = await holdSite(deps, tx, principal, site, notFound);
      if (held.visibility === 'PRIVATE') throw notFound();
      if (await repos.sites.roleOf(tx, site.id, p.id)) throw requestErrors.alreadyMember(p.id, site.id);
      const request = { siteGuid: site.guid, personId: p.id, message, createdAt: now, modifiedAt: undefined };
      if (held.visibility === 'PUBLIC') {
        // A request left from when the site was MODERATED ends with the joining.
        await repos.siteMembershipRequests.remove(tx, site.guid, p.id);
        await repos.sites.setRole(tx, site.id, p.id, DEFAULT_ROLE, now);
        return { request, site: held, role: DEFAULT_ROLE };
      }
      if (await repos.siteMembershipRequests.find(tx, site.guid, p.id)) {
        throw requestErrors.alreadyInvited(p.id, site.id);
      }
      await repos.siteMembershipRequests.insert(tx, request);
      return { request, site: held };
    });
  } catch (error) {
    // The key of the table: a request that arrived at the same time (not held by the site's lock).
    if (isUniqueViolation(error)) throw requestErrors.alreadyInvited(p.id, site.id);
    throw error;
  }
}

/** The caller's own pending requests (to sites that are MODERATED now), by site title. */
async function listOwn(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  personId: string,
  paging: { skipCount: number; maxItems: number },
): Promise<RequestsPage> {
  const p = await caller(deps, principal, personId);
  return page(deps, principal, { sitesFolderId: deps.systemNodes.sites, personId: p.id }, paging);
}

/** A page of requests with their sites. */
export async function page(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  filter: RequestFilter,
  paging: { skipCount: number; maxItems: number },
): Promise<RequestsPage> {
  const rows = await deps.repos.siteMembershipRequests.list(deps.db, filter, paging.skipCount, paging.maxItems);
  const items = rows.items.map((row) => {
    const site = siteFromNode({ ...row.site, id: row.site.guid, parentId: deps.systemNodes.sites });
    return { request: row, site, role: deps.sites.roleOfCaller(principal, site) };
  });
  return { items, total: rows.total };
}

/**
 * One person's request to one site: the person themself, a SiteManager of the site or an
 * administrator; to anyone else it is not there (404, as when there is none).
 */
async function get(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  personId: string,
  siteId: string,
): Promise<MembershipRequest> {
  const p = await anyPerson(deps, principal, personId);
  const notFound = () => requestErrors.notFound(p.id, siteId);
  const site = await visibleSite(deps, principal, siteId, notFound);
  if (site.visibility !== 'MODERATED' || !mayHandle(deps, principal, site, p)) throw notFound();
  const request = await deps.repos.siteMembershipRequests.find(deps.db, site.guid, p.id);
  if (!request) throw notFound();
  return { request, site, role: deps.sites.roleOfCaller(principal, site) };
}

/** A new message for the caller's own request. */
async function update(
  deps: SiteMembershipRequestsDeps,
  principal: Principal,
  personId: string,
  siteId: string,
  message: string | undefined,
): Promise<MembershipRequest> {
  const p = await caller(deps, principal, personId);
  const notFound = () => requestErrors.notFound(p.id, siteId);
  const site = await visibleSite(deps, principal, siteId, notFound);
  return deps.db.transaction().execute(async (tx) => {
    const now = Date.now();
    const held = await heldRequest(deps, tx, principal, site, p.id, notFound);
    await deps.repos.siteMembershipRequests.updateMessage(tx, site.guid, p.id, message ?? '', now);
    const request = { ...held.request, message: message ?? '', modifiedAt: now };
    return { request, site: held.site, role: deps.sites.roleOfCaller(principal, held.site) };
  });
}

/**
 * Cancels a request: the person themself, a SiteManager of the site or an administrator (anyone
 * else 403, whether or not there is a request: nothing to probe); 404 when there is none.
 */
async function cancel(deps: SiteMembershipRequestsDeps, principal: Principal, personId: string, siteId: string) {
  const p = await anyPerson(deps, principal, personId);
  const notFound = () => requestErrors.notFound(p.id, siteId);
  const site = await visibleSite(deps, principal, siteId, notFound);
  if (!mayHandle(deps, principal, site, p)) throw requestErrors.denied();
  await deps.db.transaction().execute(async (tx) => {
    await holdSite(deps, tx, principal, site, notFound);
    if (!(await deps.repos.siteMembershipRequests.remove(tx, site.guid, p.id))) throw notFound();
  });
}

/**
 * A person's requests to join sites: PUBLIC sites are joined at once, MODERATED ones keep the
 * request until a SiteManager approves or rejects it or the person cancels it; PRIVATE sites
 * cannot be asked for (to a non-member they do not exist). A person reads, changes and lists only
 * their own; a site's managers (and administrators) read and cancel those of their sites.
 * Approvals and the managers' list: site-membership-approvals.service.ts. As Alfresco's
 * SiteMembershipRequestsImpl, with its checks in its order.
 */
export function createSiteMembershipRequestsService(deps: SiteMembershipRequestsDeps) {
  return {
    create: (principal: Principal, personId: string, body: { id: string; message?: string }) =>
      create(deps, principal, personId, body),
    listOwn: (principal: Principal, personId: string, paging: { skipCount: number; maxItems: number }) =>
      listOwn(deps, principal, personId, paging),
    get: (principal: Principal, personId: string, siteId: string) => get(deps, principal, personId, siteId),
    update: (principal: Principal, personId: string, siteId: string, message: string | undefined) =>
      update(deps, principal, personId, siteId, message),
    cancel: (principal: Principal, personId: string, siteId: string) => cancel(deps, principal, personId, siteId),
  };
}

export type SiteMembershipRequestsService = ReturnType<typeof createSiteMembershipRequestsService>;
