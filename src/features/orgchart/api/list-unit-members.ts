import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrapEnvelope } from '../../../lib/errors.ts';
import { orgchartApi } from '../../../lib/orgchart-client.ts';
import { orgKeys } from './keys.ts';

/** `GET …/unit/{id}/members`: the unit's people, by last name, then first name (all of them: no paging). */
export async function listUnitMembers(unitId: string) {
  const result = await orgchartApi.GET('/unit/{id}/members', { params: { path: { id: unitId } } });
  return unwrapEnvelope(result);
}

export const unitMembersQueryOptions = (unitId: string) =>
  queryOptions({ queryKey: orgKeys.members(unitId), queryFn: () => listUnitMembers(unitId) });

export function useUnitMembers(unitId: string) {
  return useQuery(unitMembersQueryOptions(unitId));
}
