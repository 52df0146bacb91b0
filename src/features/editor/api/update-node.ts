import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { DETAILS_INCLUDE } from './get-node-details.ts';
import { editorKeys, nodeRoot } from './keys.ts';
import type { NodeBodyUpdate } from './types.ts';

/** `PUT /nodes/{nodeId}`, answered with everything the editor shows (as `getNodeDetails` reads it). */
export async function updateNode({ nodeId, body }: { nodeId: string; body: NodeBodyUpdate }) {
  const result = await api.PUT('/nodes/{nodeId}', {
    params: { path: { nodeId }, query: { include: [...DETAILS_INCLUDE] } },
    body,
  });
  return unwrap(result).entry;
}

export function useUpdateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNode,
    onSuccess: (node, { nodeId }) => {
      queryClient.setQueryData(editorKeys.node(nodeId), node);
      // A rename shows in the folder views too.
      return queryClient.invalidateQueries({
        queryKey: nodeRoot,
        predicate: (q) => q.queryKey[2] !== 'node' || q.queryKey[3] !== nodeId,
      });
    },
    // A refusal may come from a change made elsewhere (a lock taken meanwhile): show the node as it is now.
    onError: (_error, { nodeId }) => queryClient.invalidateQueries({ queryKey: editorKeys.node(nodeId) }),
  });
}
