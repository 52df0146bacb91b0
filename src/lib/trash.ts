import { api } from './api-client.ts';
import { unwrap } from './errors.ts';

/**
 * `POST /deleted-nodes/{nodeId}/restore`: a trash item (with everything below it) goes back to the
 * folder it was deleted from, or into `targetParentId`. Both the folder browser's Undo and the
 * Trash page restore; the answer is the live node.
 */
export async function restoreDeletedNode({ nodeId, targetParentId }: { nodeId: string; targetParentId?: string }) {
  const result = await api.POST('/deleted-nodes/{nodeId}/restore', {
    params: { path: { nodeId } },
    ...(targetParentId === undefined ? {} : { body: { targetParentId, assocType: 'cm:contains' } }),
  });
  return unwrap(result).entry;
}

/** Where the Trash page is. */
export const TRASH_PATH = '/trash';
