import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { editorKeys } from './keys.ts';

/** `GET /people?where=(search='…')`: the first people matching id, name or email. */
export async function searchPeople(search: string) {
  const result = await api.GET('/people', {
    params: { query: { where: `(search='${search.replace(/'/g, "\\'")}')`, maxItems: 20 } },
  });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const searchPeopleQueryOptions = (search: string) =>
  queryOptions({ queryKey: editorKeys.people(search), queryFn: () => searchPeople(search) });

export function useSearchPeople(search: string) {
  return useQuery({
    ...searchPeopleQueryOptions(search),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
