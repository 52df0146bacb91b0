import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { peopleSearchWhere } from '../../../lib/where-clause.ts';
import { peopleKeys, type PeopleParams } from './keys.ts';

/** `GET /people`: one page, by id, optionally searched (id, names, email); administrators see quotas. */
export async function listPeople({ search, skipCount, maxItems }: PeopleParams) {
  const result = await api.GET('/people', {
    params: { query: { skipCount, maxItems, ...(search ? { where: peopleSearchWhere(search) } : {}) } },
  });
  return unwrap(result).list;
}

export const listPeopleQueryOptions = (params: PeopleParams) =>
  queryOptions({
    queryKey: peopleKeys.list(params),
    queryFn: () => listPeople(params),
    placeholderData: keepPreviousData,
  });

export function usePeople(params: PeopleParams) {
  return useQuery(listPeopleQueryOptions(params));
}
