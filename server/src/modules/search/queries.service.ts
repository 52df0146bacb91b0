import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/database.ts';
import { onPostgres } from '../../db/row-locks.ts';
import { badRequest } from '../../http/errors.ts';
import type { Paging, SortField } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { findPeoplePage } from '../people/people-search.repository.ts';
import type { PersonRecord, PersonSort } from '../people/people.repository.ts';
import type { Readers } from '../permissions/access.service.ts';
import { findSitesPage } from '../sites/sites-search.repository.ts';
import { siteFromNode, type SiteRecord } from '../sites/sites.mappers.ts';
import type { SiteSort } from '../sites/sites.repository.ts';
import type { AftsCondition } from './afts/to-condition.ts';
import { textIndexFor } from './index/text-index.ts';
import { wordsOf } from './index/words.ts';
import type { QueryScope } from './query/afts-sql.ts';
import { col } from './query/values.ts';
import { searchPage, searchReads } from './search.repository.ts';
import { readableBy, sqlOf } from './search-request.ts';
import { readerOf } from './search.service.ts';

export interface QueriesServiceDeps {
  db: Db;
  dictionary: Dictionary;
  systemNodes: SystemNodes;
  /** Live nodes by id, in the order of the ids. */
  findMany(db: Db, ids: readonly string[]): Promise<NodeRecord[]>;
  /** `rootNodeId` as the nodes API resolves an id or alias: 404 when missing, 403 when not readable. */
  resolveNode(principal: Principal, idOrAlias: string): Promise<NodeRecord>;
  /** People by id (any order). */
  findPeople(db: Db, ids: readonly string[]): Promise<PersonRecord[]>;
  /** Who may read which nodes, for SQL filters; undefined for administrators. */
  readers(principal: Principal): Readers | undefined;
}

export interface NodesQuery extends Paging {
  term: string | undefined;
  rootNodeId?: string | undefined;
  nodeType?: string | undefined;
  orderBy: SortField[];
}

export interface TermQuery extends Paging {
  term: string | undefined;
  orderBy: SortField[];
}

export interface Found<T> {
  items: T[];
  totalItems: number;
}

/**
 * Alfresco's check of `term` (QueriesImpl): needed; quotes dropped, then at least `min` letters or
 * digits (wildcards and punctuation do not count), else 400.
 */
function checkedTerm(term: string | undefined, min: number): string {
  if (term === undefined) throw badRequest("Query 'term' not specified");
  const text = term.replaceAll('"', '').trim();
  if ([...text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length < min) {
    throw badRequest(`Query 'term' is too short. Must have at least ${min} alphanumeric chars`);
  }
  return text;
}

/** The words of a term for people and sites: split at blanks, lower-cased, wildcards dropped. */
function containedWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[*?]/g, ''))
    .filter((w) => w !== '');
}

/** What `orderBy` names, checked against the fields of one query (else Alfresco's 400). */
function sortOf<F extends string>(
  orderBy: SortField[],
  allowed: readonly F[],
  otherwise: { field: F; ascending: boolean }[],
) {
  const sort = orderBy.map(({ field, ascending }) => {
    if (!allowed.includes(field as F)) throw badRequest(`Invalid sort field: ${field}`);
    return { field: field as F, ascending };
  });
  return sort.length > 0 ? sort : otherwise;
}

const term = (field: string, value: string): AftsCondition => ({
  kind: 'term',
  field: { name: field },
  value,
  exact: false,
});
const not = (item: AftsCondition): AftsCondition => ({ kind: 'not', item });

/** Never found, with a nodeType or without: hidden nodes and what the system made (Alfresco's QueriesImpl). */
const NOT_HIDDEN: AftsCondition[] = [
  not(term('ASPECT', 'sys:hidden')),
  not({ kind: 'term', field: { prefix: 'cm', name: 'creator' }, value: 'System', exact: false }),
];

const NOT_FOUND_TYPES = ['cm:thumbnail', 'cm:failedThumbnail', 'cm:rating', 'fm:post', 'st:site'];

/** Files and folders but sites and their containers; or the node type asked for (400 if unknown). */
function typeConditions(nodeType: string | undefined, dictionary: Dictionary): AftsCondition[] {
  if (nodeType !== undefined) {
    if (!dictionary.type(nodeType)) throw badRequest(`Unknown filter nodeType: ${nodeType}`);
    return [term('TYPE', nodeType), ...NOT_HIDDEN];
  }
  return [
    { kind: 'or', items: [term('TYPE', 'cm:content'), term('TYPE', 'cm:folder')] },
    ...NOT_FOUND_TYPES.map((type) => not(term('TYPE', type))),
    not(term('ASPECT', 'st:siteContainer')),
    ...NOT_HIDDEN,
  ];
}

