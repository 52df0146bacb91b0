import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeKeys } from './keys.ts';

/** `DELETE /nodes/{nodeId}` (folders with everything in them). */
export async function deleteNode({ nodeId }: { nodeId: string; parentId: string }) {
  const result = await api.DELETE('/nodes/{nodeId}', { params: { path: { nodeId } } });
  unwrap(result);
}

export function useDeleteNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNode,
    onSuccess: (_data, { nodeId, parentId }) => {
      queryClient.removeQueries({ queryKey: nodeKeys.node(nodeId) });
      return queryClient.invalidateQueries({ queryKey: nodeKeys.childrenOf(parentId) });
    },
  });
}
