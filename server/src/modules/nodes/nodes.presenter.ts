import type { components } from '../../../../openapi/schema.gen.ts';
import { formatDate } from '../../http/json.ts';
import type { Principal } from '../../http/principal.ts';
import { applyFields, includeParam, listParam } from '../../http/params.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import { propertySelectors } from './core/node-properties.ts';
import { toNodeJson, toPathInfo, type NodeJson, type PathInfo } from './nodes.mappers.ts';
import type { Ancestor, NodeRecord, UserRef } from './core/nodes.repository.ts';
import type { NodesService } from './nodes.service.ts';

type DeletedNodeJson = components['schemas']['DeletedNode'];

export interface ViewQuery {
  include?: string[];
  fields?: string[];
}

/** Includes that depend on the caller's access to each node. */
const NEEDS_ACCESS = ['allowableOperations', 'permissions'];

/** Which nodes are the caller's favorites (the favorites module); one query for many nodes. */
export interface FavoriteLookup {
  favoriteIds(principal: Principal, nodeIds: readonly string[]): Promise<Set<string>>;
}

/** A node reached through an association, with it, or found by a search (no association). */
type RelatedItem = { node: NodeRecord; assocType?: string; isPrimary?: boolean };

/** A trash item: the node, when and by whom it was deleted, the live folder it came from. */
type DeletedItem = { node: NodeRecord; archivedAt: number; archivedBy: UserRef; from: NodeRecord | undefined };

/** What the presenter reads: the nodes service (paths, permissions), access bits, favorites. */
interface PresenterDeps {
  nodes: NodesService;
  access: AccessService;
  favorites: FavoriteLookup | undefined;
}

/** `path`: the ancestors from the root; it stops (isComplete false) above the nearest one the caller cannot read. */
async function pathOf(deps: PresenterDeps, principal: Principal, ancestors: Ancestor[]): Promise<PathInfo> {
  const bits = await deps.access.bitsOfMany(principal, ancestors);
  let first = ancestors.length;
  while (first > 0 && (bits.get(ancestors[first - 1]!.id)! & Access.READ) !== 0) first -= 1;
  return toPathInfo(ancestors.slice(first), first === 0);
}

/**
 * What include=permissions needs: the permissions above `from` (nearest first, after `first`)
 * and the display names of every authority in them and in the nodes' own entries.
 */
async function permissionsView(
  deps: PresenterDeps,
  from: NodeRecord,
  nodesShown: NodeRecord[],
  first: NodeRecord['permissions'][] = [],
) {
  const permissionChain = [...first, ...(await deps.nodes.permissionChain(from))];
  const ids = [...permissionChain, ...nodesShown.map((n) => n.permissions)].flatMap((p) =>
    p.local.map((e) => e.authorityId),
  );
  return { permissionChain, authorityNames: await deps.nodes.authorityNames(ids) };
}

/** Access bits per node, fetched only when an include needs them. */
async function bitsFor(deps: PresenterDeps, principal: Principal, items: NodeRecord[], include: ReadonlySet<string>) {
  if (!NEEDS_ACCESS.some((i) => include.has(i))) return new Map<string, number>();
  return deps.access.bitsOfMany(principal, items);
}

/** The caller's favorites among the nodes, looked up only for include=isFavorite. */
async function favoritesAmong(
  deps: PresenterDeps,
  principal: Principal,
  items: NodeRecord[],
  include: ReadonlySet<string>,
) {
  if (!include.has('isFavorite') || !deps.favorites || items.length === 0) return new Set<string>();
  return deps.favorites.favoriteIds(
    principal,
    items.map((n) => n.id),
  );
}

function accessView(deps: PresenterDeps, principal: Principal, node: NodeRecord, bits: number | undefined) {
  return {
    allowableOperations: deps.nodes.allowableOperations(principal, bits ?? 0, node),
    mayReadPermissions: ((bits ?? 0) & Access.READ_PERMISSIONS) !== 0,
  };
}

/** One node, as GET/POST/PUT return it (aspectNames and properties always). */
async function one(
  deps: PresenterDeps,
  principal: Principal,
  node: NodeRecord,
  query: ViewQuery,
): Promise<{ entry: NodeJson }> {
  const include = includeParam(query.include);
  // Nothing is awaited for what no include asks for (the common GET).
  const bits = NEEDS_ACCESS.some((i) => include.has(i))
    ? (await bitsFor(deps, principal, [node], include)).get(node.id)
    : undefined;
  const { allowableOperations, mayReadPermissions } = accessView(deps, principal, node, bits);
  const json = toNodeJson(node, {
    full: true,
    include,
    isFavorite: include.has('isFavorite') && (await favoritesAmong(deps, principal, [node], include)).has(node.id),
    ...(include.has('path') ? { path: await pathOf(deps, principal, await deps.nodes.path(node)) } : {}),
    ...(include.has('permissions') && mayReadPermissions ? await permissionsView(deps, node, [node]) : {}),
    allowableOperations,
  });
  return { entry: applyFields(json, listParam(query.fields), include) };
}

/** The path of a folder's children; with `base`, how the folder lies below it (relativePath). */
async function childrenPath(
  deps: PresenterDeps,
  principal: Principal,
  folder: NodeRecord,
  base: NodeRecord | undefined,
): Promise<PathInfo> {
  const chain = [...(await deps.nodes.path(folder)), folder];
  const path = await pathOf(deps, principal, chain);
  const from = base && base.id !== folder.id ? chain.findIndex((n) => n.id === base.id) : -1;
  if (from < 0) return path;
  return {
    ...path,
    relativePath: `/${chain
      .slice(from + 1)
      .map((n) => n.name)
      .join('/')}`,
  };
}

