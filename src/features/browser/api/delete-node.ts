import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { TRASH_KEY } from '../../../lib/query-keys.ts';
import { runEach, type ItemResult } from '../../../lib/run-each.ts';
import { nodeKeys } from './keys.ts';
import type { Node } from './types.ts';

/**
 * `DELETE /nodes/{nodeId}`: to the trash (folders with everything in them), or for good with
 * `permanent` (administrators and the node's owner; anyone else gets 403).
 */
export async function deleteNode({ nodeId, permanent = false }: { nodeId: string; permanent?: boolean }) {
  const query = permanent ? { permanent: true } : {};
  const result = await api.DELETE('/nodes/{nodeId}', { params: { path: { nodeId }, query } });
  unwrap(result);
}

/** Deletes each node in turn; one failure (a lock, a permission) does not stop the others. */
export function useDeleteNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      nodes,
      permanent,
    }: {
      nodes: readonly Node[];
      parentId: string;
      permanent?: boolean;
    }): Promise<ItemResult<void>[]> => runEach(nodes, (node) => deleteNode({ nodeId: node.id, permanent })),
    onSettled: (results, _error, { parentId }) => {
      for (const result of results ?? []) {
        if (result.ok) queryClient.removeQueries({ queryKey: nodeKeys.node(result.item.id) });
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: nodeKeys.childrenOf(parentId) }),
        queryClient.invalidateQueries({ queryKey: TRASH_KEY }),
      ]);
    },
  });
}
