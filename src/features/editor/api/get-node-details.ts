import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

export const DETAILS_INCLUDE = ['path', 'allowableOperations', 'permissions', 'isLocked', 'isFavorite'] as const;

/** `GET /nodes/{nodeId}` with its path, what the caller may do, its permissions, lock and favorite flag. */
export async function getNodeDetails(nodeId: string) {
  const result = await api.GET('/nodes/{nodeId}', {
    params: { path: { nodeId }, query: { include: [...DETAILS_INCLUDE] } },
  });
  return unwrap(result).entry;
}

export const nodeDetailsQueryOptions = (nodeId: string) =>
  queryOptions({ queryKey: editorKeys.node(nodeId), queryFn: () => getNodeDetails(nodeId) });

export function useNodeDetails(nodeId: string) {
  return useQuery(nodeDetailsQueryOptions(nodeId));
}
