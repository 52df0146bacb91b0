import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `DELETE …/unit/{id}` (administrators): only an empty unit (no subunits, no members; else 409). */
export async function deleteUnit(unitId: string) {
  unwrapEnvelope(await orgchartApi.DELETE('/unit/{id}', { params: { path: { id: unitId } } }));
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnit,
    onSuccess: (_data, unitId) => {
      queryClient.removeQueries({ queryKey: orgKeys.subunits(unitId) });
      return queryClient.invalidateQueries({ queryKey: orgKeys.subunitsAll() });
    },
  });
}
