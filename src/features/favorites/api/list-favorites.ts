import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { favoriteKeys, type FavoritesParams } from './keys.ts';

/** `GET /people/-me-/favorites`: one page of the caller's favorites of the chosen kinds, with paths. */
export async function listFavorites({ where, skipCount, maxItems }: FavoritesParams) {
  const result = await api.GET('/people/{personId}/favorites', {
    params: {
      path: { personId: '-me-' },
      query: { skipCount, maxItems, include: ['path'], ...(where ? { where } : {}) },
    },
  });
  return unwrap(result).list;
}

export const listFavoritesQueryOptions = (params: FavoritesParams) =>
  queryOptions({
    queryKey: favoriteKeys.list(params),
    queryFn: () => listFavorites(params),
    placeholderData: keepPreviousData,
  });

export function useFavorites(params: FavoritesParams) {
  return useQuery(listFavoritesQueryOptions(params));
}
