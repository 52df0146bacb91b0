import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NODES_KEY } from '../../../lib/query-keys.ts';
import { restoreDeletedNode } from '../../../lib/trash.ts';
import { trashKeys } from './keys.ts';

/** Restores one trash item (where it was deleted from, or into `targetParentId`); the trash and node listings are stale. */
export function useRestoreDeletedNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDeletedNode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.all }),
        queryClient.invalidateQueries({ queryKey: NODES_KEY }),
      ]),
  });
}
