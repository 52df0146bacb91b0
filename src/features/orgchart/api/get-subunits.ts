import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `GET …/unit/{id}/subunits`: the unit, its direct subunits (by weight) and its ancestors. */
export async function getSubunits(unitId: string) {
  const result = await orgchartApi.GET('/unit/{id}/subunits', { params: { path: { id: unitId } } });
  return unwrapEnvelope(result);
}

export const subunitsQueryOptions = (unitId: string) =>
  queryOptions({ queryKey: orgKeys.subunits(unitId), queryFn: () => getSubunits(unitId) });

export function useSubunits(unitId: string | undefined) {
  return useQuery({ ...subunitsQueryOptions(unitId ?? ''), enabled: unitId !== undefined });
}
