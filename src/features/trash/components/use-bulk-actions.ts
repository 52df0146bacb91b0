import { useState } from 'react';
import { type BulkAction, useRunOnSelection } from '../api/run-on-selection.ts';
import type { DeletedNode } from '../api/types.ts';
import type { BulkRequest } from './BulkDialog.tsx';

/**
 * The page's selection (ids of the rows shown) and the multi-item action on it: a restore starts
 * at once, a purge waits for `confirm`. Closing the dialog after a run clears the selection.
 */
export function useBulkActions(entries: readonly DeletedNode[] | undefined) {
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  const selected = entries?.filter((item) => selectedIds.includes(item.id)) ?? [];
  const [request, setRequest] = useState<BulkRequest | null>(null);
  const [done, setDone] = useState(0);
  const run = useRunOnSelection(setDone);

  const start = (next: BulkRequest) => {
    setDone(0);
    run.mutate(next);
  };
  return {
    selected,
    toggle: (item: DeletedNode) =>
      setSelectedIds((ids) => (ids.includes(item.id) ? ids.filter((id) => id !== item.id) : [...ids, item.id])),
    toggleAll: () =>
      setSelectedIds(selected.length === (entries?.length ?? 0) ? [] : (entries ?? []).map((item) => item.id)),
    clear: () => setSelectedIds([]),
    act: (action: BulkAction) => {
      const next = { action, items: selected };
      setRequest(next);
      if (action === 'restore') start(next);
    },
    dialog: {
      request,
      isStarted: !run.isIdle,
      isPending: run.isPending,
      done,
      results: run.data,
      error: run.error,
      onConfirm: () => request && start(request),
      onClose: () => {
        if (!run.isIdle) setSelectedIds([]);
        run.reset();
        setRequest(null);
      },
    },
  };
}
