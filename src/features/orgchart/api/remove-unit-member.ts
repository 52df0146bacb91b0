import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `DELETE …/unit/{id}/members/{username}` (administrators). */
export async function removeUnitMember({ unitId, userName }: { unitId: string; userName: string }) {
  const result = await orgchartApi.DELETE('/unit/{id}/members/{username}', {
    params: { path: { id: unitId, username: userName } },
  });
  unwrapEnvelope(result);
}

export function useRemoveUnitMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUnitMember,
    onSuccess: (_data, { unitId, userName }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.members(unitId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.member(userName) }),
      ]),
  });
}
