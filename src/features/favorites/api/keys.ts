import { FAVORITES_KEY } from '../../../lib/query-keys.ts';

export interface FavoritesParams {
  where: string | undefined;
  skipCount: number;
  maxItems: number;
}

/** Query keys of the favorites view, under the shared `['favorites']` root. */
export const favoriteKeys = {
  all: FAVORITES_KEY,
  list: (params: FavoritesParams) => [...favoriteKeys.all, 'list', params] as const,
};
