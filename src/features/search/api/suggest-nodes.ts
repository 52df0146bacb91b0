import { queryOptions, useQuery } from '@tanstack/react-query';
import { FILES_AND_FOLDERS, namePrefixQuery } from '../model/afts.ts';
import { searchKeys } from './keys.ts';
import { searchNodes } from './search-nodes.ts';

/** How many files and folders the search box suggests. */
const SUGGESTED = 6;

/** Files and folders whose names start with the term, with paths (a folder opens where it lies). */
export async function suggestNodes(term: string) {
  const list = await searchNodes({
    query: { query: namePrefixQuery(term), language: 'afts', userQuery: term },
    filterQueries: [{ query: FILES_AND_FOLDERS }],
    include: ['path'],
    paging: { maxItems: SUGGESTED, skipCount: 0 },
  });
  return list.entries.map((e) => e.entry);
}

export const suggestNodesQueryOptions = (term: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(term),
    queryFn: () => suggestNodes(term),
    staleTime: 30_000,
    retry: false,
  });

/** Suggestions once the term has `minLength` characters; the last ones stay while the next come. */
export function useNodeSuggestions(term: string, minLength: number) {
  const isLongEnough = term.length >= minLength;
  return useQuery({
    ...suggestNodesQueryOptions(term),
    enabled: isLongEnough,
    placeholderData: (previous) => (isLongEnough ? previous : undefined),
  });
}
