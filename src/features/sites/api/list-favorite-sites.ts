import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';

const PAGE = 100;

/**
 * The guids of the caller's favorite sites (`GET /people/-me-/favorites` filtered to sites), read
 * page by page: what the star beside each site shows.
 */
export async function listFavoriteSiteGuids(): Promise<Set<string>> {
  const guids = new Set<string>();
  for (let skipCount = 0; ; skipCount += PAGE) {
    const result = await api.GET('/people/{personId}/favorites', {
      params: { path: { personId: '-me-' }, query: { where: '(EXISTS(target/site))', skipCount, maxItems: PAGE } },
    });
    const list = unwrap(result).list;
    for (const { entry } of list.entries) guids.add(entry.targetGuid);
    if (!list.pagination.hasMoreItems || list.entries.length === 0) return guids;
  }
}

export const favoriteSiteGuidsQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.favorites(), queryFn: listFavoriteSiteGuids });

export function useFavoriteSiteGuids() {
  return useQuery(favoriteSiteGuidsQueryOptions());
}
