import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NODES_KEY } from '../../../lib/query-keys.ts';
import { runFewAtATime } from '../../../lib/run-each.ts';
import { restoreDeletedNode } from '../../../lib/trash.ts';
import { purgeDeletedNode } from './purge-deleted-node.ts';
import { trashKeys } from './keys.ts';
import type { DeletedNode } from './types.ts';

export type BulkAction = 'restore' | 'purge';

const CALLS: Record<BulkAction, (item: DeletedNode) => Promise<unknown>> = {
  restore: (item) => restoreDeletedNode({ nodeId: item.id }),
  purge: (item) => purgeDeletedNode({ nodeId: item.id }),
};

/**
 * Restores or purges the selected items, one request per item, a few at a time; every outcome is
 * kept (one failure does not stop the others). Afterwards the trash (and, after a restore, the
 * folder listings) are stale.
 */
export function useRunOnSelection(onProgress: (done: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, items }: { action: BulkAction; items: readonly DeletedNode[] }) =>
      runFewAtATime(items, CALLS[action], { concurrency: 4, onProgress }),
    onSettled: (_data, _error, { action }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.all }),
        action === 'restore' && queryClient.invalidateQueries({ queryKey: NODES_KEY }),
      ]),
  });
}
