import type { DbOrTx } from '../../db/database.ts';
import { effectiveGrantsBelow } from './access.ts';
import type { AclNode, AclsRepository, Grant } from './acls.repository.ts';
import type { NodePermissions } from './permissions.ts';

/** The node fields ACL maintenance needs. */
export interface AclSubject {
  id: string;
  parentId: string | null;
  /** The ACL in force: the node's own, else (for a folder, stored; for a file, its folder's) the inherited one. */
  aclId: string;
  isFolder: boolean;
}

const defines = (isRoot: boolean, p: NodePermissions) => isRoot || !p.inherit || p.local.length > 0;

/**
 * The ACLs in an order where each comes after the one it inherits from: those whose parent is
 * not among them first, then (as the queue is walked) each one's children, listed here.
 */
function topDown(nodes: AclNode[]): { queue: AclNode[]; children: Map<string, AclNode[]> } {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<string, AclNode[]>();
  const queue: AclNode[] = [];
  for (const node of nodes) {
    const parent = node.inherit ? node.parentAclId : null;
    if (!parent || !ids.has(parent)) queue.push(node);
    else if (children.has(parent)) children.get(parent)!.push(node);
    else children.set(parent, [node]);
  }
  return { queue, children };
}

/**
 * Grants of these ACLs and of every ACL below them, computed top-down: each from its own entries
 * and its parent's grants (effectiveGrantsBelow), so the work per ACL does not grow with its
 * depth, and no recursion (a queue, parents before children).
 */
async function recompute(acls: AclsRepository, tx: DbOrTx, roots: readonly string[]): Promise<void> {
  const nodes = await acls.descendants(tx, roots);
  if (nodes.length === 0) return;
  const { queue, children } = topDown(nodes);
  const computed = new Map<string, Map<string, number>>();
  // The grants of the ACLs above the roots, read once each (the roots may share one: `repoint`).
  const above = new Map<string, Map<string, number>>();
  const grantsAbove = async (aclId: string) => {
    const known = above.get(aclId) ?? new Map((await acls.grantsOf(tx, aclId)).map((g) => [g.authorityId, g.bits]));
    above.set(aclId, known);
    return known;
  };
  const grants: (Grant & { aclId: string })[] = [];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i]!;
    let inherited = new Map<string, number>();
    if (node.inherit && node.parentAclId) {
      inherited = computed.get(node.parentAclId) ?? (await grantsAbove(node.parentAclId));
    }
    const own = effectiveGrantsBelow(node.local, inherited);
    const below = children.get(node.id);
    if (below) {
      computed.set(node.id, own);
      queue.push(...below);
    }
    for (const [authorityId, bits] of own) grants.push({ aclId: node.id, authorityId, bits });
  }
  await acls.replaceGrants(
    tx,
    nodes.map((n) => n.id),
    grants,
  );
}

async function aclOfParent(tx: DbOrTx, node: AclSubject): Promise<string | null> {
  if (!node.parentId) return null;
  const row = await tx.selectFrom('nodes').select('aclId').where('id', '=', node.parentId).executeTakeFirst();
  return row?.aclId ?? null;
}

/** What a node's row is written with when its permissions change: the ACL it ends with, when that changes. */
export type AclPatch = { aclId?: string | null };

/**
 * Writes a node's new permissions (through `writeRow`, given the ACL the row ends with when that
 * changes, so the permissions and the ACL are written in one update and the event the update
 * writes records the ACL the node ends with: ADR 0022) and brings the ACLs in step: the node
 * starts or stops defining an ACL, or its ACL changes; nodes below that shared the old ACL follow.
 */
async function setPermissions(
  acls: AclsRepository,
  tx: DbOrTx,
  node: AclSubject,
  next: NodePermissions,
  writeRow: (acl: AclPatch) => Promise<void>,
): Promise<void> {
  const was = node.aclId === node.id;
  const now = defines(node.parentId === null, next);
  if (now) {
    const parentAcl = next.inherit ? await aclOfParent(tx, node) : null;
    await acls.define(tx, node.id, parentAcl);
    await writeRow(was ? {} : { aclId: node.id });
    if (!was && node.isFolder) await acls.repoint(tx, node.id, node.aclId, node.id);
    await recompute(acls, tx, [node.id]);
  } else if (was) {
    const parentAcl = (await aclOfParent(tx, node))!;
    await writeRow({ aclId: node.isFolder ? parentAcl : null });
    const reparented = node.isFolder ? await acls.repoint(tx, node.id, node.id, parentAcl) : [];
    await acls.remove(tx, node.id);
    await recompute(acls, tx, reparented);
  } else {
    await writeRow({});
  }
}

/**
 * Authorities that no longer exist (a deleted group, a deleted site's groups) leave no
 * entries behind: a new group of the same name must not inherit their access.
 */
async function forgetAuthorities(acls: AclsRepository, tx: DbOrTx, authorityIds: readonly string[]): Promise<void> {
  const gone = new Set(authorityIds);
  for (const node of await acls.nodesNaming(tx, authorityIds)) {
    const next = { inherit: node.inherit, local: node.local.filter((e) => !gone.has(e.authorityId)) };
    await setPermissions(acls, tx, node, next, (acl) =>
      tx
        .updateTable('nodes')
        .set({ localPermissions: JSON.stringify(next.local), ...acl })
        .where('id', '=', node.id)
        .execute()
        .then(() => undefined),
    );
  }
}

/**
 * What a node's row is written with when it moves under `newParentAclId` (a folder that inherits
 * stores its new folder's ACL), so the moved or restored event its update writes records the ACL
 * it ends with (ADR 0022). `moved` then brings the rest in step.
 */
function aclAfterMove(node: AclSubject, newParentAclId: string): AclPatch {
  return node.isFolder && node.aclId !== node.id && node.aclId !== newParentAclId ? { aclId: newParentAclId } : {};
}

/** After a node moved under `newParentAclId` (its row written with `aclAfterMove`): inherited permissions now come from there. */
async function moved(
  acls: AclsRepository,
  tx: DbOrTx,
  node: AclSubject & { inherit: boolean },
  newParentAclId: string,
): Promise<void> {
  if (node.aclId === node.id) {
    await acls.define(tx, node.id, node.inherit ? newParentAclId : null);
    await recompute(acls, tx, [node.id]);
  } else if (node.isFolder && node.aclId !== newParentAclId) {
    await recompute(acls, tx, await acls.repoint(tx, node.id, node.aclId, newParentAclId));
  }
}

/**
 * Keeps ACLs in step with the permissions set on nodes and with moves. Every change runs in the
 * caller's transaction and recomputes the grants of the ACLs it affects before it returns, so a
 * permission change is in force for every request after the response.
 */
export function createAclsService(acls: AclsRepository) {
  return {
    recompute: (tx: DbOrTx, roots: readonly string[]) => recompute(acls, tx, roots),
    setPermissions: (tx: DbOrTx, node: AclSubject, next: NodePermissions, writeRow: (acl: AclPatch) => Promise<void>) =>
      setPermissions(acls, tx, node, next, writeRow),
    aclAfterMove,
    forgetAuthorities: (tx: DbOrTx, authorityIds: readonly string[]) => forgetAuthorities(acls, tx, authorityIds),
    moved: (tx: DbOrTx, node: AclSubject & { inherit: boolean }, newParentAclId: string) =>
      moved(acls, tx, node, newParentAclId),
  };
}

export type AclsService = ReturnType<typeof createAclsService>;
