import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { runEach, type ItemResult } from '../model/run-each.ts';
import type { Node } from './types.ts';
import { nodeKeys } from './keys.ts';

export type TransferMode = 'copy' | 'move';

/** `POST /nodes/{nodeId}/copy` or `/move` into `targetParentId`, optionally under a new name. */
export async function transferNode({
  mode,
  nodeId,
  targetId,
  name,
}: {
  mode: TransferMode;
  nodeId: string;
  targetId: string;
  name?: string | undefined;
}) {
  const options = {
    params: { path: { nodeId } },
    body: { targetParentId: targetId, ...(name !== undefined ? { name } : {}) },
  };
  const result =
    mode === 'copy' ? await api.POST('/nodes/{nodeId}/copy', options) : await api.POST('/nodes/{nodeId}/move', options);
  return unwrap(result).entry;
}

interface Variables {
  mode: TransferMode;
  nodes: readonly Node[];
  targetId: string;
  /** A new name (one node only). */
  name?: string | undefined;
}

/** Copies or moves each node in turn; one failure does not stop the others. */
export function useTransferNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, nodes, targetId, name }: Variables): Promise<ItemResult<Node>[]> =>
      runEach(nodes, (node) =>
        transferNode({ mode, nodeId: node.id, targetId, name: nodes.length === 1 ? name : undefined }),
      ),
    // Both folders (and any open details page) change: refresh every node query.
    onSettled: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
