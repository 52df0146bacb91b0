import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { NODES_KEY } from '../../../lib/query-keys.ts';

/** `POST /nodes/{nodeId}/unlock` (the lock owner, a coordinator or an administrator). */
export async function unlockNode({ nodeId }: { nodeId: string }) {
  const result = await api.POST('/nodes/{nodeId}/unlock', {
    params: { path: { nodeId }, query: { include: ['isLocked'] } },
  });
  return unwrap(result).entry;
}

export function useUnlockNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockNode,
    // A refusal too: the lock may have changed hands since the page was read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: NODES_KEY }),
  });
}
