import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { siteKeys } from './keys.ts';
import type { SiteRole } from './types.ts';

/** `PUT /sites/{siteId}/members/{personId}`: a new role (never demotes the last SiteManager: 422; non-managers: 422). */
export async function updateSiteMember({
  siteId,
  personId,
  role,
}: {
  siteId: string;
  personId: string;
  role: SiteRole;
}) {
  const result = await api.PUT('/sites/{siteId}/members/{personId}', {
    params: { path: { siteId, personId } },
    body: { role },
  });
  return unwrap(result).entry;
}

export function useUpdateSiteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteMember,
    // The caller's own role may have changed: the site (its `role`) is stale too.
    onSuccess: (_data, { siteId }) => queryClient.invalidateQueries({ queryKey: siteKeys.site(siteId) }),
  });
}
