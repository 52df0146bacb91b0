import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeRoot } from './keys.ts';

export interface RevertRequest {
  nodeId: string;
  versionId: string;
  majorVersion: boolean;
  comment: string;
}

/** `POST /nodes/{nodeId}/versions/{versionId}/revert`: that version's content becomes a new version. */
export async function revertVersion({ nodeId, versionId, majorVersion, comment }: RevertRequest) {
  const result = await api.POST('/nodes/{nodeId}/versions/{versionId}/revert', {
    params: { path: { nodeId, versionId } },
    body: { majorVersion, ...(comment.trim() ? { comment: comment.trim() } : {}) },
  });
  return unwrap(result).entry;
}

export function useRevertVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertVersion,
    // The history, the node (size, modified) and the folder listing all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeRoot }),
  });
}
