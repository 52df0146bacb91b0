import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { NODES_KEY } from '../../../lib/query-keys.ts';
import { siteKeys } from './keys.ts';

/**
 * Joins a PUBLIC site (`POST /sites/{siteId}/members` with the caller's own id, as SiteConsumer)
 * or leaves a site (`DELETE /sites/{siteId}/members/-me-`; the last SiteManager cannot: 400).
 */
export async function setMembership({ siteId, userId, join }: { siteId: string; userId: string; join: boolean }) {
  const result = join
    ? await api.POST('/sites/{siteId}/members', {
        params: { path: { siteId } },
        body: { id: userId, role: 'SiteConsumer' },
      })
    : await api.DELETE('/sites/{siteId}/members/{personId}', { params: { path: { siteId, personId: '-me-' } } });
  unwrap(result);
}

/** Join or leave; the site, the lists, the members and what one may do in the library refresh. */
export function useSetMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMembership,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: NODES_KEY }),
      ]),
  });
}
