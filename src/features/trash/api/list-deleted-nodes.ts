import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { trashKeys, type TrashParams } from './keys.ts';

/** `GET /deleted-nodes?include=path`: one page of the caller's trash items (administrators: everyone's), newest first. */
export async function listDeletedNodes({ skipCount, maxItems }: TrashParams) {
  const result = await api.GET('/deleted-nodes', { params: { query: { skipCount, maxItems, include: ['path'] } } });
  return unwrap(result).list;
}

export const listDeletedNodesQueryOptions = (params: TrashParams) =>
  queryOptions({
    queryKey: trashKeys.list(params),
    queryFn: () => listDeletedNodes(params),
    placeholderData: keepPreviousData,
  });

export function useDeletedNodes(params: TrashParams) {
  return useQuery(listDeletedNodesQueryOptions(params));
}
