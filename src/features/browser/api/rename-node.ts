import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeKeys } from './keys.ts';

/** `PUT /nodes/{nodeId}` with a new `name`. */
export async function renameNode({ nodeId, name }: { nodeId: string; name: string }) {
  const result = await api.PUT('/nodes/{nodeId}', { params: { path: { nodeId } }, body: { name } });
  return unwrap(result).entry;
}

export function useRenameNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameNode,
    // The name shows in listings, breadcrumbs and the details page: refresh every node query.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.all }),
  });
}
