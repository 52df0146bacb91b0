import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import type { NodeRecord, NodesRepository } from '../nodes/core/nodes.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import { SITE_TYPE } from '../sites/sites.model.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { favoriteErrors } from './favorites.errors.ts';
import {
  isForeignKeyViolation,
  type FavoriteKind,
  type FavoriteRow,
  type FavoriteSort,
  type FavoritesRepository,
} from './favorites.repository.ts';

/** A favorite with its target node. */
export interface Favorite {
  kind: FavoriteKind;
  createdAt: number;
  node: NodeRecord;
}

/** What a POST body names: `{file:{guid}}`, `{folder:{guid}}` or `{site:{guid}|{id}}`. */
export type FavoriteTargetRef = components['schemas']['FavoriteBodyCreate']['target'];

export interface FavoritesServiceDeps {
  db: Db;
  access: AccessService;
  systemNodes: SystemNodes;
  repos: { favorites: FavoritesRepository; nodes: NodesRepository };
}

/** The caller's id when `personId` is `-me-` or the caller; anyone else, known or not, is 404. */
function owner(principal: Principal, personId: string): string {
  const wanted = personId.toLowerCase();
  if (wanted === '-me-' || wanted === principal.id.toLowerCase()) return principal.id;
  throw favoriteErrors.personNotFound(personId);
}

async function withNodes(deps: FavoritesServiceDeps, rows: FavoriteRow[]): Promise<Favorite[]> {
  const nodes = new Map(
    (
      await deps.repos.nodes.findMany(
        deps.db,
        rows.map((r) => r.targetId),
      )
    ).map((n) => [n.id, n]),
  );
  return rows.flatMap((r) => {
    const node = nodes.get(r.targetId);
    return node ? [{ kind: r.kind, createdAt: r.createdAt, node }] : [];
  });
}

/** What a body names: the node (if any), its kind, and what that kind of node must be. */
interface NamedTarget {
  kind: FavoriteKind;
  ref: string;
  node: NodeRecord | undefined;
  matches: (n: NodeRecord) => boolean;
}

async function lookUpTarget(deps: FavoritesServiceDeps, target: FavoriteTargetRef): Promise<NamedTarget> {
  const { db, repos, systemNodes } = deps;
  if (target.file) {
    const ref = target.file.guid;
    return { kind: 'file', ref, node: await repos.nodes.findById(db, ref), matches: (n) => n.isFile };
  }
  if (target.folder) {
    const ref = target.folder.guid;
    const matches = (n: NodeRecord) => n.isFolder && n.nodeType !== SITE_TYPE;
    return { kind: 'folder', ref, node: await repos.nodes.findById(db, ref), matches };
  }
  const { guid, id } = target.site ?? {};
  const ref = guid ?? id ?? '';
  const node = guid
    ? await repos.nodes.findById(db, guid)
    : await repos.nodes.findChildByName(db, systemNodes.sites, ref);
  // Given both, they must name the same site.
  const matches = (n: NodeRecord) =>
    n.nodeType === SITE_TYPE &&
    n.parentId === systemNodes.sites &&
    (id === undefined || n.name.toLowerCase() === id.toLowerCase());
  return { kind: 'site', ref, node, matches };
}

/** The node a body names when it exists, is of the kind named and the caller may read it; else 404. */
async function resolveTarget(
  deps: FavoritesServiceDeps,
  principal: Principal,
  personId: string,
  target: FavoriteTargetRef,
): Promise<{ kind: FavoriteKind; node: NodeRecord }> {
  const { kind, ref, node, matches } = await lookUpTarget(deps, target);
  if (!node || !matches(node) || !(await deps.access.has(principal, node, Access.READ))) {
    throw favoriteErrors.notFound(personId, ref);
  }
  return { kind, node };
}

export interface FavoriteListing {
  kinds: FavoriteKind[];
  sort: readonly FavoriteSort[];
  skipCount: number;
  maxItems: number;
}

/** A page of the caller's favorites of these kinds whose targets they may read (counted likewise), in order. */
async function list(
  deps: FavoritesServiceDeps,
  principal: Principal,
  personId: string,
  options: FavoriteListing,
): Promise<{ items: Favorite[]; total: number }> {
  const id = owner(principal, personId);
  const readable = deps.access.readers(principal);
  const page = await deps.repos.favorites.list(deps.db, id, {
    kinds: options.kinds,
    sort: options.sort,
    skip: options.skipCount,
    limit: options.maxItems,
    ...(readable ? { readable } : {}),
  });
  return { items: await withNodes(deps, page.items), total: page.total };
}

/** One favorite; 404 when it is none or its target cannot be read. */
async function get(
  deps: FavoritesServiceDeps,
  principal: Principal,
  personId: string,
  targetId: string,
): Promise<Favorite> {
  const { db, repos } = deps;
  const id = owner(principal, personId);
  const row = await repos.favorites.find(db, id, targetId);
  const node = row ? await repos.nodes.findById(db, targetId) : undefined;
  if (!row || !node || !(await deps.access.has(principal, node, Access.READ))) {
    throw favoriteErrors.notFound(id, targetId);
  }
  return { kind: row.kind, createdAt: row.createdAt, node };
}

