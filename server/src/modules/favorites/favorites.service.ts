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

/**
 * A person's favorite files, folders and sites. Only the person may see or change them; any
 * access problem is a 404, as in Alfresco. A favorite whose target the caller can no longer read
 * stays stored (access may come back) but is not shown.
 */
export function createFavoritesService(deps: FavoritesServiceDeps) {
  const { db, access, systemNodes, repos } = deps;

  /** The caller's id when `personId` is `-me-` or the caller; anyone else, known or not, is 404. */
  function owner(principal: Principal, personId: string): string {
    const wanted = personId.toLowerCase();
    if (wanted === '-me-' || wanted === principal.id.toLowerCase()) return principal.id;
    throw favoriteErrors.personNotFound(personId);
  }

  async function withNodes(rows: FavoriteRow[]): Promise<Favorite[]> {
    const nodes = new Map(
      (
        await repos.nodes.findMany(
          db,
          rows.map((r) => r.targetId),
        )
      ).map((n) => [n.id, n]),
    );
    return rows.flatMap((r) => {
      const node = nodes.get(r.targetId);
      return node ? [{ kind: r.kind, createdAt: r.createdAt, node }] : [];
    });
  }

  /** The node a body names when it exists, is of the kind named and the caller may read it; else 404. */
  async function resolveTarget(principal: Principal, personId: string, target: FavoriteTargetRef) {
    let kind: FavoriteKind;
    let node: NodeRecord | undefined;
    let matches: (n: NodeRecord) => boolean;
    let ref: string;
    if (target.file) {
      kind = 'file';
      ref = target.file.guid;
      node = await repos.nodes.findById(db, ref);
      matches = (n) => n.isFile;
    } else if (target.folder) {
      kind = 'folder';
      ref = target.folder.guid;
      node = await repos.nodes.findById(db, ref);
      matches = (n) => n.isFolder && n.nodeType !== SITE_TYPE;
    } else {
      kind = 'site';
      const { guid, id } = target.site ?? {};
      ref = guid ?? id ?? '';
      node = guid
        ? await repos.nodes.findById(db, guid)
        : await repos.nodes.findChildByName(db, systemNodes.sites, ref);
      // Given both, they must name the same site.
      matches = (n) =>
        n.nodeType === SITE_TYPE &&
        n.parentId === systemNodes.sites &&
        (id === undefined || n.name.toLowerCase() === id.toLowerCase());
    }
    if (!node || !matches(node) || !(await access.has(principal, node, Access.READ))) {
      throw favoriteErrors.notFound(personId, ref);
    }
    return { kind, node };
  }

  return {
    owner,

    /** A page of the caller's favorites of these kinds whose targets they may read (counted likewise), in order. */
    async list(
      principal: Principal,
      personId: string,
      options: { kinds: FavoriteKind[]; sort: readonly FavoriteSort[]; skipCount: number; maxItems: number },
    ): Promise<{ items: Favorite[]; total: number }> {
      const id = owner(principal, personId);
      const readable = access.readers(principal);
      const page = await repos.favorites.list(db, id, {
        kinds: options.kinds,
        sort: options.sort,
        skip: options.skipCount,
        limit: options.maxItems,
        ...(readable ? { readable } : {}),
      });
      return { items: await withNodes(page.items), total: page.total };
    },

    /** One favorite; 404 when it is none or its target cannot be read. */
    async get(principal: Principal, personId: string, targetId: string): Promise<Favorite> {
      const id = owner(principal, personId);
      const row = await repos.favorites.find(db, id, targetId);
      const node = row ? await repos.nodes.findById(db, targetId) : undefined;
      if (!row || !node || !(await access.has(principal, node, Access.READ))) {
        throw favoriteErrors.notFound(id, targetId);
      }
      return { kind: row.kind, createdAt: row.createdAt, node };
    },

    /**
     * Adds the targets (all of them or none), in the order given. A target that is a favorite
     * already stays as it is, with its date (201 again, as Alfresco).
     */
    async add(principal: Principal, personId: string, targets: FavoriteTargetRef[]): Promise<Favorite[]> {
      const id = owner(principal, personId);
      const resolved: { kind: FavoriteKind; node: NodeRecord }[] = [];
      for (const target of targets) resolved.push(await resolveTarget(principal, id, target));
      const targetIds = resolved.map((r) => r.node.id);
      try {
        const saved = await db.transaction().execute(async (tx) => {
          await repos.favorites.add(
            tx,
            id,
            resolved.map((r) => ({ targetId: r.node.id, kind: r.kind })),
            Date.now(),
          );
          return new Map((await repos.favorites.findMany(tx, id, targetIds)).map((r) => [r.targetId, r]));
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
    },

    /**
     * Removes a favorite; 404 when it is none. Whether the caller can still read the target does
     * not matter: the favorite is theirs, and one they cannot see could not be removed otherwise.
     */
    async remove(principal: Principal, personId: string, targetId: string): Promise<void> {
      const id = owner(principal, personId);
      if (!(await repos.favorites.remove(db, id, targetId))) throw favoriteErrors.notFound(id, targetId);
    },

    /** Which of these nodes are the caller's favorites (one query, for include=isFavorite). */
    async favoriteIds(principal: Principal, nodeIds: readonly string[]): Promise<Set<string>> {
      const rows = await repos.favorites.findMany(db, principal.id, [...new Set(nodeIds)]);
      return new Set(rows.map((r) => r.targetId));
    },

    /** The sites service's hook: a new site becomes its creator's favorite, in the creating transaction. */
    async addSite(tx: DbOrTx, personId: string, siteGuid: string): Promise<void> {
      await repos.favorites.add(tx, personId, [{ targetId: siteGuid, kind: 'site' }], Date.now());
    },
  };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
