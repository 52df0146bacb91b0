import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { entityNotFound } from '../../http/errors.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import type { PeopleRepository, PersonRecord } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import type { SiteMembershipRequestsRepository } from './site-membership-requests.repository.ts';
import { siteErrors } from './sites.errors.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import type { SiteRole } from './sites.model.ts';
import type { SitesRepository } from './sites.repository.ts';
import type { SitesService } from './sites.service.ts';

export interface SiteMembersDeps {
  db: Db;
  access: Pick<AccessService, 'has'>;
  sites: Pick<SitesService, 'loadVisible' | 'isManager' | 'requireManager'>;
  repos: {
    nodes: Pick<NodesRepository, 'lockRow'>;
    people: PeopleRepository;
    sites: SitesRepository;
    siteMembershipRequests: Pick<SiteMembershipRequestsRepository, 'remove'>;
  };
}

export interface Member {
  person: PersonRecord;
  role: SiteRole;
}

async function person(deps: SiteMembersDeps, principal: Principal, idOrMe: string): Promise<PersonRecord> {
  const id = idOrMe === '-me-' ? principal.id : idOrMe;
  const found = await deps.repos.people.findById(deps.db, id);
  if (!found) throw entityNotFound(id);
  return found;
}

/**
 * The site as a membership change's transaction holds it: its node's row (PostgreSQL), then its
 * memberships (SitesRepository.lock), the order in which a site's deletion takes them. A site
 * deleted, or made invisible to the caller (PRIVATE), since the caller read it is a 404, as it
 * would be read now; the checks that follow use its visibility as it is now.
 */
export async function holdSite(
  deps: Pick<SiteMembersDeps, 'access' | 'repos'>,
  tx: DbOrTx,
  principal: Principal,
  site: SiteRecord,
  notFound: () => Error = () => siteErrors.notFound(site.id),
) {
  const node = await deps.repos.nodes.lockRow(tx, site.guid);
  if (!node || !(await deps.access.has(principal, node, Access.READ, tx))) throw notFound();
  await deps.repos.sites.lock(tx, site.id);
  return siteFromNode(node);
}

/** The member's role, or 404. */
async function roleOrNotFound(deps: SiteMembersDeps, tx: DbOrTx, site: SiteRecord, p: PersonRecord): Promise<SiteRole> {
  const role = await deps.repos.sites.roleOf(tx, site.id, p.id);
  if (!role) throw siteErrors.notMember(p.id, site.id);
  return role;
}

/** The role of a member about to be changed or removed, or 400. */
async function roleToChange(deps: SiteMembersDeps, tx: DbOrTx, site: SiteRecord, p: PersonRecord): Promise<SiteRole> {
  const role = await deps.repos.sites.roleOf(tx, site.id, p.id);
  if (!role) throw siteErrors.notMemberToChange(p.id, site.id);
  return role;
}

/** A non-manager's addition is allowed only as joining a PUBLIC site as SiteConsumer (else 403). */
function requireJoin(deps: SiteMembersDeps, principal: Principal, site: SiteRecord, members: Member[]): void {
  const { sites } = deps;
  const [only] = members;
  if (members.length !== 1 || only?.person.id !== principal.id) sites.requireManager(principal, site);
  if (site.visibility === 'MODERATED') throw siteErrors.joinRequestNeeded(site.id);
  if (site.visibility !== 'PUBLIC') sites.requireManager(principal, site);
  if (only?.role !== 'SiteConsumer') throw siteErrors.joinAsConsumerOnly(site.id);
}

async function list(deps: SiteMembersDeps, principal: Principal, siteId: string, skipCount: number, maxItems: number) {
  const { db, repos } = deps;
  const site = await deps.sites.loadVisible(principal, siteId);
  const page = await repos.sites.members(db, site.id, skipCount, maxItems);
  const people = new Map(
    (
      await repos.people.findMany(
        db,
        page.items.map((m) => m.personId),
      )
    ).map((p) => [p.id, p]),
  );
  const items: Member[] = page.items.map((m) => ({ person: people.get(m.personId)!, role: m.role }));
  return { items, total: page.total };
}

async function get(deps: SiteMembersDeps, principal: Principal, siteId: string, personId: string): Promise<Member> {
  const site = await deps.sites.loadVisible(principal, siteId);
  const p = await person(deps, principal, personId);
  return { person: p, role: await roleOrNotFound(deps, deps.db, site, p) };
}

/**
 * Adds people (all of them or none): the caller (403), then each person (404, 409). A
 * SiteManager or an administrator adds anyone; anyone else may only join: add themself, alone,
 * as SiteConsumer, to a PUBLIC site (a MODERATED site takes a join request), as in Alfresco.
 */
