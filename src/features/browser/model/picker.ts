import type { Node } from '../api/types.ts';

/**
 * Why a folder cannot receive the nodes (undefined when it can): the server stays the judge,
 * this only spares a request that cannot succeed.
 */
export function targetProblem(
  target: Pick<Node, 'id' | 'allowableOperations' | 'path'>,
  nodes: readonly Pick<Node, 'id' | 'parentId'>[],
  mode: 'copy' | 'move',
): string | undefined {
  if (!target.allowableOperations?.includes('create')) return 'You cannot add items to this folder.';
  const ancestors = new Set((target.path?.elements ?? []).map((e) => e.id));
  if (nodes.some((n) => n.id === target.id || ancestors.has(n.id))) {
    return `A folder cannot be ${mode === 'copy' ? 'copied' : 'moved'} into itself.`;
  }
  if (mode === 'move' && nodes.every((n) => n.parentId === target.id)) return 'The items are in this folder already.';
  return undefined;
}
