import type { components } from '../../../../openapi/schema.gen.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Paging } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { authorityKindsOf, searchAuthorities, type AuthorityHit } from './authority-search.ts';
import { facetsOf } from './facets.ts';
import { highlightSpecs, snippetsOf, type HighlightSpec } from './highlight.ts';
import { queryWords, scoreSql, type QueryWords } from './query/query-words.ts';
import { orderOf, pagingOf, parseQueries, queryScopeOf, sqlOf, whereOf, type SearchRequest } from './search-request.ts';
import { contentTextOf, searchPage, searchReads, type SearchReader, type SearchScope } from './search.repository.ts';

type Context = components['schemas']['SearchResultPaging']['list']['context'];
type Highlight = NonNullable<components['schemas']['SearchEntry']['highlight']>;

export interface SearchServiceDeps {
  db: Db;
  dictionary: Dictionary;
  systemNodes: SystemNodes;
  /** Live nodes by id, in the order of the ids. */
  findMany(db: Db, ids: readonly string[]): Promise<NodeRecord[]>;
  displayNames(db: Db, ids: Iterable<string>): Promise<(id: string) => string>;
  /** The groups the caller may not know of (a private site's): a search of people and groups leaves them out. */
  hiddenGroups(principal: Principal): Promise<string[]>;
}

export interface SearchHit {
  node: NodeRecord;
  score: number;
  highlight?: Highlight;
}

export interface SearchResult {
  hits: SearchHit[];
  /** A search of people and groups (TYPE:'cm:authority'; authority-search.ts) finds these instead of nodes. */
  authorities?: AuthorityHit[];
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
  return searchReads(deps.db, (db) => searchIn({ ...deps, db }, principal, body));
}

async function searchIn(deps: SearchServiceDeps, principal: Principal, body: SearchRequest): Promise<SearchResult> {
  const queryScope = queryScopeOf(deps, body, principal);
  const parsed = parseQueries(body);
  const kinds = authorityKindsOf(parsed);
  if (kinds) {
    const paging = pagingOf(body);
    const hidden = await deps.hiddenGroups(principal);
    const found = await searchAuthorities(deps.db, body, parsed, kinds, hidden, paging);
    const context = body.includeRequest ? { request: body } : {};
    return { hits: [], authorities: found.hits, totalItems: found.total, paging, context };
  }
  const scope: SearchScope = { where: whereOf(parsed, queryScope), reader: readerOf(principal) };
  const words = queryWords(parsed.main, queryScope);
  const score = scoreSql(words, queryScope);
  const paging = pagingOf(body);
  const specs = body.highlight ? highlightSpecs(body.highlight) : [];
  if (!Array.isArray(specs))
    throw badRequest(`highlight: ${specs.unknown} is not one of cm:name, cm:title, cm:description, cm:content`);
  const facetDeps = {
    ...deps,
    facetQueries: parsed.facets.map((c, i) => sqlOf(c, queryScope, `facetQueries[${i}]`)),
    without: (tags: readonly string[]) =>
      parsed.filters.some((f) => f.tags.some((tag) => tags.includes(tag)))
        ? { ...scope, where: whereOf(parsed, queryScope, tags) }
        : undefined,
  };
  const pageSpec = { score, order: orderOf(body, queryScope, score), skip: paging.skipCount, limit: paging.maxItems };
  // Facets first: their statement finds the matches, counts them and takes the page's, so the
  // page need not find them again.
  const { context, found } = await facetsOf(facetDeps, scope, body, queryScope, pageSpec);
  const page = found ?? (await searchPage(deps.db, { ...scope, ...pageSpec }));
  const nodes = await deps.findMany(
    deps.db,
    page.hits.map((h) => h.id),
  );
  const scores = new Map(page.hits.map((h) => [h.id, h.score]));
  const hits: SearchHit[] = [];
  const texts = new Map<string, Promise<string | undefined>>();
  const maxChars = Math.min(body.highlight?.maxAnalyzedChars ?? 51_200, 100_000);
  const textOf = (contentId: string) => {
    // Copies share a content: its text is read once per request.
    if (!texts.has(contentId)) texts.set(contentId, contentTextOf(deps.db, contentId, maxChars));
    return texts.get(contentId)!;
  };
  for (const node of nodes) {
    const highlight = specs.length ? await highlightOf(node, words, specs, textOf) : [];
    hits.push({ node, score: scores.get(node.id) ?? 1, ...(highlight.length ? { highlight } : {}) });
  }
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

type TextOf = (contentId: string) => Promise<string | undefined>;

async function highlightOf(node: NodeRecord, words: QueryWords, specs: HighlightSpec[], textOf: TextOf) {
  const highlight: Highlight = [];
  for (const spec of specs) {
    const text = await fieldText(node, spec.field, textOf);
    const snippets = text ? snippetsOf(text, words, spec) : [];
    if (snippets.length) highlight.push({ field: spec.field, snippets });
  }
  return highlight;
}

async function fieldText(node: NodeRecord, field: HighlightSpec['field'], textOf: TextOf) {
  if (field === 'cm:name') return node.name;
  if (field === 'cm:content') return node.contentId ? textOf(node.contentId) : undefined;
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
