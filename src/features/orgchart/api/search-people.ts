import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { orgKeys } from './keys.ts';

/** `GET /people?where=(search='…')`: people whose id, first or last name or email match (Quire's search). */
export async function searchPeople(term: string) {
  // The where clause has no escape for a quote: a name search does without them.
  const text = term.replace(/'/g, ' ').trim();
  const result = await api.GET('/people', { params: { query: { where: `(search='${text}')`, maxItems: 20 } } });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const searchPeopleQueryOptions = (term: string) =>
  queryOptions({ queryKey: orgKeys.people(term), queryFn: () => searchPeople(term), staleTime: 30_000 });

/** Searches once the term has at least two characters. */
export function useSearchPeople(term: string) {
  const trimmed = term.trim();
  return useQuery({
    ...searchPeopleQueryOptions(trimmed),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
  });
}
