import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { FAVORITES_KEY, NODES_KEY } from '../../../lib/query-keys.ts';
import { runEach } from '../../../lib/run-each.ts';
import type { Node } from './types.ts';

/** `POST /people/-me-/favorites` (a file or a folder by its guid). */
export async function addFavorite(node: Pick<Node, 'id' | 'isFolder'>) {
  const guid = { guid: node.id };
  const result = await api.POST('/people/{personId}/favorites', {
    params: { path: { personId: '-me-' } },
    body: { target: node.isFolder ? { folder: guid } : { file: guid } },
  });
  unwrap(result);
}

/** `DELETE /people/-me-/favorites/{id}`; one that is no favorite any more is what was wanted. */
export async function removeFavorite(node: Pick<Node, 'id'>) {
  const result = await api.DELETE('/people/{personId}/favorites/{favoriteId}', {
    params: { path: { personId: '-me-', favoriteId: node.id } },
  });
  if (result.response.status === 404) return;
  unwrap(result);
}

/** Makes every node a favorite, or none of them; favorites lists and listings refresh. */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodes, favorite }: { nodes: readonly Node[]; favorite: boolean }) =>
      runEach(nodes, (node) => (favorite ? addFavorite(node) : removeFavorite(node))),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
        queryClient.invalidateQueries({ queryKey: NODES_KEY }),
      ]),
  });
}
