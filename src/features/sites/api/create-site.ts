import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { FAVORITES_KEY } from '../../../lib/query-keys.ts';
import { siteKeys } from './keys.ts';
import type { SiteBodyCreate } from './types.ts';

/** `POST /sites`: the caller becomes its SiteManager (and it joins their favorites). */
export async function createSite(body: SiteBodyCreate) {
  const result = await api.POST('/sites', { body });
  return unwrap(result).entry;
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
      ]),
  });
}
