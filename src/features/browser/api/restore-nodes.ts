import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRASH_KEY } from '../../../lib/query-keys.ts';
import { restoreDeletedNode } from '../../../lib/trash.ts';
import { runEach, type ItemResult } from '../../../lib/run-each.ts';
import { nodeKeys } from './keys.ts';
import type { Node } from './types.ts';

/** Undo of a delete: each trash item back where it was deleted from, in turn; one failure does not stop the others. */
export function useRestoreNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items }: { items: readonly { id: string; name: string }[]; parentId: string }) =>
      runEach(items, (item): Promise<Node> => restoreDeletedNode({ nodeId: item.id })),
    onSettled: (_results: ItemResult<Node>[] | undefined, _error, { parentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nodeKeys.childrenOf(parentId) }),
        queryClient.invalidateQueries({ queryKey: TRASH_KEY }),
      ]),
  });
}
