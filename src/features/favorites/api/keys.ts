import { queryRoots } from '../../../lib/query-keys.ts';

export interface FavoritesParams {
  where: string | undefined;
  skipCount: number;
  maxItems: number;
}

/** Query keys of the favorites view, under the shared `['favorites']` root. */
export const favoriteKeys = {
  all: queryRoots.favorites,
  list: (params: FavoritesParams) => [...favoriteKeys.all, 'list', params] as const,
};