const NODE_SORT: Record<'name' | 'createdAt' | 'modifiedAt', Expression<unknown>> = {
  name: sql.ref('nodes.nameKey'),
  createdAt: col('createdAt'),
  modifiedAt: col('modifiedAt'),
};

/**
 * GET /queries/nodes: the nodes the caller may read whose name, title, description or content
 * (once its text is extracted) have a word beginning with each word of the term (in any order;
 * Alfresco asks for the term as a phrase), below `rootNodeId` when given.
 */
export async function findNodes(
  deps: QueriesServiceDeps,
  principal: Principal,
  query: NodesQuery,
): Promise<Found<NodeRecord>> {
  // Checked in Alfresco's order: the term, the root (404, 403), the type, the sort (400).
  const words = wordsOf(checkedTerm(query.term, 3));
  if (words.length > 32) throw badRequest('The term has more than 32 words');
  const conditions: AftsCondition[] = words.map((w) => ({
    kind: 'term',
    value: `${w}*`,
    wildcards: [w.length],
    exact: false,
  }));
  if (query.rootNodeId !== undefined) {
    conditions.push(term('ANCESTOR', (await deps.resolveNode(principal, query.rootNodeId)).id));
  }
  conditions.push(...typeConditions(query.nodeType, deps.dictionary));
  const sort = sortOf(query.orderBy, ['name', 'createdAt', 'modifiedAt'], [{ field: 'modifiedAt', ascending: false }]);
  const scope: QueryScope = {
    postgres: onPostgres(deps.db),
    index: textIndexFor(deps.db),
    dictionary: deps.dictionary,
    systemNodes: deps.systemNodes,
    now: new Date(),
    textColumns: ['name', 'title', 'description', 'content'],
    mayRead: readableBy(principal),
  };
  const { hits, total } = await searchReads(deps.db, (db) =>
    searchPage(db, {
      where: sqlOf({ kind: 'and', items: conditions }, scope, 'term'),
      reader: readerOf(principal),
      score: sql<number>`1`,
      order: sort.map(({ field, ascending }) => ({ by: NODE_SORT[field], ascending })),
      skip: query.skipCount,
      limit: query.maxItems,
    }),
  );
  return {
    items: await deps.findMany(
      deps.db,
      hits.map((h) => h.id),
    ),
    totalItems: total,
  };
}

/** GET /queries/people: people whose id, first or last name contain each word of the term. */
export async function findPeople(deps: QueriesServiceDeps, query: TermQuery): Promise<Found<PersonRecord>> {
  const words = containedWords(checkedTerm(query.term, 2));
  const sort = sortOf<PersonSort>(
    query.orderBy,
    ['id', 'firstName', 'lastName'],
    [
      { field: 'firstName', ascending: true },
      { field: 'lastName', ascending: true },
    ],
  );
  const { ids, total } = await findPeoplePage(deps.db, { words, sort, skip: query.skipCount, limit: query.maxItems });
  const byId = new Map((await deps.findPeople(deps.db, ids)).map((p) => [p.id, p]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), totalItems: total };
}

/** GET /queries/sites: the sites the caller can see whose id, title or description contain each word. */
export async function findSites(
  deps: QueriesServiceDeps,
  principal: Principal,
  query: TermQuery,
): Promise<Found<SiteRecord>> {
  const words = containedWords(checkedTerm(query.term, 2));
  const sort: SiteSort[] = sortOf(query.orderBy, ['id', 'title', 'description'], [{ field: 'title', ascending: true }]);
  const page = await findSitesPage(deps.db, {
    ...{ sitesFolderId: deps.systemNodes.sites, words, readable: deps.readers(principal), sort },
    ...{ skip: query.skipCount, limit: query.maxItems },
  });
  return { items: page.items.map((node) => siteFromNode(node)), totalItems: page.total };
}

/** The queries of the search module, bound to their dependencies. */
export function createQueriesService(deps: QueriesServiceDeps) {
  return {
    findNodes: (principal: Principal, query: NodesQuery) => findNodes(deps, principal, query),
    findPeople: (query: TermQuery) => findPeople(deps, query),
    findSites: (principal: Principal, query: TermQuery) => findSites(deps, principal, query),
  };
}

export type QueriesService = ReturnType<typeof createQueriesService>;
