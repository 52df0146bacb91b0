import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { peopleKeys } from './keys.ts';

/** `GET /people/{personId}` (`-me-` for the caller). */
export async function getPerson(personId: string) {
  const result = await api.GET('/people/{personId}', { params: { path: { personId } } });
  return unwrap(result).entry;
}

export const getPersonQueryOptions = (personId: string) =>
  queryOptions({ queryKey: peopleKeys.person(personId), queryFn: () => getPerson(personId) });

export function usePerson(personId: string) {
  return useQuery(getPersonQueryOptions(personId));
}
