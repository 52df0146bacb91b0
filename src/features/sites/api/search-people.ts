import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { peopleSearchWhere } from '../../../lib/where-clause.ts';
import { siteKeys } from './keys.ts';

/** `GET /people?where=(search='…')`: people to add to a site (by id, name or email). */
export async function searchPeople(term: string) {
  const result = await api.GET('/people', {
    params: { query: { where: peopleSearchWhere(term), maxItems: 10, orderBy: ['firstName', 'lastName'] } },
  });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const searchPeopleQueryOptions = (term: string) =>
  queryOptions({ queryKey: siteKeys.peopleSearch(term), queryFn: () => searchPeople(term), staleTime: 30_000 });

export function usePeopleSearch(term: string) {
  return useQuery({ ...searchPeopleQueryOptions(term), enabled: term.trim().length > 0 });
}