/**
 * Adds the targets (all of them or none), in the order given. A target that is a favorite
 * already stays as it is, with its date (201 again, as Alfresco).
 */
async function add(
  deps: FavoritesServiceDeps,
  principal: Principal,
  personId: string,
  targets: FavoriteTargetRef[],
): Promise<Favorite[]> {
  const { favorites } = deps.repos;
  const id = owner(principal, personId);
  const resolved: { kind: FavoriteKind; node: NodeRecord }[] = [];
  for (const target of targets) resolved.push(await resolveTarget(deps, principal, id, target));
  const targetIds = resolved.map((r) => r.node.id);
  try {
    const saved = await deps.db.transaction().execute(async (tx) => {
      await favorites.add(
        tx,
        id,
        resolved.map((r) => ({ targetId: r.node.id, kind: r.kind })),
        Date.now(),
      );
      return new Map((await favorites.findMany(tx, id, targetIds)).map((r) => [r.targetId, r]));
    });
    return resolved.map(({ node }) => {
      const row = saved.get(node.id)!;
      return { kind: row.kind, createdAt: row.createdAt, node };
    });
  } catch (error) {
    // A target deleted between the checks and the insert.
    if (isForeignKeyViolation(error)) throw favoriteErrors.notFound(id, targetIds.join(','));
    throw error;
  }
}

/**
 * Removes a favorite; 404 when it is none. Whether the caller can still read the target does
 * not matter: the favorite is theirs, and one they cannot see could not be removed otherwise.
 */
async function remove(deps: FavoritesServiceDeps, principal: Principal, personId: string, targetId: string) {
  const id = owner(principal, personId);
  if (!(await deps.repos.favorites.remove(deps.db, id, targetId))) throw favoriteErrors.notFound(id, targetId);
}

/** A favorite site named by its site id (Alfresco's `/favorite-sites`): the site node, or 404. */
async function siteNamed(deps: FavoritesServiceDeps, principal: Principal, personId: string, siteId: string) {
  const id = owner(principal, personId);
  return { id, site: (await resolveTarget(deps, principal, id, { site: { id: siteId } })).node };
}

/**
 * Adds a site by its id; 409 when it is a favorite already (as Alfresco's `/favorite-sites`):
 * decided by the insert itself, so of requests at the same time one is 201 and the others 409.
 */
async function addSiteById(deps: FavoritesServiceDeps, principal: Principal, personId: string, siteId: string) {
  const { id, site } = await siteNamed(deps, principal, personId, siteId);
  let added: number;
  try {
    added = await deps.repos.favorites.add(deps.db, id, [{ targetId: site.id, kind: 'site' }], Date.now());
  } catch (error) {
    // The site deleted between the checks and the insert.
    if (isForeignKeyViolation(error)) throw favoriteErrors.notFound(id, site.id);
    throw error;
  }
  if (added === 0) throw favoriteErrors.siteAlready(site.name);
  return get(deps, principal, id, site.id);
}

/** Which of these nodes are the caller's favorites (one query, for include=isFavorite). */
async function favoriteIds(deps: FavoritesServiceDeps, principal: Principal, nodeIds: readonly string[]) {
  const rows = await deps.repos.favorites.findMany(deps.db, principal.id, [...new Set(nodeIds)]);
  return new Set(rows.map((r) => r.targetId));
}

/**
 * A person's favorite files, folders and sites. Only the person may see or change them; any
 * access problem is a 404, as in Alfresco. A favorite whose target the caller can no longer read
 * stays stored (access may come back) but is not shown.
 */
export function createFavoritesService(deps: FavoritesServiceDeps) {
  return {
    owner,
    list: (principal: Principal, personId: string, options: FavoriteListing) =>
      list(deps, principal, personId, options),
    get: (principal: Principal, personId: string, targetId: string) => get(deps, principal, personId, targetId),
    add: (principal: Principal, personId: string, targets: FavoriteTargetRef[]) =>
      add(deps, principal, personId, targets),
    remove: (principal: Principal, personId: string, targetId: string): Promise<void> =>
      remove(deps, principal, personId, targetId),
    favoriteIds: (principal: Principal, nodeIds: readonly string[]): Promise<Set<string>> =>
      favoriteIds(deps, principal, nodeIds),

    /** Alfresco's `/favorite-sites/{siteId}`: the favorite of the site with this id, or 404. */
    getSite: async (principal: Principal, personId: string, siteId: string): Promise<Favorite> => {
      const { id, site } = await siteNamed(deps, principal, personId, siteId);
      return get(deps, principal, id, site.id);
    },
    addSiteById: (principal: Principal, personId: string, siteId: string): Promise<Favorite> =>
      addSiteById(deps, principal, personId, siteId),
    removeSite: async (principal: Principal, personId: string, siteId: string): Promise<void> => {
      const { id, site } = await siteNamed(deps, principal, personId, siteId);
      await remove(deps, principal, id, site.id);
    },

    /** The sites service's hook: a new site becomes its creator's favorite, in the creating transaction. */
    async addSite(tx: DbOrTx, personId: string, siteGuid: string): Promise<void> {
      await deps.repos.favorites.add(tx, personId, [{ targetId: siteGuid, kind: 'site' }], Date.now());
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
