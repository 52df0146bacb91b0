import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { FAVORITES_KEY } from '../../../lib/query-keys.ts';
import type { Site } from './types.ts';

/**
 * `POST /people/-me-/favorites` with `{target: {site: {guid}}}`, or `DELETE …/favorites/{guid}`.
 * Already a favorite (409) or no longer one (404) is what was wanted.
 */
export async function setSiteFavorite({ site, favorite }: { site: Pick<Site, 'guid'>; favorite: boolean }) {
  const result = favorite
    ? await api.POST('/people/{personId}/favorites', {
        params: { path: { personId: '-me-' } },
        body: { target: { site: { guid: site.guid } } },
      })
    : await api.DELETE('/people/{personId}/favorites/{favoriteId}', {
        params: { path: { personId: '-me-', favoriteId: site.guid } },
      });
  if (result.response.status === (favorite ? 409 : 404)) return;
  unwrap(result);
}

/** Stars or unstars a site; every favorites view (this feature's and the Favorites page) refreshes. */
export function useSetSiteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSiteFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
  });
}
