import { NODES_KEY } from '../../../lib/query-keys.ts';
import type { SearchRequest } from '../model/search-state.ts';

/**
 * Query keys of searches, under the shared `['nodes']` root: a rename, move or delete anywhere
 * refreshes the results that showed the node.
 */
export const searchKeys = {
  all: [...NODES_KEY, 'search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, 'results', request] as const,
  suggestions: (term: string) => [...searchKeys.all, 'suggestions', term] as const,
  recent: (userId: string, page: number) => [...searchKeys.all, 'recent', userId, page] as const,
  /** The sites suggested for a term. */
  sites: (term: string) => [...searchKeys.all, 'sites', term] as const,
};
