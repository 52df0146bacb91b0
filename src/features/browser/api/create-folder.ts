import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { nodeKeys } from './keys.ts';

/** `POST /nodes/{parentId}/children` with a `cm:folder`. */
export async function createFolder({ parentId, name }: { parentId: string; name: string }) {
  const result = await api.POST('/nodes/{nodeId}/children', {
    params: { path: { nodeId: parentId } },
    body: { name, nodeType: 'cm:folder' },
  });
  return unwrap(result);
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_data, { parentId }) => queryClient.invalidateQueries({ queryKey: nodeKeys.childrenOf(parentId) }),
  });
}
