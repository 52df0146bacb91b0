import { PostgresAdapter, sql, type Expression } from 'kysely';
import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { MAX_PAGE_ITEMS, type Paging } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { AftsQueryError } from './afts/afts.errors.ts';
import { parseAfts, type AftsLanguage } from './afts/parse-afts.ts';
import { toCondition } from './afts/to-condition.ts';
import { textIndexFor } from './index/text-index.ts';
import { conditionSql, type QueryScope } from './query/afts-sql.ts';
import { fieldName, parseFieldText, textColumnsOf } from './query/fields.ts';
import { propertyValue, type Condition } from './query/values.ts';
import { searchPage, type SearchReader } from './search.repository.ts';

type SearchRequest = components['schemas']['SearchRequest'];

export interface SearchServiceDeps {
  db: Db;
  dictionary: Dictionary;
  systemNodes: SystemNodes;
  /** Live nodes by id, in the order of the ids. */
  findMany(db: Db, ids: readonly string[]): Promise<NodeRecord[]>;
}

export interface SearchResult {
  nodes: NodeRecord[];
  totalItems: number;
  paging: Paging;
}

/** POST /search: the nodes the caller may read that match the query and every filter query. */
export async function search(
  deps: SearchServiceDeps,
  principal: Principal,
  body: SearchRequest,
): Promise<SearchResult> {
  const scope = queryScope(deps, body);
  const where = readQueries(body, scope);
  const paging = {
    skipCount: body.paging?.skipCount ?? 0,
    maxItems: Math.min(body.paging?.maxItems ?? 100, MAX_PAGE_ITEMS),
  };
  const { ids, total } = await searchPage(deps.db, {
    where,
    reader: readerOf(principal),
    order: orderOf(body.sort ?? [], scope),
    skip: paging.skipCount,
    limit: paging.maxItems,
  });
  return { nodes: await deps.findMany(deps.db, ids), totalItems: total, paging };
}

export function readerOf(principal: Principal): SearchReader {
  return principal.isAdmin
    ? { all: true }
    : { all: false, personId: principal.id, authorities: [...principal.authorities] };
}

function queryScope(deps: SearchServiceDeps, body: SearchRequest): QueryScope {
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
    textColumns: queryError(() => textColumnsOf(attributes, deps.dictionary)),
  };
}

/** The query and its filter queries, parsed, as one condition. */
function readQueries(body: SearchRequest, scope: QueryScope): Condition {
  const language = body.query.language ?? 'afts';
  if (language === 'cmis') throw badRequest('CMIS queries are not supported: write the query in AFTS');
  const operator = body.defaults?.defaultFTSOperator?.toUpperCase() as 'AND' | 'OR' | undefined;
  const read = (text: string, what: string, lang: AftsLanguage) =>
    queryError(
      () => conditionSql(toCondition(parseAfts(text, { language: lang, defaultOperator: operator })), scope),
      what,
    );
  const conditions = [read(body.query.query, 'query', language)];
  for (const [i, filter] of (body.filterQueries ?? []).entries()) {
    conditions.push(read(filter.query, `filterQueries[${i}]`, 'afts'));
  }
  return conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` and `)})`;
}

/** An AftsQueryError as a 400 that says which query and where. */
function queryError<T>(run: () => T, what = 'defaults'): T {
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
 * `sort`: FIELD on a column or a text property; SCORE (the default) and DOCUMENT as the most
 * recently modified first, since Quire does not rank matches yet.
 */
function orderOf(sort: NonNullable<SearchRequest['sort']>, scope: QueryScope) {
  const order: { by: Expression<unknown>; ascending: boolean }[] = [];
  for (const clause of sort) {
    if (clause.type !== 'FIELD') {
      order.push({ by: sql.ref('nodes.modifiedAt'), ascending: clause.ascending ?? false });
      continue;
    }
    if (!clause.field) throw badRequest('A FIELD sort needs its field');
    order.push({ by: sortExpression(clause.field, scope), ascending: clause.ascending ?? false });
  }
  if (order.length === 0) order.push({ by: sql.ref('nodes.modifiedAt'), ascending: false });
  return order;
}

function sortExpression(field: string, scope: QueryScope): Expression<unknown> {
  const name = field.toUpperCase() === 'TYPE' ? 'TYPE' : fieldName(parseFieldText(field.replace(/^@/, '')));
  const column = SORT_COLUMNS[name];
  if (column === 'sizeInBytes') return sql`coalesce(${sql.ref('nodes.sizeInBytes')}, -1)`;
  if (column) return sql.ref(`nodes.${column}`);
  if (name === 'cm:title' || name === 'cm:description' || scope.dictionary.property(name)) {
    return sql`lower(${propertyValue(scope.postgres, name)})`;
  }
  throw badRequest(`Cannot sort by ${field}`);
}

/** The search module's service, bound to its dependencies. */
export function createSearchService(deps: SearchServiceDeps) {
  return {
    search: (principal: Principal, body: SearchRequest) => search(deps, principal, body),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
