import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `POST …/unit/{id}/members` (administrators): 409 when the person is a member already. */
export async function addUnitMember({ unitId, userName }: { unitId: string; userName: string }) {
  const result = await orgchartApi.POST('/unit/{id}/members', { params: { path: { id: unitId } }, body: { userName } });
  return unwrapEnvelope(result);
}

export function useAddUnitMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUnitMember,
    onSuccess: (_data, { unitId, userName }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.members(unitId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.member(userName) }),
      ]),
  });
}
