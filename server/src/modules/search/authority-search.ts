import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { formatDate } from '../../http/json.ts';
import type { Paging } from '../../http/params.ts';
import type { AftsField, AftsPhrase, AftsTerm } from './afts/afts.ast.ts';
import type { AftsCondition } from './afts/to-condition.ts';
import { FALSE, TRUE } from './query/values.ts';
import type { ParsedQueries, SearchRequest } from './search-request.ts';

/**
 * People and groups through POST /search, as Alfresco finds them: its people and groups are nodes
 * (`cm:person`, `cm:authorityContainer`, both of type `cm:authority`), and ADF's "add user or
 * group" picker (the permission dialog) asks for them so:
 *
 *   (userName:*al* OR email:*al* OR firstName:*al* OR lastName:*al* OR authorityName:*al*
 *    OR authorityDisplayName:*al*) AND PATH:"//cm:APP.DEFAULT/*"   (or ANAME:"0/APP.DEFAULT")
 *   filterQueries: TYPE:'cm:authority'
 *
 * Quire's people and groups are rows, not nodes: a request whose filter queries ask for these types
 * is answered from them. Each found one is an entry as Alfresco gives it, its properties those ADF
 * reads (cm:userName, cm:firstName, cm:lastName, cm:email; cm:authorityName, cm:authorityDisplayName).
 * Everyone signed in may find people (GET /people shows them alike); groups the caller may not know
 * of (a private site's) are not found. Fields and constructs other than those are a 400 naming them.
 */

export type AuthorityKind = 'person' | 'group';

export interface AuthorityHit {
  kind: AuthorityKind;
  /** The person's or group's id (`alice`, `GROUP_finance`). */
  id: string;
  uuid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** A group's display name. */
  displayName: string | null;
  createdAt: number;
}

const TYPES: Readonly<Record<string, readonly AuthorityKind[]>> = {
  'cm:authority': ['person', 'group'],
  'cm:person': ['person'],
  'cm:authoritycontainer': ['group'],
};

const CONTENT_MODEL = '{http://www.alfresco.org/model/content/1.0}';

/** `cm:person`, `person` or `{…content/1.0}person` as the lower-cased QName `cm:person`. */
function typeName(value: string): string {
  const type = value.trim().toLowerCase();
  if (type.startsWith(CONTENT_MODEL)) return `cm:${type.slice(CONTENT_MODEL.length)}`;
  return type.includes(':') || type.startsWith('{') ? type : `cm:${type}`;
}

/** The types a TYPE or EXACTTYPE condition names, if that is all it is (OR of them included). */
function typesOf(condition: AftsCondition): AuthorityKind[] | undefined {
  if (condition.kind === 'or') {
    const parts = condition.items.map(typesOf);
    return parts.every((p) => p !== undefined) ? [...new Set(parts.flat())] : undefined;
  }
  if ((condition.kind !== 'term' && condition.kind !== 'phrase') || !condition.field) return undefined;
  const field = condition.field;
  if (field.prefix || field.uri || !['TYPE', 'EXACTTYPE'].includes(field.name.toUpperCase())) return undefined;
  const kinds = TYPES[typeName(condition.value)];
  return kinds ? [...kinds] : undefined;
}

/**
 * The kinds of authority the request asks for, when one of its filter queries is a TYPE of
 * cm:authority, cm:person or cm:authorityContainer; undefined for a search of nodes.
 */
export function authorityKindsOf(parsed: ParsedQueries): Set<AuthorityKind> | undefined {
  let kinds: Set<AuthorityKind> | undefined;
  for (const filter of parsed.filters) {
    const asked = typesOf(filter.condition);
    if (!asked) continue;
    kinds = new Set(kinds ? asked.filter((k) => kinds!.has(k)) : asked);
  }
  return kinds;
}

/** The values an authority's fields are matched against, by the lower-cased field name. */
const FIELDS: Readonly<Record<string, string>> = {
  username: 'a.id',
  firstname: 'a.first_name',
  lastname: 'a.last_name',
  email: 'a.email',
  authorityname: 'a.authority_name',
  authoritydisplayname: 'a.display_name',
  displayname: 'a.full_name',
};

/** Matched by a word without a field: any of a person's names or ids, any of a group's. */
const DEFAULT_FIELDS = ['username', 'firstname', 'lastname', 'email', 'authorityname', 'authoritydisplayname'];

