import type { components } from '../../../../openapi/schema.gen.ts';
import { FILES_AND_FOLDERS, userQuery } from './afts.ts';
import { FACET_FIELDS, FACET_INTERVALS, FACET_QUERIES } from './facets.ts';
import { HIGHLIGHT } from './snippet.ts';

export type SearchRequest = components['schemas']['SearchRequest'];

/** How results can be ordered; relevance is the server's own order (`SCORE`). */
export const SORTS = {
  relevance: { label: 'Relevance', sort: undefined },
  name: { label: 'Name', sort: [{ type: 'FIELD', field: 'cm:name', ascending: true }] },
  modified: { label: 'Last modified', sort: [{ type: 'FIELD', field: 'cm:modified', ascending: false }] },
  size: { label: 'Size', sort: [{ type: 'FIELD', field: 'cm:content.size', ascending: false }] },
} as const satisfies Record<string, { label: string; sort: SearchRequest['sort'] }>;
export type SortKey = keyof typeof SORTS;
const isSortKey = (value: string | null): value is SortKey => value !== null && Object.hasOwn(SORTS, value);

export const PAGE_SIZE = 20;

/** What the search page shows, all of it in the address (`?q=…&filter=…&sort=…&page=…`): reload and back work. */
export interface SearchState {
  q: string;
  /** The `filterQuery` of each chosen facet bucket, as the server gave it. */
  filters: string[];
  sort: SortKey;
  /** Zero-based. */
  page: number;
}

export function parseSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    filters: [...new Set(params.getAll('filter').filter((f) => f.trim() !== ''))],
    sort: isSortKey(sort) ? sort : 'relevance',
    page: Math.max(0, Math.floor(Number(params.get('page') ?? 0)) || 0),
  };
}

/** The address of a search state; defaults are left out. */
export function searchStateParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('q', state.q);
  for (const filter of state.filters) params.append('filter', filter);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 0) params.set('page', String(state.page));
  return params;
}

/** `/search?q=…`: where the search box's Enter goes. */
export const searchHref = (q: string) => `/search?${searchStateParams({ q, filters: [], sort: 'relevance', page: 0 })}`;

/** A filter chosen or dropped (back to the first page). */
export function toggleFilter(state: SearchState, filterQuery: string): SearchState {
  const filters = state.filters.includes(filterQuery)
    ? state.filters.filter((f) => f !== filterQuery)
    : [...state.filters, filterQuery];
  return { ...state, filters, page: 0 };
}

/** The field a bucket's filter query narrows (`content.mimetype:"…"` → `content.mimetype`). */
export function filterField(filterQuery: string): string {
  const at = filterQuery.search(/:(?=["'[<{(])/);
  return at < 0 ? filterQuery : filterQuery.slice(0, at);
}

/**
 * The chosen filters as the request's filterQueries: buckets of one facet are alternatives (PDF or
 * Word), so they are joined with OR; different facets each narrow the results (AND). Each is
 * tagged with its field, so that field's own facet can count as if it were not chosen (its other
 * buckets keep their counts: FACET_FIELDS' excludeFilters).
 */
export function groupedFilterQueries(filters: readonly string[]): { query: string; tags: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const filter of filters) byField.set(filterField(filter), [...(byField.get(filterField(filter)) ?? []), filter]);
  return [...byField].map(([field, group]) => ({
    query: group.length === 1 ? group[0]! : group.map((f) => `(${f})`).join(' OR '),
    tags: [field],
  }));
}

/** The request behind a search page: the words, the filters, facets to count, highlights, a page. */
export function searchRequest(state: SearchState, pageSize = PAGE_SIZE): SearchRequest {
  const sort = SORTS[state.sort].sort;
  return {
    query: { query: userQuery(state.q), language: 'afts', userQuery: state.q },
    defaults: { defaultFTSOperator: 'AND' },
    filterQueries: [{ query: FILES_AND_FOLDERS }, ...groupedFilterQueries(state.filters)],
    include: ['path'],
    paging: { maxItems: pageSize, skipCount: state.page * pageSize },
    ...(sort ? { sort: sort.map((s) => ({ ...s })) } : {}),
    highlight: HIGHLIGHT,
    facetFormat: 'V2',
    facetFields: { facets: FACET_FIELDS },
    facetQueries: FACET_QUERIES,
    facetIntervals: { intervals: FACET_INTERVALS },
  };
}
