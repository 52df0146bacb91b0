import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

export interface UnitCreate {
  name: string;
  parentId: string;
  weight?: number;
}

/** `POST …/unit` (administrators): a new subunit; the server chooses its id. */
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