async function add(
  deps: SiteMembersDeps,
  principal: Principal,
  siteId: string,
  additions: { id: string; role: SiteRole }[],
): Promise<Member[]> {
  const { sites, repos } = deps;
  const site = await sites.loadVisible(principal, siteId);
  const members: Member[] = [];
  for (const a of additions) members.push({ person: await person(deps, principal, a.id), role: a.role });
  await deps.db.transaction().execute(async (tx) => {
    // A join is checked against the site as held: not one that has just become MODERATED or PRIVATE.
    const held = await holdSite(deps, tx, principal, site);
    if (!sites.isManager(principal, held)) requireJoin(deps, principal, held, members);
    const now = Date.now();
    for (const m of members) {
      if (await repos.sites.roleOf(tx, site.id, m.person.id)) throw siteErrors.alreadyMember(m.person.id, site.id);
      await repos.sites.setRole(tx, site.id, m.person.id, m.role, now);
      // A member has no request to join pending: one made before ends here.
      await repos.siteMembershipRequests.remove(tx, site.guid, m.person.id);
    }
  });
  return members;
}

/**
 * Changes a member's role: a member (400), changed by a SiteManager or an administrator (422);
 * never demotes the last SiteManager (422).
 */
async function update(
  deps: SiteMembersDeps,
  principal: Principal,
  siteId: string,
  personId: string,
  role: SiteRole,
): Promise<Member> {
  const { sites, repos } = deps;
  const site = await sites.loadVisible(principal, siteId);
  const p = await person(deps, principal, personId);
  await deps.db.transaction().execute(async (tx) => {
    await holdSite(deps, tx, principal, site);
    const current = await roleToChange(deps, tx, site, p);
    if (!sites.isManager(principal, site)) throw siteErrors.cannotChangeMembership(site.id);
    if (current === role) return;
    if (current === 'SiteManager' && (await repos.sites.countManagers(tx, site.id)) <= 1) {
      throw siteErrors.lastManagerDemoted(site.id);
    }
    await repos.sites.setRole(tx, site.id, p.id, role, Date.now());
  });
  return { person: p, role };
}

/**
 * Removes a member (400 for anyone else), never the last SiteManager (400); the member
 * themself, a SiteManager or an administrator may, anyone else gets 422. Alfresco checks in
 * this order.
 */
async function remove(deps: SiteMembersDeps, principal: Principal, siteId: string, personId: string): Promise<void> {
  const { sites, repos } = deps;
  const site = await sites.loadVisible(principal, siteId);
  const p = await person(deps, principal, personId);
  await deps.db.transaction().execute(async (tx) => {
    await holdSite(deps, tx, principal, site);
    const current = await roleToChange(deps, tx, site, p);
    if (current === 'SiteManager' && (await repos.sites.countManagers(tx, site.id)) <= 1) {
      throw siteErrors.lastManagerRemoved(site.id);
    }
    if (p.id !== principal.id && !sites.isManager(principal, site)) {
      throw siteErrors.cannotChangeMembership(site.id);
    }
    await repos.sites.setRole(tx, site.id, p.id, undefined, Date.now());
  });
}

/**
 * Site membership: a person is a member by being in one of the site's role groups. Whoever can
 * see a site can see its members; SiteManagers and administrators add, change and remove them; a
 * member may leave. A site always keeps a SiteManager: the last one can be neither demoted (422)
 * nor removed (400). Changes of one site are serialised (see SitesRepository.lock).
 *
 * Statuses of changes and removals follow Alfresco's SitesImpl and SiteService: the person must
 * be a member (400, where GET answers 404), and a caller who may not change the membership gets
 * 422 (a SiteServiceException), not 403. Adding members is refused with 403, except that anyone
 * may join a PUBLIC site as SiteConsumer.
 */
export function createSiteMembersService(deps: SiteMembersDeps) {
  return {
    person: (principal: Principal, idOrMe: string) => person(deps, principal, idOrMe),
    list: (principal: Principal, siteId: string, skipCount: number, maxItems: number) =>
      list(deps, principal, siteId, skipCount, maxItems),
    get: (principal: Principal, siteId: string, personId: string) => get(deps, principal, siteId, personId),
    add: (principal: Principal, siteId: string, additions: { id: string; role: SiteRole }[]) =>
      add(deps, principal, siteId, additions),
    update: (principal: Principal, siteId: string, personId: string, role: SiteRole) =>
      update(deps, principal, siteId, personId, role),
    remove: (principal: Principal, siteId: string, personId: string) => remove(deps, principal, siteId, personId),
  };
}

export type SiteMembersService = ReturnType<typeof createSiteMembersService>;
