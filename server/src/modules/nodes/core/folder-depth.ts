import type { DbOrTx } from '../../../db/database.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './nodes.repository.ts';

/**
 * MAX_FOLDER_DEPTH for a node put below `target` (a copy, a move, a restore from the trash): 422
 * when the folders of its subtree would lie deeper than the limit. Both walks stop at the limit,
 * so a tree deeper than it (old data) costs no more than one at it.
 */
export async function assertDepthAllows(
  nodes: Pick<NodesRepository, 'depth' | 'folderHeight'>,
  tx: DbOrTx,
  node: NodeRecord,
  target: NodeRecord,
  limit: number | undefined,
): Promise<void> {
  if (limit === undefined || !node.isFolder) return;
  const targetDepth = await nodes.depth(tx, target.id, limit);
  const height = await nodes.folderHeight(tx, node.id, Math.max(limit - targetDepth, 0));
  if (targetDepth + 1 + height > limit) throw nodeErrors.tooDeep(limit, targetDepth + 1 + height);
}
