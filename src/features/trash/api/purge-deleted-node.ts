import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { trashKeys } from './keys.ts';

/** `DELETE /deleted-nodes/{nodeId}`: the item and everything below it, for good. */
export async function purgeDeletedNode({ nodeId }: { nodeId: string }) {
  unwrap(await api.DELETE('/deleted-nodes/{nodeId}', { params: { path: { nodeId } } }));
}

export function usePurgeDeletedNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeDeletedNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