/** Zones Quire's people and groups are in (what the groups API says of every group). */
const ZONES = new Set(['app.default', 'auth.alf']);

function fieldKey(field: AftsField): string {
  if (field.uri || field.subField)
    throw badRequest(`Invalid query: ${describe(field)} is not a field of people or groups`);
  if (field.prefix && field.prefix.toLowerCase() !== 'cm') {
    throw badRequest(`Invalid query: ${describe(field)} is not a field of people or groups`);
  }
  return field.name.toLowerCase();
}

function describe(field: AftsField): string {
  const name = field.uri ? `{${field.uri}}${field.name}` : field.prefix ? `${field.prefix}:${field.name}` : field.name;
  return field.subField ? `${name}.${field.subField}` : name;
}

/** `*al*` as a LIKE pattern (`?` one character), else the value itself, both lower-cased. */
function likePattern(term: AftsTerm | AftsPhrase): string {
  const wild = new Set(term.kind === 'term' ? (term.wildcards ?? []) : []);
  let pattern = '';
  [...term.value.toLowerCase()].forEach((c, i) => {
    if (wild.has(i)) pattern += c === '*' ? '%' : '_';
    else pattern += /[\\%_]/.test(c) ? `\\${c}` : c;
  });
  return pattern;
}

/** The zone an ANAME "0/ZONE" or PATH "//cm:ZONE/*" names, else undefined. */
function zoneOf(key: string, value: string): string | undefined {
  if (key === 'aname') return /^0\/(.+)$/.exec(value)?.[1];
  if (key === 'path') return /^\/\/(?:cm:)?([^/]+)\/\*$/.exec(value)?.[1];
  return undefined;
}

/** The condition as SQL over one row `a` of people and groups (authoritySql), or a 400. */
function conditionSql(condition: AftsCondition): RawBuilder<SqlBool> {
  switch (condition.kind) {
    case 'all':
      return TRUE;
    case 'and':
    case 'or':
      return sql<SqlBool>`(${sql.join(condition.items.map(conditionSql), sql.raw(` ${condition.kind} `))})`;
    case 'not':
      return sql<SqlBool>`not (${conditionSql(condition.item)})`;
    case 'term':
    case 'phrase':
      return valueSql(condition);
    default:
      throw badRequest(`Invalid query: a ${condition.kind} is not answered for people and groups`);
  }
}

