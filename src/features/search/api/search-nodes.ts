import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema.gen.ts';
import { api } from '../../../lib/api-client.ts';
import { config } from '../../../lib/config.ts';
import { unwrap } from '../../../lib/errors.ts';
import type { SearchRequest } from '../model/search-state.ts';
import { searchKeys } from './keys.ts';

export type SearchNode = components['schemas']['Node'];

/** The search API next to the core API base (`…/public/alfresco/versions/1` → `…/public/search/versions/1`). */
export function searchBaseFor(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/\/alfresco\/versions\/1$/, '/search/versions/1');
}

/** `POST …/search/versions/1/search`: one page of the nodes that match and that the caller may read. */
export async function searchNodes(body: SearchRequest) {
  const result = await api.POST('/search', { baseUrl: searchBaseFor(config.apiBaseUrl), body });
  return unwrap(result).list;
}

export const searchResultsQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: searchKeys.results(request),
    queryFn: () => searchNodes(request),
    placeholderData: keepPreviousData,
    // A query the server refuses (400) is refused again: no retry.
    retry: false,
  });

export function useSearchResults(request: SearchRequest, enabled = true) {
  return useQuery({ ...searchResultsQueryOptions(request), enabled });
}
