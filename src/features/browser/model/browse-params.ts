/** The sortable columns and the server field each sorts by. */
export const SORT_FIELDS = {
  name: 'name',
  size: 'sizeInBytes',
  modified: 'modifiedAt',
  modifiedBy: 'modifiedByUser',
} as const;
export type SortColumn = keyof typeof SORT_FIELDS;
export type SortDirection = 'asc' | 'desc';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** What the folder view shows, as kept in the URL (`?sort=size&dir=desc&page=2&size=50`). */
export interface BrowseState {
  sort: SortColumn | null;
  direction: SortDirection;
  page: number;
  pageSize: number;
}

export interface ChildrenParams {
  skipCount: number;
  maxItems: number;
  orderBy: string[];
}

const isSortColumn = (value: string | null): value is SortColumn => value !== null && value in SORT_FIELDS;

export function parseBrowseState(params: URLSearchParams): BrowseState {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  return {
    sort: isSortColumn(sort) ? sort : null,
    direction: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Search params for a state; defaults are left out so URLs stay short. */
export function browseSearch(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort) {
    params.set('sort', state.sort);
    if (state.direction === 'desc') params.set('dir', 'desc');
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/** Clicking a header: a new column sorts ascending, the same column flips; back to page one. */
export function toggleSort(state: BrowseState, column: SortColumn): BrowseState {
  const direction: SortDirection = state.sort === column && state.direction === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: column, direction, page: 0 };
}

/** The server's paging and order; folders always come first, as in every file manager. */
export function childrenParams(state: BrowseState): ChildrenParams {
  return {
    skipCount: state.page * state.pageSize,
    maxItems: state.pageSize,
    orderBy: state.sort ? ['isFolder DESC', `${SORT_FIELDS[state.sort]} ${state.direction.toUpperCase()}`] : [],
  };
}
