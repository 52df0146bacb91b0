import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { unwrap } from '../../../lib/errors.ts';
import { quireBaseFor } from '../../../lib/server-settings.ts';
import { trashKeys } from './keys.ts';

export interface EmptyTrashProgress {
  purged: number;
  remaining: number;
}

/**
 * `POST …/quire/versions/1/trash/empty` (Quire's own API; administrators only), again while the
 * server says items remain: each request purges for a few seconds. `onProgress` hears the running
 * total after each answer.
 */
export async function emptyTrash(onProgress?: (progress: EmptyTrashProgress) => void): Promise<EmptyTrashProgress> {
  let purged = 0;
  for (;;) {
    const result = await api.POST('/trash/empty', { baseUrl: quireBaseFor(config.apiBaseUrl) });
    const entry = unwrap(result).entry;
    purged += entry.purged;
    onProgress?.({ purged, remaining: entry.remaining });
    // A request that purges nothing while items remain would loop for ever: stop and say what is left.
    if (entry.remaining === 0 || entry.purged === 0) return { purged, remaining: entry.remaining };
  }
}

export function useEmptyTrash(onProgress?: (progress: EmptyTrashProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => emptyTrash(onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
