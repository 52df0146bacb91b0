import { PostgresAdapter, sql, type AliasableExpression, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { MAX_PAGE_ITEMS, type Paging } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import { aclReadable } from '../permissions/acl-sql.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { AftsQueryError } from './afts/afts.errors.ts';
import { parseAfts, type AftsLanguage } from './afts/parse-afts.ts';
import { toCondition, type AftsCondition } from './afts/to-condition.ts';
import { textIndexFor } from './index/text-index.ts';
import { conditionSql, type QueryScope } from './query/afts-sql.ts';
import { checkBudget } from './query/budget.ts';
import { fieldName, parseFieldText, textColumnsOf } from './query/fields.ts';
import { col, propertyValue } from './query/values.ts';

/** Reading a search request: its scope, queries, order and page. */

export type SearchRequest = components['schemas']['SearchRequest'];

export function pagingOf(body: SearchRequest): Paging {
  return {
    skipCount: body.paging?.skipCount ?? 0,
    maxItems: Math.min(body.paging?.maxItems ?? 100, MAX_PAGE_ITEMS),
  };
}

export function queryScopeOf(
  deps: { db: Db; dictionary: Dictionary; systemNodes: SystemNodes },
  body: SearchRequest,
  principal: Principal,
): QueryScope {
  if (body.scope?.locations !== undefined && body.scope.locations !== 'nodes') {
    throw badRequest(`scope.locations ${body.scope.locations} is not searched: Quire searches nodes only`);
  }
  const defaults = body.defaults ?? {};
  const attributes =
    defaults.defaultFieldName && defaults.defaultFieldName.toUpperCase() !== 'TEXT'
      ? [defaults.defaultFieldName]
      : defaults.textAttributes;
  return {
    postgres: deps.db.getExecutor().adapter instanceof PostgresAdapter,
    index: textIndexFor(deps.db),
    dictionary: deps.dictionary,
    systemNodes: deps.systemNodes,
    now: new Date(),
    textColumns: queryError(() => textColumnsOf(attributes, deps.dictionary), 'defaults'),
    mayRead: readableBy(principal),
  };
}

/**
 * A query tests what the caller may read at every step of every path, up to some 250 times in a
 * statement (8 paths of 16 steps, `//.` twice), two lists of authorities each: a reader's go as
 * one parameter there when they are more than this (jsonList), or a reader in 100 groups was past
 * the bound parameters of a statement on both databases (a 500).
 */
const STEP_INLINE_AUTHORITIES = 20;

/** SQL for "the caller may read this row of nodes" (its own ACL: folders always have one). */
export function readableBy(principal: Principal): (alias: string) => RawBuilder<SqlBool> {
  if (principal.isAdmin) return () => sql<SqlBool>`1 = 1`;
  const authorities = [...principal.authorities];
  return (alias) =>
    sql<SqlBool>`(${sql.ref(`${alias}.ownerId`)} = ${principal.id} or ${aclReadable(sql.ref(`${alias}.aclId`), authorities, STEP_INLINE_AUTHORITIES)})`;
}

/** A query of the request (the query, a filter or facet query) as a condition, or a 400 that says which and why. */
export function readQuery(
  body: SearchRequest,
  text: string,
  what: string,
  language: AftsLanguage = 'afts',
): AftsCondition {
  const operator = body.defaults?.defaultFTSOperator?.toUpperCase() as 'AND' | 'OR' | undefined;
  return queryError(() => toCondition(parseAfts(text, { language, defaultOperator: operator })), what);
}

/** A condition as SQL (fields are resolved here: an unknown one is a 400 too). */
export function sqlOf(condition: AftsCondition, scope: QueryScope, what: string): RawBuilder<SqlBool> {
  return queryError(() => conditionSql(condition, scope), what);
}

/** The request's queries, parsed: the query, its filter queries (with their tags) and facet queries. */
export interface ParsedQueries {
  main: AftsCondition;
  filters: { condition: AftsCondition; tags: readonly string[]; what: string }[];
  facets: AftsCondition[];
}

/**
 * Parses every query of the request and checks that together they ask for no more work than one
 * request may (search/query/budget.ts), else a 400.
 */
export function parseQueries(body: SearchRequest): ParsedQueries {
  const language = body.query.language ?? 'afts';
  if (language === 'cmis') throw badRequest('CMIS queries are not supported: write the query in AFTS');
  const main = readQuery(body, body.query.query, 'query', language === 'lucene' ? 'lucene' : 'afts');
  const filters = (body.filterQueries ?? []).map((f, i) => {
    const what = `filterQueries[${i}]`;
    return { condition: readQuery(body, f.query, what), tags: f.tags ?? [], what };
  });
  const facets = (body.facetQueries ?? []).map((q, i) => readQuery(body, q.query, `facetQueries[${i}]`));
  const sets = (body.facetIntervals?.intervals ?? []).reduce((n, i) => n + i.sets.length, 0);
  if (facets.length + sets > MAX_COUNTED_BUCKETS) {
    throw badRequest(
      `facetQueries and facetIntervals ask for ${facets.length + sets} counts; at most ${MAX_COUNTED_BUCKETS}`,
    );
  }
  queryError(() => checkBudget([main, ...filters.map((f) => f.condition), ...facets]), 'request');
  return { main, filters, facets };
}

/** Most facet queries and interval sets of one request, together. */
const MAX_COUNTED_BUCKETS = 100;

/**
 * The query and its filter queries as one condition; a facet with excludeFilters counts as if the
 * filters with those tags were not there (multi-select facets).
 */
export function whereOf(
  parsed: ParsedQueries,
  scope: QueryScope,
  excludedTags: readonly string[] = [],
): RawBuilder<SqlBool> {
  const conditions = [sqlOf(parsed.main, scope, 'query')];
  for (const filter of parsed.filters) {
    if (filter.tags.some((tag) => excludedTags.includes(tag))) continue;
    conditions.push(sqlOf(filter.condition, scope, filter.what));
  }
  return conditions.length === 1 ? conditions[0]! : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** An AftsQueryError as a 400 that says which query and where. */
function queryError<T>(run: () => T, what: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AftsQueryError) throw badRequest(`Invalid ${what}: ${error.message}`);
    throw error;
  }
}

