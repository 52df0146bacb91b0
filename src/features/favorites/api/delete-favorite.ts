import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { NODES_KEY } from '../../../lib/query-keys.ts';
import { favoriteKeys } from './keys.ts';

/** `DELETE /people/-me-/favorites/{targetGuid}`. */
export async function deleteFavorite({ targetGuid }: { targetGuid: string }) {
  const result = await api.DELETE('/people/{personId}/favorites/{favoriteId}', {
    params: { path: { personId: '-me-', favoriteId: targetGuid } },
  });
  unwrap(result);
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    // Node listings show a favorite flag too: they are stale as well.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
        queryClient.invalidateQueries({ queryKey: NODES_KEY }),
      ]),
  });
}
