import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ApiError, describeError, unwrap } from '../../../lib/errors.ts';
import { xhrSend } from '../../../lib/xhr-send.ts';
import { type ClashQuestion, type ClashAnswer, clashResolver, type TransferOutcome } from '../model/transfer-clash.ts';
import { runEach, type ItemResult } from '../../../lib/run-each.ts';
import type { Node } from './types.ts';
import { nodeKeys } from './keys.ts';

export type TransferMode = 'copy' | 'move';

/** `POST /nodes/{nodeId}/copy` or `/move` into `targetParentId`, under `name` when given. */
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
  const body = name === undefined ? { targetParentId: targetId } : { targetParentId: targetId, name };
  const options = { params: { path: { nodeId } }, body };
  const result =
    mode === 'copy' ? await api.POST('/nodes/{nodeId}/copy', options) : await api.POST('/nodes/{nodeId}/move', options);
  return unwrap(result).entry;
}

/**
 * Replace on a clash, as upload's replace does: the source's content becomes a new (minor) version
 * of the target folder's file of that name (`overwrite`); a move then deletes the source.
 */
export async function replaceWith({
  mode,
  node,
  targetId,
  name = node.name,
}: {
  mode: TransferMode;
  node: Node;
  targetId: string;
  /** The name it goes under (a new one, or its own). */
  name?: string;
}) {
  const content = await api.GET('/nodes/{nodeId}/content', { params: { path: { nodeId: node.id } }, parseAs: 'blob' });
  const blob = unwrap(content);
  const form = new FormData();
  form.append('name', name);
  form.append('overwrite', 'true');
  form.append('majorVersion', 'false');
  form.append('filedata', blob, name);
  let replaced: Node;
  try {
    replaced = await xhrSend<Node>({
      method: 'POST',
      path: `/nodes/${encodeURIComponent(targetId)}/children`,
      body: form,
    }).promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new Error(`The existing “${name}” is a folder or an unversioned file: it cannot be replaced.`);
    }
    throw error;
  }
  if (mode === 'move') {
    const removed = await api.DELETE('/nodes/{nodeId}', { params: { path: { nodeId: node.id } } });
    try {
      unwrap(removed);
    } catch (error) {
      throw new Error(`Replaced the existing “${node.name}”, but the original stays: ${describeError(error)}`);
    }
  }
  return replaced;
}

interface Variables {
  mode: TransferMode;
  nodes: readonly Node[];
  targetId: string;
  /** A new name (one node only). */
  name?: string | undefined;
}

export type TransferResult = ItemResult<TransferOutcome<Node>>;

/**
 * Copies or moves each node in turn; one failure does not stop the others. A name clash asks
 * `onClash` (keep both, replace, skip; possibly for all).
 */
export function useTransferNodes(onClash: (question: ClashQuestion) => Promise<ClashAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, nodes, targetId, name: newName }: Variables): Promise<TransferResult[]> => {
      const byId = new Map(nodes.map((n) => [n.id, n]));
      // The name an item goes under: the new one of a single item, else its own (sent only when it differs).
      const nameOf = (id: string) => (nodes.length === 1 && newName ? newName : byId.get(id)!.name);
      const sent = (id: string, name: string) => (name === byId.get(id)!.name ? undefined : name);
      const resolve = clashResolver<Node>(
        {
          attempt: (item, name) =>
            transferNode({ mode, nodeId: item.id, targetId, name: sent(item.id, name ?? nameOf(item.id)) }),
          replace: (item) => replaceWith({ mode, node: byId.get(item.id)!, targetId, name: nameOf(item.id) }),
          ask: onClash,
        },
        nodes.length,
      );
      return runEach(nodes, (node) => resolve({ id: node.id, name: nameOf(node.id), isFolder: node.isFolder }));
    },
    // Both folders (and any open details page) change: refresh every node query.
    onSettled: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
