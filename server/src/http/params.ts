import { badRequest, invalidSelect } from './errors.ts';

/** `include`/`fields`/`orderBy` arrive as comma lists, possibly repeated: flatten and trim. */
export function listParam(value: readonly string[] | string | undefined): string[] {
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : value;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** Names in `include` must be identifiers with optional `:` and `/` (Alfresco's select grammar). */
export function includeParam(value: readonly string[] | string | undefined): Set<string> {
  const names = listParam(value);
  for (const name of names) {
    if (!/^[\p{L}\p{N}_]+(:[\p{L}\p{N}_]+)?(\/[\p{L}\p{N}_:]+)*$/u.test(name)) {
      throw invalidSelect(`An invalid include query was received. ${name}`);
    }
  }
  return new Set(names);
}

export interface Paging {
  skipCount: number;
  maxItems: number;
}

/** The largest page: a bigger `maxItems` is read as this, and the answer's `pagination.maxItems` says so. */
export const MAX_PAGE_ITEMS = 1000;

export function pagingParam(query: { skipCount?: number; maxItems?: number }): Paging {
  return { skipCount: query.skipCount ?? 0, maxItems: Math.min(query.maxItems ?? 100, MAX_PAGE_ITEMS) };
}

export interface SortField {
  field: string;
  ascending: boolean;
}

export function orderByParam(value: readonly string[] | string | undefined): SortField[] {
  return listParam(value).map((item) => {
    const parts = item.split(/\s+/);
    const [field, direction, ...rest] = parts;
    if (!field || rest.length > 0) throw badRequest(`An invalid ORDERBY query was received. ${item}`);
    if (direction !== undefined && !/^(ASC|DESC)$/i.test(direction)) {
      throw badRequest(`An invalid ORDERBY query was received. ${item}`);
    }
    return { field, ascending: direction === undefined || direction.toUpperCase() === 'ASC' };
  });
}

export interface PageResult<T> {
  items: T[];
  totalItems: number;
  paging: Paging;
}

/** The list envelope. `source` goes inside `list`, after `entries`, as Alfresco writes it. */
export function listEnvelope<T>(page: PageResult<T>, map: (item: T) => object, source?: object) {
  const entries = page.items.map((item) => ({ entry: map(item) }));
  return {
    list: {
      pagination: {
        count: entries.length,
        hasMoreItems: page.paging.skipCount + entries.length < page.totalItems,
        totalItems: page.totalItems,
        skipCount: page.paging.skipCount,
        maxItems: page.paging.maxItems,
      },
      entries,
      ...(source ? { source } : {}),
    },
  };
}

/** `fields`: keep only the named top-level keys (plus those named in include). */
export function applyFields<T extends object>(entry: T, fields: readonly string[], include: ReadonlySet<string>): T {
  if (fields.length === 0) return entry;
  const keep = new Set([...fields, ...include]);
  return Object.fromEntries(Object.entries(entry).filter(([key]) => keep.has(key))) as T;
}
