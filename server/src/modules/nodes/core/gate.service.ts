import type { Db, DbOrTx } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { AccessService } from '../../permissions/access.service.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';
import type { SystemNodes } from './special-nodes.ts';

/**
 * The one access gate of the node graph: every service of nodes/ finds the nodes a request names
 * through it (id or alias, relativePath, 404 for what does not exist) and asks it for the access
 * bits the operation needs (403). Route handlers never call it: they call a service.
 */
export interface GateDeps {
  db: Db;
  systemNodes: SystemNodes;
  access: AccessService;
  nodes: Pick<NodesRepository, 'findById' | 'findChildByName'>;
  /** MAX_FOLDER_DEPTH: how many levels below Company Home a folder may be (creates; 422 beyond). */
  maxFolderDepth?: number | undefined;
}

/** The node by id (no alias), 404 when there is none; no access check. */
export async function loadNode(deps: GateDeps, id: string, tx: DbOrTx = deps.db): Promise<NodeRecord> {
  const node = await deps.nodes.findById(tx, id);
  if (!node) throw nodeErrors.notFound(id);
  return node;
}

function aliasTarget(systemNodes: SystemNodes, principal: Principal, idOrAlias: string): string {
  switch (idOrAlias) {
    case '-root-':
      return systemNodes.companyHome;
    case '-shared-':
      return systemNodes.shared;
    case '-my-':
      if (!principal.homeFolderId) throw notFound(`Home folder of ${principal.id}`);
      return principal.homeFolderId;
    default:
      return idOrAlias;
  }
}

/**
 * Follows `relativePath` (folder names, case-insensitive) below a folder; anything missing or
 * not readable on the way is 404 (existence is not revealed).
 */
async function descend(
  deps: GateDeps,
  principal: Principal,
  base: NodeRecord,
  relativePath: string | undefined,
): Promise<NodeRecord> {
  if (relativePath === undefined) return base;
  if (!base.isFolder) throw nodeErrors.notAFolder(base.id);
  let current = base;
  for (const element of relativePath
    .split('/')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const child = await deps.nodes.findChildByName(deps.db, current.id, element);
    if (!child || !(await deps.access.has(principal, child, Access.READ))) {
      throw notFound(`${relativePath} relative to ${base.id}`);
    }
    current = child;
  }
  return current;
}

/** Resolves an id or alias (and optional relativePath) to a node the caller may read (403 otherwise). */
export async function resolveNode(
  deps: GateDeps,
  principal: Principal,
  idOrAlias: string,
  relativePath?: string,
): Promise<NodeRecord> {
  const node = await loadNode(deps, aliasTarget(deps.systemNodes, principal, idOrAlias));
  await deps.access.require(principal, node, Access.READ);
  return relativePath === undefined ? node : descend(deps, principal, node, relativePath);
}

/** As resolveNode, and 400 unless the node is a folder. */
export async function resolveFolder(
  deps: GateDeps,
  principal: Principal,
  idOrAlias: string,
  relativePath?: string,
): Promise<NodeRecord> {
  const node = await resolveNode(deps, principal, idOrAlias, relativePath);
  if (!node.isFolder) throw nodeErrors.notAFolder(node.id);
  return node;
}

/** The node by id (no alias) if the caller holds the access bit on it: 404, then 403. */
export async function loadFor(deps: GateDeps, principal: Principal, id: string, bit: number): Promise<NodeRecord> {
  const node = await loadNode(deps, id);
  await deps.access.require(principal, node, bit);
  return node;
}

/** The checks relativePath creation makes: existing folders readable (else 404), new ones creatable, and not too deep. */
export function pathAccess(deps: GateDeps, principal: Principal) {
  return {
    canRead: (node: NodeRecord, tx: DbOrTx) => deps.access.has(principal, node, Access.READ, tx),
    requireCreate: (folder: NodeRecord, tx: DbOrTx) => deps.access.require(principal, folder, Access.ADD_CHILDREN, tx),
    maxFolderDepth: deps.maxFolderDepth,
  };
}

/** The gate with its dependencies bound, as the services of nodes/ receive it. */
export function createNodeGate(deps: GateDeps) {
  const { access } = deps;
  return {
    load: (id: string, tx?: DbOrTx) => loadNode(deps, id, tx),
    resolve: (principal: Principal, idOrAlias: string, relativePath?: string) =>
      resolveNode(deps, principal, idOrAlias, relativePath),
    resolveFolder: (principal: Principal, idOrAlias: string, relativePath?: string) =>
      resolveFolder(deps, principal, idOrAlias, relativePath),
    loadFor: (principal: Principal, id: string, bit: number) => loadFor(deps, principal, id, bit),
    /** 403 unless the caller holds the access bit on the node. */
    require: (principal: Principal, node: NodeRecord, bit: number, tx?: DbOrTx) =>
      access.require(principal, node, bit, tx),
    has: (principal: Principal, node: NodeRecord, bit: number, tx?: DbOrTx) => access.has(principal, node, bit, tx),
    /** The nodes the caller may read, in their order. */
    readable: (principal: Principal, nodes: readonly NodeRecord[]) => access.readable(principal, nodes),
    /** The caller as SQL filters see them; undefined for administrators (no filter). */
    readers: (principal: Principal) => access.readers(principal),
    pathAccess: (principal: Principal) => pathAccess(deps, principal),
  };
}

export type NodeGate = ReturnType<typeof createNodeGate>;
