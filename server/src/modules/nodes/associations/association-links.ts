import { isUniqueViolation, type Db, type DbOrTx } from '../../../db/database.ts';
import { lockNodeGraph } from '../../../db/row-locks.ts';
import { badRequest, conflict, integrity, notFound } from '../../../http/errors.ts';
import type { AssocEnd, AssocPageOptions, AssocPair, AssociationsRepository } from '../core/associations.repository.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import { CHILD_ASSOC_TYPES, checkType, PEER_ASSOC_TYPES } from './assoc-types.ts';

/**
 * The associations between nodes whose access was checked already: secondary children and
 * parents, peer targets and sources. Top-level functions over their named dependencies.
 */
export interface LinkDeps {
  db: Db;
  repos: { nodes: NodesRepository; associations: AssociationsRepository };
}

async function other(deps: LinkDeps, tx: DbOrTx, id: string): Promise<NodeRecord> {
  const node = await deps.repos.nodes.findById(tx, id);
  if (!node) throw nodeErrors.notFound(id);
  return node;
}

async function withNodes(deps: LinkDeps, pairs: AssocPair[]): Promise<{ node: NodeRecord; assocType: string }[]> {
  const nodes = await deps.repos.nodes.findMany(
    deps.db,
    pairs.map((p) => p.nodeId),
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return pairs.flatMap((p) => {
    const node = byId.get(p.nodeId);
    return node ? [{ node, assocType: p.assocType }] : [];
  });
}

/** Files `childId` under `parent` too. 409 when already there, 422 when the model forbids it. */
export async function addSecondaryChild(
  deps: LinkDeps,
  parent: NodeRecord,
  childId: string,
  assocType: string,
  tx?: DbOrTx,
): Promise<void> {
  checkType(assocType, CHILD_ASSOC_TYPES);
  // The cycle check and the insert run in one transaction, after every other change of the
  // graph's shape (two opposite additions cannot both pass).
  const add = async (t: DbOrTx) => {
    await lockNodeGraph(t);
    const child = await other(deps, t, childId);
    if (!parent.isFolder)
      throw integrity(`Found 1 integrity violations: ${parent.nodeType} cannot have ${assocType} children`);
    if (child.parentId === parent.id) throw conflict(`${child.id} is already a primary child of ${parent.id}`);
    if (await deps.repos.associations.isAncestorOrSelf(t, child.id, parent.id)) {
      throw badRequest(`Cyclic child relationship: ${child.id} is ${parent.id} or one of its parents`);
    }
    try {
      await deps.repos.associations.addSecondary(t, parent.id, child.id, assocType);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Association already exists: ${parent.id} ${assocType} ${child.id}`);
      throw error;
    }
  };
  if (tx) await add(tx);
  else await deps.db.transaction().execute(add);
}

export async function removeSecondaryChild(
  deps: LinkDeps,
  parent: NodeRecord,
  childId: string,
  assocType: string | undefined,
): Promise<void> {
  const { db, repos } = deps;
  if (assocType) checkType(assocType, CHILD_ASSOC_TYPES);
  const child = await other(deps, db, childId);
  if (child.parentId === parent.id && (!assocType || assocType === 'cm:contains')) {
    if (!(await repos.associations.isSecondaryChild(db, parent.id, child.id, assocType)))
      throw badRequest('The primary association cannot be removed here; move or delete the node');
  }
  if ((await repos.associations.removeSecondary(db, parent.id, child.id, assocType)) === 0) {
    throw notFound(`Secondary child association ${parent.id} -> ${childId}`);
  }
}

/**
 * A page of the nodes at the other end of the node's associations of one kind that the readers may
 * read (every one for undefined readers), oldest first, and how many there are.
 */
export async function linkedPage(
  deps: LinkDeps,
  end: AssocEnd,
  node: NodeRecord,
  options: AssocPageOptions,
): Promise<{ items: { node: NodeRecord; assocType: string }[]; total: number }> {
  const { pairs, total } = await deps.repos.associations.page(deps.db, end, node.id, options);
  return { items: await withNodes(deps, pairs), total };
}

export async function addTarget(
  deps: LinkDeps,
  source: NodeRecord,
  targetId: string,
  assocType: string,
  tx: DbOrTx = deps.db,
): Promise<void> {
  checkType(assocType, PEER_ASSOC_TYPES);
  const target = await other(deps, tx, targetId);
  try {
    await deps.repos.associations.addPeer(tx, source.id, target.id, assocType);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Association already exists: ${source.id} ${assocType} ${target.id}`);
    throw error;
  }
}

export async function removeTarget(
  deps: LinkDeps,
  source: NodeRecord,
  targetId: string,
  assocType: string | undefined,
): Promise<void> {
  if (assocType) checkType(assocType, PEER_ASSOC_TYPES);
  if ((await deps.repos.associations.removePeer(deps.db, source.id, targetId, assocType)) === 0) {
    throw notFound(`Association ${source.id} -> ${targetId}`);
  }
}
