import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { searchKeys } from './keys.ts';

/** How many sites the search box suggests. */
const SUGGESTED = 4;

/** `GET /queries/sites`: the sites the caller can see whose id, title or description hold each word of the term. */
export async function findSites(term: string) {
  const result = await api.GET('/queries/sites', {
    params: { query: { term, skipCount: 0, maxItems: SUGGESTED, orderBy: ['title'] } },
  });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const siteSuggestionsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: searchKeys.sites(term),
    queryFn: () => findSites(term),
    staleTime: 30_000,
    retry: false,
  });

/** The sites matching the term, once it is long enough (the server asks for two characters at least). */
export function useSiteSuggestions(term: string, minLength: number) {
  const isLongEnough = term.length >= Math.max(minLength, 2);
  const sites = useQuery({
    ...siteSuggestionsQueryOptions(term),
    enabled: isLongEnough,
    placeholderData: isLongEnough ? keepPreviousData : undefined,
  });
  return { ...sites, data: isLongEnough ? (sites.data ?? []) : [] };
}
