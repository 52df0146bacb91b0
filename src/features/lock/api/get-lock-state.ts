import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { lockKeys } from './keys.ts';

/** `GET /nodes/{nodeId}?include=isLocked,allowableOperations`: the node with its lock properties. */
export async function getLockState(nodeId: string) {
  const result = await api.GET('/nodes/{nodeId}', {
    params: { path: { nodeId }, query: { include: ['isLocked', 'allowableOperations'] } },
  });
  return unwrap(result).entry;
}

export const getLockStateQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: lockKeys.state(nodeId), queryFn: () => getLockState(nodeId) });

export function useLockState(nodeId: string) {
  return useQuery(getLockStateQueryOptions(nodeId));
}
