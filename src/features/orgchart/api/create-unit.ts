import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

export interface UnitCreate {
  name: string;
  /** Absent for the root unit (409 when there is one already). */
  parentId?: string;
  weight?: number;
}

/** `POST …/unit` (administrators): a new subunit, or the root without a parent; the server chooses its id. */
export async function createUnit(body: UnitCreate) {
  return unwrapEnvelope(await orgchartApi.POST('/unit', { body }));
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.subunitsAll() }),
  });
}
