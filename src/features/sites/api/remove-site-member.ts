import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';

/** `DELETE /sites/{siteId}/members/{personId}` (never the last SiteManager: 400, as Alfresco). */
export async function removeSiteMember({ siteId, personId }: { siteId: string; personId: string }) {
  const result = await api.DELETE('/sites/{siteId}/members/{personId}', { params: { path: { siteId, personId } } });
  unwrap(result);
}

export function useRemoveSiteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSiteMember,
    onSuccess: (_data, { siteId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.site(siteId) }),
        queryClient.invalidateQueries({ queryKey: siteKeys.lists() }),
      ]),
  });
}
