import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `DELETE /nodes/{nodeId}/secondary-children/{childId}`: the association goes, the child stays. */
export async function deleteSecondaryChild({
  nodeId,
  childId,
  assocType,
}: {
  nodeId: string;
  childId: string;
  assocType: string | undefined;
}) {
  const result = await api.DELETE('/nodes/{nodeId}/secondary-children/{childId}', {
    params: { path: { nodeId, childId }, query: assocType ? { assocType } : {} },
  });
  unwrap(result);
}

export function useDeleteSecondaryChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSecondaryChild,
    onSuccess: (_data, { nodeId }) =>
      queryClient.invalidateQueries({ queryKey: editorKeys.secondaryChildrenOf(nodeId) }),
  });
}