const SORT_COLUMNS: Record<string, string> = {
  'cm:name': 'nameKey',
  'cm:created': 'createdAt',
  'cm:modified': 'modifiedAt',
  'cm:creator': 'createdBy',
  'cm:modifier': 'modifiedBy',
  'cm:content.size': 'sizeInBytes',
  'cm:content.mimetype': 'mimeType',
  TYPE: 'nodeType',
};

/**
 * `sort`: FIELD on a column or a property; SCORE (the default) by how well nodes match, then the
 * most recently modified first; DOCUMENT in the order the index holds nodes (by id).
 */
export function orderOf(body: SearchRequest, scope: QueryScope, score: AliasableExpression<number>) {
  const order: { by: Expression<unknown>; ascending: boolean }[] = [];
  const sort = body.sort?.length ? body.sort : [{ type: 'SCORE' as const }];
  for (const clause of sort) {
    // ADF sorts by relevance as a FIELD named score.
    if (clause.type === 'SCORE' || (clause.type === 'FIELD' && clause.field?.toLowerCase() === 'score')) {
      order.push({ by: score, ascending: clause.ascending ?? false });
      order.push({ by: col('modifiedAt'), ascending: false });
    } else if (clause.type === 'DOCUMENT') {
      order.push({ by: col('id'), ascending: clause.ascending ?? true });
    } else {
      if (!clause.field) throw badRequest('A FIELD sort needs its field');
      order.push({ by: sortExpression(clause.field, scope), ascending: clause.ascending ?? false });
    }
  }
  return order;
}

function sortExpression(field: string, scope: QueryScope): Expression<unknown> {
  const parsed = parseFieldText(field.replace(/^@/, ''));
  const written =
    field.toUpperCase() === 'TYPE'
      ? 'TYPE'
      : `${queryError(() => fieldName(parsed), 'sort')}${parsed.subField ? `.${parsed.subField}` : ''}`;
  const name = written === 'TYPE' || written.includes(':') ? written : `cm:${written}`;
  const column = SORT_COLUMNS[name];
  if (column === 'sizeInBytes') return sql`coalesce(${col('sizeInBytes')}, -1)`;
  if (column) return col(column);
  if (name === 'cm:title' || name === 'cm:description' || scope.dictionary.property(name)) {
    return sql`lower(${propertyValue(scope.postgres, name)})`;
  }
  throw badRequest(`Cannot sort by ${field}`);
}
