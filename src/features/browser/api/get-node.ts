import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeKeys } from './keys.ts';

/** `GET /nodes/{nodeId}` with its path (breadcrumb) and what the caller may do with it. */
export async function getNode(nodeId: string) {
  const result = await api.GET('/nodes/{nodeId}', {
    params: { path: { nodeId }, query: { include: ['path', 'allowableOperations'] } },
  });
  return unwrap(result).entry;
}

export const getNodeQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: nodeKeys.node(nodeId), queryFn: () => getNode(nodeId) });

export function useNode(nodeId: string) {
  return useQuery(getNodeQueryOptions(nodeId));
}
