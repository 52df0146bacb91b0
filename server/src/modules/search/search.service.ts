import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Paging } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { facetsOf } from './facets.ts';
import { highlightSpecs, snippetsOf, type HighlightSpec } from './highlight.ts';
import { queryWords, scoreSql, type QueryWords } from './query/query-words.ts';
import { orderOf, pagingOf, queryScopeOf, readQuery, sqlOf, whereOf, type SearchRequest } from './search-request.ts';
import { searchPage, type SearchReader, type SearchScope } from './search.repository.ts';

type Context = components['schemas']['SearchResultPaging']['list']['context'];
type Highlight = NonNullable<components['schemas']['SearchEntry']['highlight']>;

export interface SearchServiceDeps {
  db: Db;
  dictionary: Dictionary;
  systemNodes: SystemNodes;
  /** Live nodes by id, in the order of the ids. */
  findMany(db: Db, ids: readonly string[]): Promise<NodeRecord[]>;
  displayNames(db: Db, ids: Iterable<string>): Promise<(id: string) => string>;
  /** The text of contents (highlights of cm:content). */
  contentText(db: Db, contentId: string): Promise<string | undefined>;
}

export interface SearchHit {
  node: NodeRecord;
  score: number;
  highlight?: Highlight;
}

export interface SearchResult {
  hits: SearchHit[];
  totalItems: number;
  paging: Paging;
  context: Context;
}

/** POST /search: the nodes the caller may read that match the query and every filter query. */
export async function search(
  deps: SearchServiceDeps,
  principal: Principal,
  body: SearchRequest,
): Promise<SearchResult> {
  const queryScope = queryScopeOf(deps, body);
  const main = readQuery(body, body.query.query, 'query', body.query.language === 'lucene' ? 'lucene' : 'afts');
  const scope: SearchScope = { where: whereOf(body, main, queryScope), reader: readerOf(principal) };
  const words = queryWords(main, queryScope);
  const score = scoreSql(words, queryScope);
  const paging = pagingOf(body);
  const specs = body.highlight ? highlightSpecs(body.highlight) : [];
  if (!Array.isArray(specs))
    throw badRequest(`highlight: ${specs.unknown} is not one of cm:name, cm:title, cm:description, cm:content`);
  const page = await searchPage(deps.db, {
    ...scope,
    score,
    order: orderOf(body, queryScope, score),
    skip: paging.skipCount,
    limit: paging.maxItems,
  });
  const nodes = await deps.findMany(
    deps.db,
    page.hits.map((h) => h.id),
  );
  const scores = new Map(page.hits.map((h) => [h.id, h.score]));
  const hits: SearchHit[] = [];
  for (const node of nodes) {
    const highlight = specs.length ? await highlightOf(deps, node, words, specs) : [];
    hits.push({ node, score: scores.get(node.id) ?? 1, ...(highlight.length ? { highlight } : {}) });
  }
  const facetDeps = {
    ...deps,
    condition: (text: string, what: string) => sqlOf(readQuery(body, text, what), queryScope, what),
    without: (tags: readonly string[]) => ({ ...scope, where: whereOf(body, main, queryScope, tags) }),
  };
  const context = await facetsOf(facetDeps, scope, body, queryScope);
  return {
    hits,
    totalItems: page.total,
    paging,
    context: body.includeRequest ? { ...context, request: body } : context,
  };
}

export function readerOf(principal: Principal): SearchReader {
  return principal.isAdmin
    ? { all: true }
    : { all: false, personId: principal.id, authorities: [...principal.authorities] };
}

async function highlightOf(deps: SearchServiceDeps, node: NodeRecord, words: QueryWords, specs: HighlightSpec[]) {
  const highlight: Highlight = [];
  for (const spec of specs) {
    const text = await fieldText(deps, node, spec.field);
    const snippets = text ? snippetsOf(text, words, spec) : [];
    if (snippets.length) highlight.push({ field: spec.field, snippets });
  }
  return highlight;
}

async function fieldText(deps: SearchServiceDeps, node: NodeRecord, field: HighlightSpec['field']) {
  if (field === 'cm:name') return node.name;
  if (field === 'cm:content') return node.contentId ? deps.contentText(deps.db, node.contentId) : undefined;
  const value = node.properties[field];
  return typeof value === 'string' ? value : undefined;
}

/** The search module's service, bound to its dependencies. */
export function createSearchService(deps: SearchServiceDeps) {
  return {
    search: (principal: Principal, body: SearchRequest) => search(deps, principal, body),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
