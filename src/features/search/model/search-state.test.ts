import { describe, expect, it } from 'vitest';
import { facetGroups } from './facets.ts';
import {
  filterField,
  groupedFilterQueries,
  parseSearchState,
  searchHref,
  searchRequest,
  searchStateParams,
  toggleFilter,
} from './search-state.ts';

describe('the search state in the address', () => {
  it('reads and writes q, filters, sort and page, defaults left out', () => {
    const params = new URLSearchParams(
      'q=annual+report&filter=creator%3A%22bob%22&filter=content.size%3A%5B0+TO+102400%3E&sort=name&page=2',
    );
    const state = parseSearchState(params);
    expect(state).toEqual({
      q: 'annual report',
      filters: ['creator:"bob"', 'content.size:[0 TO 102400>'],
      sort: 'name',
      page: 2,
    });
    expect(parseSearchState(searchStateParams(state))).toEqual(state);
    expect(parseSearchState(new URLSearchParams('q=x&sort=bogus&page=-3'))).toEqual({
      q: 'x',
      filters: [],
      sort: 'relevance',
      page: 0,
    });
    expect(searchHref('a&b "c"')).toBe('/search?q=a%26b+%22c%22');
  });

  it('toggles a filter and goes back to the first page', () => {
    const state = { q: 'x', filters: ['creator:"bob"'], sort: 'relevance' as const, page: 3 };
    expect(toggleFilter(state, 'creator:"bob"')).toMatchObject({ filters: [], page: 0 });
    expect(toggleFilter(state, 'creator:"al"')).toMatchObject({ filters: ['creator:"bob"', 'creator:"al"'] });
  });
});

describe('filter queries', () => {
  it('joins buckets of one facet with OR and keeps facets apart', () => {
    expect(filterField('content.mimetype:"application/pdf"')).toBe('content.mimetype');
    expect(filterField('cm:modified:[NOW/DAY TO NOW/DAY+1DAY>')).toBe('cm:modified');
    expect(filterField('content.size:[0 TO 102400>')).toBe('content.size');
    expect(
      groupedFilterQueries(['content.mimetype:"application/pdf"', 'creator:"bob"', 'content.mimetype:"text/plain"']),
    ).toEqual([
      {
        query: '(content.mimetype:"application/pdf") OR (content.mimetype:"text/plain")',
        tags: ['content.mimetype'],
      },
      { query: 'creator:"bob"', tags: ['creator'] },
    ]);
  });

  it('builds the request: escaped words, files and folders only, the page, the sort, facets and highlights', () => {
    const request = searchRequest({ q: 'cm:name:x', filters: ['creator:"bob"'], sort: 'modified', page: 1 }, 20);
    expect(request.query.query).toBe('cm\\:name\\:x');
    expect(request.filterQueries?.slice(1)).toEqual([{ query: 'creator:"bob"', tags: ['creator'] }]);
    expect(request.paging).toEqual({ maxItems: 20, skipCount: 20 });
    expect(request.sort).toEqual([{ type: 'FIELD', field: 'cm:modified', ascending: false }]);
    expect(request.highlight?.prefix).toBe('\u0002');
    expect(request.include).toEqual(['path']);
    expect(searchRequest({ q: 'x', filters: [], sort: 'relevance', page: 0 }).sort).toBeUndefined();
  });
});

describe('facetGroups', () => {
  const count = (n: number) => [{ type: 'count' as const, value: { count: n } }];
  it('orders the facets, names file types and people, hides empty buckets unless chosen', () => {
    const groups = facetGroups(
      [
        {
          type: 'query',
          label: 'Size',
          buckets: [
            { label: 'Under 100 KB', filterQuery: 'content.size:[0 TO 102400>', metrics: count(2) },
            { label: 'Over 10 MB', filterQuery: 'content.size:[10485760 TO MAX]', metrics: count(0) },
          ],
        },
        {
          type: 'field',
          label: 'Created by',
          buckets: [{ label: 'bob', display: 'Bob Brown', filterQuery: 'creator:"bob"', metrics: count(1) }],
        },
        {
          type: 'field',
          label: 'File type',
          buckets: [{ label: 'application/pdf', filterQuery: 'content.mimetype:"application/pdf"', metrics: count(1) }],
        },
      ],
      ['content.size:[10485760 TO MAX]', 'content.mimetype:"text/plain"'],
    );
    expect(groups).toEqual([
      {
        label: 'File type',
        buckets: [
          { label: 'PDF', filterQuery: 'content.mimetype:"application/pdf"', count: 1 },
          { label: 'Plain text', filterQuery: 'content.mimetype:"text/plain"', count: 0 },
        ],
      },
      { label: 'Created by', buckets: [{ label: 'Bob Brown', filterQuery: 'creator:"bob"', count: 1 }] },
      {
        label: 'Size',
        buckets: [
          { label: 'Under 100 KB', filterQuery: 'content.size:[0 TO 102400>', count: 2 },
          { label: 'Over 10 MB', filterQuery: 'content.size:[10485760 TO MAX]', count: 0 },
        ],
      },
    ]);
  });
});
