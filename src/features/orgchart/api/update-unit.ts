import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

export interface UnitUpdate {
  unitId: string;
  name?: string;
  weight?: number;
  /** A move under another unit. */
  parentId?: string;
}

/** `PUT …/unit/{id}` (administrators): rename, re-weight or move a unit (a cycle is refused). */
export async function updateUnit({ unitId, ...body }: UnitUpdate) {
  const result = await orgchartApi.PUT('/unit/{id}', { params: { path: { id: unitId } }, body });
  return unwrapEnvelope(result);
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    // Names, order and places change across the tree, and on members' cards.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.subunitsAll() }),
        queryClient.invalidateQueries({ queryKey: orgKeys.memberAll() }),
      ]),
  });
}
