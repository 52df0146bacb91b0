import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import type { ChildrenParams } from '../model/browse-params.ts';
import { nodeKeys } from './keys.ts';

/** `GET /nodes/{nodeId}/children`: one page, sorted by the server, with lock and favorite flags and the lock's owner and type. */
export async function listNodeChildren(nodeId: string, { skipCount, maxItems, orderBy }: ChildrenParams) {
  const result = await api.GET('/nodes/{nodeId}/children', {
    params: {
      path: { nodeId },
      query: {
        skipCount,
        maxItems,
        ...(orderBy.length ? { orderBy } : {}),
        // The lock's owner and type: what a lock held against the caller forbids is disabled.
        include: ['isLocked', 'isFavorite', 'allowableOperations', 'cm:lockOwner', 'cm:lockType'],
      },
    },
  });
  return unwrap(result).list;
}

export const listNodeChildrenQueryOptions = (nodeId: string, params: ChildrenParams) =>
  queryOptions({
    queryKey: nodeKeys.children(nodeId, params),
    queryFn: () => listNodeChildren(nodeId, params),
    // Another page or order of the same folder keeps the rows on screen until the new ones arrive;
    // another folder starts from its loading state (never the previous folder's rows).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === nodeId ? previous : undefined),
  });

export function useNodeChildren(nodeId: string, params: ChildrenParams) {
  return useQuery(listNodeChildrenQueryOptions(nodeId, params));
}