function valueSql(term: AftsTerm | AftsPhrase): RawBuilder<SqlBool> {
  const key = term.field ? fieldKey(term.field) : undefined;
  if (key === 'type' || key === 'exacttype') {
    const kinds = TYPES[typeName(term.value)] ?? [];
    return kinds.length ? sql<SqlBool>`a.kind in (${sql.join(kinds)})` : FALSE;
  }
  if (key === 'aname' || key === 'path') {
    const zone = zoneOf(key, term.value);
    if (zone === undefined) {
      throw badRequest(`Invalid query: ${key.toUpperCase()} "${term.value}" is not answered for people and groups`);
    }
    return ZONES.has(zone.toLowerCase()) ? TRUE : FALSE;
  }
  const fields = key === undefined || key === 'text' ? DEFAULT_FIELDS : [key];
  const columns = fields.map((f) => {
    const column = FIELDS[f];
    if (!column) throw badRequest(`Invalid query: ${describe(term.field!)} is not a field of people or groups`);
    return column;
  });
  const pattern = likePattern(term);
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(${sql.raw(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * People and the groups the caller may know of, as rows `a` with what a query reads of them. The
 * hidden groups go as one JSON parameter: there can be more of them (five per private site) than
 * a statement may have parameters.
 */
function authoritySql(postgres: boolean, hiddenGroups: readonly string[]): RawBuilder<unknown> {
  const hidden = JSON.stringify(hiddenGroups.map((g) => g.toLowerCase()));
  const list = postgres
    ? sql`select jsonb_array_elements_text(cast(${hidden} as jsonb))`
    : sql`select value from json_each(${hidden})`;
  const visible = hiddenGroups.length ? sql`where g.id_key not in (${list})` : sql``;
  return sql`(
    select 'person' as kind, p.id as id, p.id_key as id_key, p.first_name as first_name, p.last_name as last_name,
      p.email as email, null as authority_name, null as display_name,
      trim(p.first_name || ' ' || coalesce(p.last_name, '')) as full_name, p.node_uuid as uuid, p.created_at as created_at
    from people p
    union all
    select 'group', g.id, g.id_key, null, null, null, g.id, g.display_name, g.display_name, g.node_uuid, g.created_at
    from groups g ${visible})`;
}

/** Refuses what a search of people and groups does not answer, naming it. */
function checkRequest(body: SearchRequest): void {
  const unsupported = [
    body.facetFields?.facets?.length ? 'facetFields' : undefined,
    body.facetQueries?.length ? 'facetQueries' : undefined,
    body.facetIntervals?.intervals?.length ? 'facetIntervals' : undefined,
    body.highlight ? 'highlight' : undefined,
  ].filter((x) => x !== undefined);
  if (unsupported.length) {
    throw badRequest(`${unsupported.join(', ')}: not answered for a search of people and groups (TYPE:'cm:authority')`);
  }
  for (const clause of body.sort ?? []) {
    const field = clause.field?.replace(/^@/, '').toLowerCase();
    if (clause.type === 'SCORE' || (clause.type === 'FIELD' && ['cm:name', 'name', 'score'].includes(field ?? ''))) {
      continue;
    }
    throw badRequest(`A search of people and groups sorts by name only, not by ${clause.field ?? clause.type}`);
  }
}

/** One page of the people and groups that match the request, in the order of their ids, and their number. */
export async function searchAuthorities(
  db: Db,
  body: SearchRequest,
  parsed: ParsedQueries,
  kinds: ReadonlySet<AuthorityKind>,
  hiddenGroups: readonly string[],
  paging: Paging,
): Promise<{ hits: AuthorityHit[]; total: number }> {
  checkRequest(body);
  // Filter queries whose types have nothing in common (cm:person and cm:authorityContainer).
  if (kinds.size === 0) return { hits: [], total: 0 };
  const where = [
    sql<SqlBool>`a.kind in (${sql.join([...kinds])})`,
    conditionSql(parsed.main),
    ...parsed.filters.map((f) => conditionSql(f.condition)),
  ];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const matching = sql`from ${authoritySql(postgres, hiddenGroups)} a where ${sql.join(where, sql` and `)}`;
  const descending = body.sort?.[0]?.ascending === false && body.sort[0].type === 'FIELD';
  const order = sql.raw(descending ? 'desc' : 'asc');
  // Rows come back with camel-cased keys (the database's CamelCasePlugin).
  const rows = await sql<Omit<AuthorityHit, 'createdAt'> & { createdAt: number | string }>`
    select a.kind, a.id, a.uuid, a.first_name, a.last_name, a.email, a.display_name, a.created_at ${matching}
    order by a.id_key ${order} limit ${paging.maxItems} offset ${paging.skipCount}`.execute(db);
  const counted = await sql<{ n: number | string }>`select count(*) as n ${matching}`.execute(db);
  return {
    hits: rows.rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) })),
    total: Number(counted.rows[0]?.n ?? 0),
  };
}

const SYSTEM_USER = { id: 'System', displayName: 'System' };

/**
 * A person or group as an entry of search results, shaped as Alfresco's node of it: `cm:person`
 * or `cm:authorityContainer`, with the properties ADF reads when `include` asks for properties.
 */
export function authorityEntry(hit: AuthorityHit, include: ReadonlySet<string>) {
  const properties =
    hit.kind === 'person'
      ? {
          'cm:userName': hit.id,
          'cm:firstName': hit.firstName,
          ...(hit.lastName ? { 'cm:lastName': hit.lastName } : {}),
          ...(hit.email ? { 'cm:email': hit.email } : {}),
        }
      : { 'cm:authorityName': hit.id, 'cm:authorityDisplayName': hit.displayName };
  const at = formatDate(hit.createdAt);
  return {
    id: hit.uuid,
    name: hit.id,
    nodeType: hit.kind === 'person' ? 'cm:person' : 'cm:authorityContainer',
    isFolder: false,
    isFile: false,
    createdAt: at,
    createdByUser: SYSTEM_USER,
    modifiedAt: at,
    modifiedByUser: SYSTEM_USER,
    ...(include.has('properties') ? { properties } : {}),
    ...(include.has('aspectNames') ? { aspectNames: [] } : {}),
  };
}
