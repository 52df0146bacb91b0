import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';
import { searchKeys } from './keys.ts';

/** Sites are few: the first hundred the caller can see are read once and filtered as one types. */
const SITES_READ = 100;

/** `GET /sites`: the sites the caller can see, by title. */
export async function listVisibleSites() {
  const result = await api.GET('/sites', { params: { query: { skipCount: 0, maxItems: SITES_READ } } });
  return unwrap(result).list.entries.map((e) => e.entry);
}

export const visibleSitesQueryOptions = queryOptions({
  queryKey: searchKeys.sites(),
  queryFn: listVisibleSites,
  staleTime: 60_000,
});

/** The sites whose title, id or description holds the term (case-insensitive), once it is long enough. */
export function useSiteSuggestions(term: string, minLength: number) {
  const sites = useQuery({ ...visibleSitesQueryOptions, enabled: term.length >= minLength });
  const needle = term.toLowerCase();
  const matching =
    term.length >= minLength
      ? (sites.data ?? []).filter((s) =>
          [s.title, s.id, s.description ?? ''].some((text) => text.toLowerCase().includes(needle)),
        )
      : [];
  return { ...sites, data: matching.slice(0, 4) };
}
