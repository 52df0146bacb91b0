import { sql, type AliasableExpression, type RawBuilder, type SqlBool } from 'kysely';
import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { formatDate } from '../../http/json.ts';
import { AftsQueryError } from './afts/afts.errors.ts';
import type { QueryScope } from './query/afts-sql.ts';
import { parseFieldText, resolveField, type FieldTarget } from './query/fields.ts';
import { between, col, dateLimit, numberLimit, propertyValue } from './query/values.ts';
import { facetCounts, type Hits, type PageSpec, type SearchScope, type ValueCount } from './search.repository.ts';

type SearchRequest = components['schemas']['SearchRequest'];
type Context = components['schemas']['SearchResultPaging']['list']['context'];
type GenericFacet = components['schemas']['SearchGenericFacet'];
type FieldFacet = NonNullable<NonNullable<SearchRequest['facetFields']>['facets']>[number];
type IntervalSet = components['schemas']['SearchIntervalSet'];

export interface FacetDeps {
  db: Db;
  /** People's display names (creator and modifier buckets). */
  displayNames(db: Db, ids: Iterable<string>): Promise<(id: string) => string>;
  /** The request's facet queries, as conditions (in their order). */
  facetQueries: readonly RawBuilder<SqlBool>[];
  /**
   * The search's scope without the filter queries that carry one of these tags (excludeFilters);
   * undefined when no filter query carries one (the scope is the search's own).
   */
  without(tags: readonly string[]): SearchScope | undefined;
}

const count = (n: number) => [{ type: 'count' as const, value: { count: n } }];
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * The facets a request asks for, counted over what the caller may read, as `list.context`; and
 * when the facets' statement found the matches of `scope` (undefined if none ran), their number
 * and the page's hits.
 */
export async function facetsOf(
  deps: FacetDeps,
  scope: SearchScope,
  body: SearchRequest,
  queryScope: QueryScope,
  page: PageSpec,
): Promise<{ context: Context; found?: { total: number; hits: Hits } }> {
  const v2 = body.facetFormat === 'V2';
  const intervalSpecs = (body.facetIntervals?.intervals ?? []).map((i) => intervalSpec(i, queryScope));
  const fieldSpecs = (body.facetFields?.facets ?? []).map((facet) => ({
    facet,
    value: facetValue(facet.field, queryScope),
    // A multi-select facet counts as if the filters it names were not there: a statement of its own.
    scope: facet.excludeFilters?.length ? deps.without(facet.excludeFilters) : undefined,
  }));
  // Facet queries, interval sets and the fields counted over the same matches: one statement.
  const together = fieldSpecs.filter((f) => f.scope === undefined);
  const conditions = [...deps.facetQueries, ...intervalSpecs.flatMap((i) => i.conditions)];
  const counted = await facetCounts(
    deps.db,
    scope,
    conditions,
    together.map((f) => valueCount(f.facet, f.value)),
    page,
  );
  const counts = counted.counts;
  const queries = (body.facetQueries ?? []).map((q, i) => ({
    label: q.label ?? q.query,
    filterQuery: q.query,
    count: counts[i]!,
    group: q.group,
  }));
  let at = queries.length;
  const intervals: GenericFacet[] = intervalSpecs.map((spec) => ({
    type: 'interval' as const,
    label: spec.label,
    buckets: spec.buckets.map((b) => ({ ...b, metrics: count(counts[at++]!) })),
  }));
  const fields: CountedField[] = [];
  for (const spec of fieldSpecs) {
    const rows = spec.scope
      ? (await facetCounts(deps.db, spec.scope, [], [valueCount(spec.facet, spec.value)])).values[0]!
      : counted.values[together.indexOf(spec)]!;
    fields.push(await fieldBuckets(deps, spec.facet, spec.value, rows));
  }
  const context = v2 ? contextV2(queries, fields, intervals) : contextV1(queries, fields, intervals);
  const found = counted.total !== undefined && counted.hits ? { total: counted.total, hits: counted.hits } : undefined;
  return { context, ...(found ? { found } : {}) };
}

type CountedQuery = { label: string; filterQuery: string; count: number; group: string | undefined };
type CountedField = {
  label: string;
  buckets: { label: string; filterQuery: string; count: number; display?: string }[];
};

function contextV1(queries: CountedQuery[], fields: CountedField[], intervals: GenericFacet[]): Context {
  return {
    ...(queries.length ? { facetQueries: queries.map(({ group: _, ...q }) => q) } : {}),
    ...(fields.length ? { facetsFields: fields } : {}),
    ...(intervals.length ? { facets: intervals } : {}),
  };
}

function contextV2(queries: CountedQuery[], fields: CountedField[], intervals: GenericFacet[]): Context {
  const facets: GenericFacet[] = [
    ...queryGroups(queries),
    ...fields.map((f) => ({
      type: 'field' as const,
      label: f.label,
      buckets: f.buckets.map(({ count: n, ...b }) => ({ ...b, metrics: count(n) })),
    })),
    ...intervals,
  ];
  return facets.length ? { facets } : {};
}

