import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys, type SecondaryChildrenParams } from './keys.ts';

/** `GET /nodes/{nodeId}/secondary-children`: one page, optionally of one association type, with the source. */
export async function listSecondaryChildren(nodeId: string, params: SecondaryChildrenParams) {
  const { skipCount, maxItems, assocType, includeSource } = params;
  const result = await api.GET('/nodes/{nodeId}/secondary-children', {
    params: {
      path: { nodeId },
      query: {
        skipCount,
        maxItems,
        include: ['association'],
        ...(assocType ? { where: `(assocType='${assocType}')` } : {}),
        ...(includeSource ? { includeSource: true } : {}),
      },
    },
  });
  return unwrap(result).list;
}

export const secondaryChildrenQueryOptions = (nodeId: string, params: SecondaryChildrenParams) =>
  queryOptions({
    queryKey: editorKeys.secondaryChildren(nodeId, params),
    queryFn: () => listSecondaryChildren(nodeId, params),
    // Another page of the same node keeps the rows until the new ones arrive.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === nodeId ? previous : undefined),
  });

export function useSecondaryChildren(nodeId: string, params: SecondaryChildrenParams, enabled = true) {
  return useQuery({ ...secondaryChildrenQueryOptions(nodeId, params), enabled });
}
