import { describe, expect, it } from 'vitest';
import { browseSearch, childrenParams, parseBrowseState, toggleSort } from './browse-params.ts';

describe('browse state', () => {
  it('defaults to the server order, page one, 50 a page', () => {
    const state = parseBrowseState(new URLSearchParams());
    expect(state).toEqual({ sort: null, direction: 'asc', page: 0, pageSize: 50 });
    expect(childrenParams(state)).toEqual({ skipCount: 0, maxItems: 50, orderBy: [] });
  });

  it('reads and writes the URL', () => {
    const state = parseBrowseState(new URLSearchParams('sort=size&dir=desc&page=3&size=25'));
    expect(state).toEqual({ sort: 'size', direction: 'desc', page: 2, pageSize: 25 });
    expect(browseSearch(state).toString()).toBe('sort=size&dir=desc&page=3&size=25');
  });

  it('ignores nonsense', () => {
    expect(parseBrowseState(new URLSearchParams('sort=evil&page=-4&size=7'))).toEqual({
      sort: null,
      direction: 'asc',
      page: 0,
      pageSize: 50,
    });
  });

  it('sorts on the server, folders first', () => {
    const state = parseBrowseState(new URLSearchParams('sort=modified&dir=desc&page=2'));
    expect(childrenParams(state)).toEqual({
      skipCount: 50,
      maxItems: 50,
      orderBy: ['isFolder DESC', 'modifiedAt DESC'],
    });
  });

  it('toggles a column and goes back to page one', () => {
    const start = parseBrowseState(new URLSearchParams('page=4'));
    const byName = toggleSort(start, 'name');
    expect(byName).toMatchObject({ sort: 'name', direction: 'asc', page: 0 });
    expect(toggleSort(byName, 'name')).toMatchObject({ sort: 'name', direction: 'desc' });
    expect(toggleSort(toggleSort(byName, 'name'), 'size')).toMatchObject({ sort: 'size', direction: 'asc' });
  });
});
