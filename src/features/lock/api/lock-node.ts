import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema.gen.ts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { NODES_KEY } from '../../../lib/query-keys.ts';

export type LockRequest = components['schemas']['NodeBodyLock'];

/** `POST /nodes/{nodeId}/lock` (locks for the caller, or refreshes the caller's lock). */
export async function lockNode({ nodeId, request }: { nodeId: string; request: LockRequest }) {
  const result = await api.POST('/nodes/{nodeId}/lock', {
    params: { path: { nodeId }, query: { include: ['isLocked'] } },
    body: request,
  });
  return unwrap(result).entry;
}

/** Locks a file; every node query refreshes (listings show the lock, details pages its owner). */
export function useLockNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NODES_KEY }),
  });
}
