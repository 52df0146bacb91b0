import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.gen.ts';
import { api } from './api-client.ts';
import { unwrap } from './errors.ts';
import { PEOPLE_KEY } from './query-keys.ts';
import { useSession } from './session.ts';
import { peopleSearchWhere } from './where-clause.ts';

/**
 * Calls about people that more than one feature makes: the signed-in person (`GET /people/-me-`,
 * with `capabilities`) and the people search behind every person picker.
 */
export type Person = components['schemas']['Person'];

export const personKeys = {
  /** The signed-in person, keyed by user so another sign-in never sees the last one's rights. */
  me: (userId: string) => [...PEOPLE_KEY, '-me-', userId] as const,
  search: (term: string) => [...PEOPLE_KEY, 'search', term] as const,
};

/** `GET /people/-me-`: the signed-in person, with `capabilities` (isAdmin). */
export async function getCurrentPerson() {
  const result = await api.GET('/people/{personId}', { params: { path: { personId: '-me-' } } });
  return unwrap(result).entry;
}

export const currentPersonQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: personKeys.me(userId ?? ''),
    queryFn: getCurrentPerson,
    staleTime: 5 * 60_000,
    enabled: userId !== undefined,
  });

/** The signed-in person; waits while no one is signed in. */
export function useCurrentPerson() {
  return useQuery(currentPersonQueryOptions(useSession()?.userId));
}

/** True only once the server has said the signed-in person is an administrator. */
export function useIsAdmin(): boolean {
  return useCurrentPerson().data?.capabilities?.isAdmin === true;
}

/** How many people a search shows: enough for a picker's list. */
const SEARCH_SIZE = 20;

/** `GET /people?where=(search='…')`: the first people whose id, names or email match, by name. */
export async function searchPeople(term: string) {
  const result = await api.GET('/people', {
    params: { query: { where: peopleSearchWhere(term), maxItems: SEARCH_SIZE, orderBy: ['firstName', 'lastName'] } },
  });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const searchPeopleQueryOptions = (term: string) =>
  queryOptions({ queryKey: personKeys.search(term), queryFn: () => searchPeople(term), staleTime: 30_000 });

/**
 * Searches the trimmed term once it has `minLength` characters (one by default); while the next
 * answer comes the last one stays, and a shorter term has none.
 */
export function useSearchPeople(term: string, { minLength = 1 }: { minLength?: number } = {}) {
  const trimmed = term.trim();
  const isLongEnough = trimmed.length >= minLength;
  return useQuery({
    ...searchPeopleQueryOptions(trimmed),
    enabled: isLongEnough,
    placeholderData: (previous) => (isLongEnough ? previous : undefined),
  });
}