/**
 * Children of one folder: the path is computed once for all of them. `base`: the node the
 * listing's `relativePath` started from (the path then says how the folder lies below it).
 */
async function children(
  deps: PresenterDeps,
  principal: Principal,
  folder: NodeRecord,
  items: NodeRecord[],
  query: ViewQuery,
  base?: NodeRecord,
) {
  const include = includeParam(query.include);
  propertySelectors(include);
  const fields = listParam(query.fields);
  const bits = await bitsFor(deps, principal, items, include);
  const favoriteIds = await favoritesAmong(deps, principal, items, include);
  const permissions = include.has('permissions')
    ? await permissionsView(deps, folder, items, [folder.permissions])
    : undefined;
  const path = include.has('path') ? await childrenPath(deps, principal, folder, base) : undefined;
  return (item: NodeRecord): NodeJson => {
    const { allowableOperations, mayReadPermissions } = accessView(deps, principal, item, bits.get(item.id));
    return applyFields(
      toNodeJson(item, {
        full: false,
        include,
        isFavorite: favoriteIds.has(item.id),
        // relativePath belongs to the folder's own children, not to its secondary ones.
        ...(path ? { path: path.relativePath && item.parentId !== folder.id ? withoutRelative(path) : path } : {}),
        ...(permissions && mayReadPermissions ? permissions : {}),
        allowableOperations,
        association: { assocType: 'cm:contains', isPrimary: item.parentId === folder.id },
      }),
      fields,
      include,
    );
  };
}

/**
 * Nodes reached through associations (secondary children, parents, targets, sources), each
 * with its association, or found by a search (no association); access bits and favorites are
 * looked up once for all of them.
 */
async function related(
  deps: PresenterDeps,
  principal: Principal,
  items: RelatedItem[],
  query: ViewQuery,
): Promise<NodeJson[]> {
  const include = includeParam(query.include);
  propertySelectors(include);
  const fields = listParam(query.fields);
  const nodesShown = items.map((i) => i.node);
  const bits = await bitsFor(deps, principal, nodesShown, include);
  const favoriteIds = await favoritesAmong(deps, principal, nodesShown, include);
  const entries: NodeJson[] = [];
  for (const { node, assocType, isPrimary } of items) {
    const json = toNodeJson(node, {
      full: false,
      include,
      isFavorite: favoriteIds.has(node.id),
      ...(include.has('path') ? { path: await pathOf(deps, principal, await deps.nodes.path(node)) } : {}),
      allowableOperations: accessView(deps, principal, node, bits.get(node.id)).allowableOperations,
      ...(assocType === undefined
        ? {}
        : { association: isPrimary === undefined ? { assocType } : { assocType, isPrimary } }),
    });
    entries.push(applyFields(json, fields, include));
  }
  return entries;
}

/**
 * Trash items (/deleted-nodes): the node without parentId, with archivedAt and archivedByUser;
 * `path` is the folder it was deleted from (absent when that folder is gone or in the trash).
 * The caller may restore and purge what they see, so allowableOperations is `delete`.
 */
async function deleted(
  deps: PresenterDeps,
  principal: Principal,
  items: DeletedItem[],
  query: ViewQuery,
  full: boolean,
): Promise<DeletedNodeJson[]> {
  const include = includeParam(query.include);
  propertySelectors(include);
  const entries: DeletedNodeJson[] = [];
  for (const { node, archivedAt, archivedBy, from } of items) {
    const path =
      include.has('path') && from ? await pathOf(deps, principal, [...(await deps.nodes.path(from)), from]) : undefined;
    const { parentId: _parentId, ...json } = toNodeJson(node, {
      full,
      include,
      ...(path ? { path } : {}),
      allowableOperations: ['delete'],
    });
    entries.push({ ...json, archivedAt: formatDate(archivedAt), archivedByUser: archivedBy });
  }
  return entries;
}

/** Shapes nodes for responses: include values, fields, path, permissions, allowable operations, isFavorite. */
export function createNodesPresenter(nodes: NodesService, access: AccessService, favorites?: FavoriteLookup) {
  const deps: PresenterDeps = { nodes, access, favorites };
  return {
    one: (principal: Principal, node: NodeRecord, query: ViewQuery) => one(deps, principal, node, query),
    children: (principal: Principal, folder: NodeRecord, items: NodeRecord[], query: ViewQuery, base?: NodeRecord) =>
      children(deps, principal, folder, items, query, base),
    related: (principal: Principal, items: RelatedItem[], query: ViewQuery) => related(deps, principal, items, query),
    deleted: (principal: Principal, items: DeletedItem[], query: ViewQuery, full: boolean) =>
      deleted(deps, principal, items, query, full),

    /** A node's `path` as the caller may see it (for favorites' include=path). */
    async path(principal: Principal, node: NodeRecord): Promise<PathInfo> {
      return pathOf(deps, principal, await nodes.path(node));
    },

    /** `list.source`: the folder itself, unaffected by include and fields. */
    source(folder: NodeRecord): NodeJson {
      return toNodeJson(folder, { full: true, include: new Set() });
    },
  };
}

export type NodesPresenter = ReturnType<typeof createNodesPresenter>;

function withoutRelative(path: PathInfo): PathInfo {
  const { relativePath: _omitted, ...rest } = path;
  return rest;
}
