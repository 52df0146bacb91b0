import type { components } from '../../../../openapi/schema.gen.ts';

type SearchRequest = components['schemas']['SearchRequest'];
type Facet = components['schemas']['SearchGenericFacet'];

/** The facets the search page counts and filters by, in the order the page shows them. */
export const FACET_LABELS = ['File type', 'Modified', 'Created by', 'Size'] as const;

/** Field facets count as if their own filter were not chosen: one may pick PDF, then Word as well. */
export const FACET_FIELDS: NonNullable<NonNullable<SearchRequest['facetFields']>['facets']> = [
  { field: 'content.mimetype', label: 'File type', limit: 10, excludeFilters: ['content.mimetype'] },
  { field: 'creator', label: 'Created by', limit: 10, excludeFilters: ['creator'] },
];

const KB = 1024;
const MB = 1024 * KB;
export const FACET_QUERIES: NonNullable<SearchRequest['facetQueries']> = [
  { query: `content.size:[0 TO ${100 * KB}>`, label: 'Under 100 KB', group: 'Size' },
  { query: `content.size:[${100 * KB} TO ${MB}>`, label: '100 KB to 1 MB', group: 'Size' },
  { query: `content.size:[${MB} TO ${10 * MB}>`, label: '1 MB to 10 MB', group: 'Size' },
  { query: `content.size:[${10 * MB} TO MAX]`, label: 'Over 10 MB', group: 'Size' },
];

export const FACET_INTERVALS: NonNullable<NonNullable<SearchRequest['facetIntervals']>['intervals']> = [
  {
    field: 'cm:modified',
    label: 'Modified',
    sets: [
      { label: 'Today', start: 'NOW/DAY', end: 'NOW/DAY+1DAY', endInclusive: false },
      { label: 'Past 7 days', start: 'NOW/DAY-6DAYS', end: 'NOW/DAY+1DAY', endInclusive: false },
      { label: 'This month', start: 'NOW/MONTH', end: 'NOW/DAY+1DAY', endInclusive: false },
      { label: 'This year', start: 'NOW/YEAR', end: 'NOW/DAY+1DAY', endInclusive: false },
      { label: 'Before this year', start: '*', end: 'NOW/YEAR', endInclusive: false },
    ],
  },
];

const MIME_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/msword': 'Word document (old)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.ms-excel': 'Excel spreadsheet (old)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation',
  'text/plain': 'Plain text',
  'text/html': 'HTML',
  'text/csv': 'CSV',
  'text/markdown': 'Markdown',
  'application/json': 'JSON',
  'application/zip': 'ZIP archive',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/svg+xml': 'SVG image',
};

/** A mimetype as people name it (`application/pdf` → PDF); an unknown one as it is. */
export const mimeTypeName = (mimeType: string) => MIME_NAMES[mimeType] ?? mimeType;

export interface FacetBucket {
  label: string;
  filterQuery: string;
  count: number;
}

export interface FacetGroup {
  label: string;
  buckets: FacetBucket[];
}

/**
 * The facets of an answer (V2) as the page shows them: in FACET_LABELS order, each bucket's label
 * as people read it (a person's display name, a file type's name), empty buckets left out unless
 * chosen, and a chosen bucket the answer no longer counts kept (with 0) so it can be dropped.
 */
export function facetGroups(facets: readonly Facet[] | undefined, chosen: readonly string[]): FacetGroup[] {
  return FACET_LABELS.flatMap((label) => {
    const facet = facets?.find((f) => f.label === label);
    const buckets: FacetBucket[] = (facet?.buckets ?? [])
      .map((b) => ({
        label: label === 'File type' ? mimeTypeName(b.label) : (b.display ?? b.label),
        filterQuery: b.filterQuery,
        count: b.metrics.find((m) => m.type === 'count')?.value.count ?? 0,
      }))
      .filter((b) => b.count > 0 || chosen.includes(b.filterQuery));
    const own = new Set(buckets.map((b) => b.filterQuery));
    for (const filter of chosen) {
      if (!own.has(filter) && belongsTo(label, filter))
        buckets.push({ label: labelOf(filter), filterQuery: filter, count: 0 });
    }
    return buckets.length ? [{ label, buckets }] : [];
  });
}

const FIELD_OF: Record<(typeof FACET_LABELS)[number], string> = {
  'File type': 'content.mimetype:',
  Modified: 'cm:modified:',
  'Created by': 'creator:',
  Size: 'content.size:',
};
const belongsTo = (label: (typeof FACET_LABELS)[number], filter: string) => filter.startsWith(FIELD_OF[label]);

/** A chosen filter's label when the answer has no bucket for it: the value in its quotes. */
function labelOf(filter: string): string {
  const known = [...FACET_QUERIES].find((q) => q.query === filter)?.label;
  if (known) return known;
  const quoted = /:"((?:[^"\\]|\\.)*)"$/.exec(filter)?.[1];
  if (quoted !== undefined) {
    const value = quoted.replace(/\\(.)/g, '$1');
    return filter.startsWith('content.mimetype:') ? mimeTypeName(value) : value;
  }
  return filter;
}
