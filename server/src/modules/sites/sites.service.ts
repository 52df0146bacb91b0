import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import type { SortField } from '../../http/params.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import type { PeopleRepository, PersonRecord } from '../people/people.repository.ts';
import type { AccessService } from '../permissions/access.service.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { isManager, loadVisible, requireManager, roleOfCaller } from './site-lookups.ts';
import { createSite, deleteSite, updateSite } from './site-writes.service.ts';
import { siteErrors } from './sites.errors.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import { roleAmong, roleGroup, SITE_ROLES, siteGroup, type SiteRole, type Visibility } from './sites.model.ts';
import type { SiteRow, SiteSort, SitesRepository } from './sites.repository.ts';

/**
 * Adds a new site to its creator's favorites, in the transaction that creates the site. The
 * favorites module provides it; without it new sites are not added to favorites.
 */
export type AddSiteToFavorites = (tx: DbOrTx, personId: string, siteGuid: string) => Promise<void>;

export interface SitesServiceDeps {
  db: Db;
  systemNodes: SystemNodes;
  access: AccessService;
  acls: AclsService;
  /** Deleting a site deletes its node tree as DELETE /nodes does (content released after commit). */
  nodes: Pick<NodesService, 'deleteSubtree' | 'releaseContent'>;
  addToFavorites?: AddSiteToFavorites;
  repos: { nodes: NodesRepository; groups: GroupsRepository; people: PeopleRepository; sites: SitesRepository };
}

export interface SiteCreate {
  id?: string;
  title: string;
  description?: string;
  visibility: Visibility;
}

export interface SiteUpdate {
  title?: string;
  description?: string;
  visibility?: Visibility;
}

const sortOf = (orderBy: SortField[], allowed: readonly string[]) =>
  orderBy.map(({ field, ascending }) => {
    if (!allowed.includes(field)) throw siteErrors.invalidSort(field);
    return { field, ascending };
  });

function fromRow(deps: SitesServiceDeps, row: SiteRow): SiteRecord {
  return siteFromNode({ ...row, id: row.guid, parentId: deps.systemNodes.sites });
}

/**
 * The groups of the private sites the caller is not a member of (administrators: none): to
 * the caller those sites do not exist, nor do their groups.
 */
async function hiddenGroups(deps: SitesServiceDeps, principal: Principal): Promise<string[]> {
  if (principal.isAdmin) return [];
  const hidden = (await deps.repos.sites.privateSiteIds(deps.db, deps.systemNodes.sites)).filter(
    (siteId) => !roleAmong(siteId, principal.authorities) && !principal.authorities.has(siteGroup(siteId)),
  );
  return hidden.flatMap((siteId) => [siteGroup(siteId), ...SITE_ROLES.map((role) => roleGroup(siteId, role))]);
}

export interface SiteListing {
  skipCount: number;
  maxItems: number;
  orderBy: SortField[];
  visibilities?: Visibility[];
}

/** The sites the caller can see (of these visibilities, if given), by title unless asked otherwise. */
async function listSites(deps: SitesServiceDeps, principal: Principal, options: SiteListing) {
  const sort = sortOf(options.orderBy, ['title', 'id', 'description']) as SiteSort[];
  const readable = deps.access.readers(principal);
  const page = await deps.repos.sites.list(deps.db, deps.systemNodes.sites, {
    sort: sort.length ? sort : [{ field: 'title', ascending: true }],
    skip: options.skipCount,
    limit: options.maxItems,
    ...(readable ? { readable } : {}),
    ...(options.visibilities ? { visibilities: options.visibilities } : {}),
  });
  return { items: page.items.map((row) => fromRow(deps, row)), total: page.total };
}

/** The containers of a site the caller may read. */
async function containers(
  deps: SitesServiceDeps,
  principal: Principal,
  siteId: string,
): Promise<{ id: string; folderId: string }[]> {
  const { db, repos } = deps;
  const site = await loadVisible(deps, principal, siteId);
  const nodes = await repos.nodes.findMany(db, await repos.sites.containerIds(db, site.guid));
  return (await deps.access.readable(principal, nodes)).map((n) => ({
    id: n.id,
    folderId: typeof n.properties['st:componentId'] === 'string' ? n.properties['st:componentId'] : n.name,
  }));
}

/** The sites a person belongs to, with the person's role; for someone else only those the caller sees. */
async function sitesOf(
  deps: SitesServiceDeps,
  principal: Principal,
  person: PersonRecord,
  options: { skipCount: number; maxItems: number; orderBy: SortField[] },
) {
  const { db, repos } = deps;
  const sort = sortOf(options.orderBy, ['title', 'id', 'role']);
  const memberships = await repos.sites.membershipsOf(db, person.id);
  const roles = new Map(memberships.map((m) => [m.siteId.toLowerCase(), m.role]));
  const rows = await repos.sites.findByIds(db, deps.systemNodes.sites, [...roles.keys()]);
  const visible = await deps.access.readable(
    principal,
    rows.map((r) => ({ ...r, id: r.guid })),
  );
  const items = visible.map((row) => ({ site: fromRow(deps, row), role: roles.get(row.name.toLowerCase())! }));
  items.sort(compareBy(sort.length ? sort : [{ field: 'title', ascending: true }]));
  const page = items.slice(options.skipCount, options.skipCount + options.maxItems);
  return { items: page, total: items.length };
}

/** Orders a person's sites by title, id or role (roles by name), then id. */
function compareBy(sort: { field: string; ascending: boolean }[]) {
  const key = (item: { site: SiteRecord; role: SiteRole }, field: string) =>
    field === 'role' ? item.role : field === 'id' ? item.site.id.toLowerCase() : item.site.title.toLowerCase();
  return (a: { site: SiteRecord; role: SiteRole }, b: { site: SiteRecord; role: SiteRole }) => {
    for (const { field, ascending } of [...sort, { field: 'id', ascending: true }]) {
      const order = key(a, field).localeCompare(key(b, field));
      if (order !== 0) return ascending ? order : -order;
    }
    return 0;
  };
}

/**
 * Sites: `st:site` folders under Sites with a documentLibrary, groups per role, and ACLs that
 * follow the visibility. A site is visible to whoever may read its node: everyone for PUBLIC and
 * MODERATED sites, members (and administrators) for PRIVATE ones; to anyone else it does not exist.
 * Creating, changing and deleting sites: site-writes.service.ts.
 */
export function createSitesService(deps: SitesServiceDeps) {
  return {
    loadVisible: (principal: Principal, siteId: string) => loadVisible(deps, principal, siteId),
    hiddenGroups: (principal: Principal) => hiddenGroups(deps, principal),
    isManager,
    requireManager,
    roleOfCaller,
    list: (principal: Principal, options: SiteListing) => listSites(deps, principal, options),
    create: (principal: Principal, body: SiteCreate, options: { skipAddToFavorites: boolean }) =>
      createSite(deps, principal, body, options),
    update: (principal: Principal, siteId: string, body: SiteUpdate) => updateSite(deps, principal, siteId, body),
    delete: (principal: Principal, siteId: string) => deleteSite(deps, principal, siteId),
    containers: (principal: Principal, siteId: string) => containers(deps, principal, siteId),
    sitesOf: (
      principal: Principal,
      person: PersonRecord,
      options: { skipCount: number; maxItems: number; orderBy: SortField[] },
    ) => sitesOf(deps, principal, person, options),
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
