import type { Tx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { assertSubtreeMayModify } from './lock-rules.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';

/**
 * Moves a node and everything below it into the trash in the caller's transaction (refused when
 * a node on the way is a system node, or locked against the caller, as a permanent delete is).
 * Content, versions, permissions, associations and favorites stay until the item is purged.
 */
export async function trashSubtree(
  nodes: NodesRepository,
  tx: Tx,
  principal: Principal,
  node: NodeRecord,
  archiveRootId: string,
): Promise<void> {
  const subtree = await nodes.subtree(tx, node.id);
  // Gone, or trashed meanwhile with a folder above it (whose trash this waited for): not found.
  if (subtree.length === 0 || subtree.some((n) => n.depth === 0 && n.archivedRootId !== null)) {
    throw nodeErrors.notFound(node.id);
  }
  if (subtree.some((n) => n.systemKey)) throw nodeErrors.specialNode('deleted');
  assertSubtreeMayModify(principal, subtree);
  // The folder it is in now (moved since the caller read it: the folder the move left held instead).
  const parentId = subtree.find((n) => n.depth === 0)!.parentId;
  await nodes.trash.archive(
    tx,
    { id: node.id, parentId },
    subtree.map((n) => n.id),
    archiveRootId,
    principal.id,
    Date.now(),
  );
}
