import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';
import type { SiteRole } from './types.ts';

/** `POST /sites/{siteId}/members` (SiteManagers and administrators). */
export async function addSiteMember({ siteId, personId, role }: { siteId: string; personId: string; role: SiteRole }) {
  const result = await api.POST('/sites/{siteId}/members', {
    params: { path: { siteId } },
    body: { id: personId, role },
  });
  return unwrap(result);
}

export function useAddSiteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSiteMember,
    onSuccess: (_data, { siteId }) => queryClient.invalidateQueries({ queryKey: siteKeys.membersOf(siteId) }),
  });
}
