import { FAVORITES_KEY, siteQueryKey, SITES_KEY } from '../../../lib/query-keys.ts';

export interface PageParams {
  skipCount: number;
  maxItems: number;
}

/** Query keys of sites and their members; mutations invalidate through these. */
export const siteKeys = {
  all: SITES_KEY,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (params: PageParams) => [...siteKeys.lists(), params] as const,
  site: siteQueryKey,
  library: (siteId: string) => [...siteKeys.site(siteId), 'documentLibrary'] as const,
  membersOf: (siteId: string) => [...siteKeys.site(siteId), 'members'] as const,
  members: (siteId: string, params: PageParams) => [...siteKeys.membersOf(siteId), params] as const,
  /** The guids of the caller's favorite sites: under the shared favorites root, so any favorite change refreshes it. */
  favorites: () => [...FAVORITES_KEY, 'sites', 'guids'] as const,
};