/** V2: facet queries grouped by their `group` (those without one under "Query"). */
function queryGroups(queries: CountedQuery[]): GenericFacet[] {
  const groups = new Map<string, GenericFacet['buckets']>();
  for (const q of queries) {
    const label = q.group ?? 'Query';
    groups.set(label, [
      ...(groups.get(label) ?? []),
      { label: q.label, filterQuery: q.filterQuery, metrics: count(q.count) },
    ]);
  }
  return [...groups].map(([label, buckets]) => ({ type: 'query', label, buckets }));
}

/** What a facet field counts: the value of each node, and how a bucket is shown and filtered. */
interface FacetValue {
  expr: AliasableExpression<unknown>;
  label(value: unknown): string;
  people?: boolean;
}

function facetValue(field: string, scope: QueryScope): FacetValue {
  let target: FieldTarget;
  try {
    target = resolveField(parseFieldText(field), scope.dictionary, scope.textColumns);
  } catch (error) {
    if (error instanceof AftsQueryError) throw badRequest(`facetFields: ${error.message}`);
    throw error;
  }
  const text = (expr: AliasableExpression<unknown>): FacetValue => ({ expr, label: String });
  switch (target.kind) {
    case 'column':
      if (target.qname === 'cm:created' || target.qname === 'cm:modified') {
        return {
          expr: col(target.qname === 'cm:created' ? 'createdAt' : 'modifiedAt'),
          label: (v) => formatDate(Number(v)),
        };
      }
      return {
        ...text(col({ 'cm:creator': 'createdBy', 'cm:modifier': 'modifiedBy', 'cm:owner': 'ownerId' }[target.qname])),
        people: true,
      };
    case 'content':
      return text(col({ mimetype: 'mimeType', size: 'sizeInBytes', encoding: 'encoding' }[target.part]));
    case 'property':
      return text(propertyValue(scope.postgres, target.qname));
    case 'text':
      if (target.qname === 'cm:name') return text(col('name'));
      if (target.qname === 'cm:title' || target.qname === 'cm:description')
        return text(propertyValue(scope.postgres, target.qname));
      break;
    case 'special':
      if (target.name === 'TYPE' || target.name === 'EXACTTYPE') return text(col('nodeType'));
      break;
  }
  throw badRequest(
    `facetFields: ${field} has no values to count (the content's text, or a field such as SITE or PATH)`,
  );
}

function valueCount(facet: FieldFacet, value: FacetValue): ValueCount {
  return {
    value: value.expr,
    options: {
      mincount: facet.mincount ?? 1,
      limit: Math.min(facet.limit ?? 100, 1000),
      offset: facet.offset ?? 0,
      prefix: facet.prefix,
      sort: facet.sort ?? 'COUNT',
    },
  };
}

/** A field facet's buckets from its counted values (with people's display names for creator and modifier). */
async function fieldBuckets(
  deps: FacetDeps,
  facet: FieldFacet,
  value: FacetValue,
  rows: readonly { value: string; count: number }[],
) {
  const names = value.people
    ? await deps.displayNames(
        deps.db,
        rows.map((r) => r.value),
      )
    : undefined;
  const buckets = rows.map((r) => {
    const label = value.label(r.value);
    return {
      label,
      filterQuery: `${facet.field}:${quoted(label)}`,
      count: r.count,
      ...(names ? { display: names(label) } : {}),
    };
  });
  return { label: facet.label ?? facet.field, buckets };
}

/** An interval facet's sets as conditions (dates with date math, or numbers), with their buckets' labels. */
function intervalSpec(interval: { field: string; label?: string; sets: IntervalSet[] }, queryScope: QueryScope) {
  const value = facetValue(interval.field, queryScope);
  const dates = interval.field.replace(/^cm:/, '') === 'created' || interval.field.replace(/^cm:/, '') === 'modified';
  const limit = (text: string) => {
    try {
      if (dates) return dateLimit(text, queryScope.now);
      const n = numberLimit(text, interval.field);
      return n === null ? null : sql`cast(${n} as double precision)`;
    } catch (error) {
      if (error instanceof AftsQueryError) throw badRequest(`facetIntervals: ${error.message}`);
      throw error;
    }
  };
  const conditions: RawBuilder<SqlBool>[] = [];
  const buckets: { label: string; filterQuery: string }[] = [];
  for (const set of interval.sets) {
    const range = { includeFrom: set.startInclusive ?? true, includeTo: set.endInclusive ?? true };
    conditions.push(between(sql`${value.expr}`, limit(set.start), limit(set.end), range));
    const open = range.includeFrom ? '[' : '<';
    const close = range.includeTo ? ']' : '>';
    const filterQuery = `${interval.field}:${open}${set.start} TO ${set.end}${close}`;
    buckets.push({ label: set.label ?? `${open}${set.start},${set.end}${close}`, filterQuery });
  }
  return { label: interval.label ?? interval.field, conditions, buckets };
}
