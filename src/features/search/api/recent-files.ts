import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { touchedBy } from '../model/afts.ts';
import { searchKeys } from './keys.ts';
import { searchNodes } from './search-nodes.ts';

export const RECENT_PAGE_SIZE = 25;

/**
 * The Content App's Recent Files: what the person created or last changed in the last 30 days,
 * newest first (files only), with paths.
 */
export async function recentFiles(userId: string, page: number) {
  return searchNodes({
    query: { query: '*', language: 'afts' },
    filterQueries: [
      { query: 'cm:modified:[NOW/DAY-30DAYS TO NOW/DAY+1DAY]' },
      { query: touchedBy(userId) },
      { query: "TYPE:'content'" },
      { query: '-ASPECT:"sys:hidden"' },
    ],
    include: ['path'],
    sort: [{ type: 'FIELD', field: 'cm:modified', ascending: false }],
    paging: { maxItems: RECENT_PAGE_SIZE, skipCount: page * RECENT_PAGE_SIZE },
  });
}

export const recentFilesQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.recent(userId, page),
    queryFn: () => recentFiles(userId, page),
    placeholderData: keepPreviousData,
  });

export function useRecentFiles(userId: string | undefined, page: number) {
  return useQuery({ ...recentFilesQueryOptions(userId ?? '', page), enabled: userId !== undefined });
}
