import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { AftsQueryError } from '../afts/afts.errors.ts';
import type { QueryScope, Written } from './afts-sql.ts';
import { fieldName, parseFieldText, resolveField, type SpecialField } from './fields.ts';
import { PARSER_SPLITS } from '../index/text-index.ts';
import { wordsOf } from '../index/words.ts';
import { col, FALSE, propertyIsSet, TRUE, type Condition } from './values.ts';
import type { SystemNodes } from '../../nodes/core/special-nodes.ts';

/** TYPE, ASPECT, ID, PARENT, ANCESTOR, PATH, SITE, PNAME, TAG and the property tests. */
export function specialCondition(field: SpecialField, w: Written, scope: QueryScope): Condition {
  const value = w.text.trim();
  switch (field) {
    case 'TYPE':
    case 'EXACTTYPE':
      return typeCondition(value, field === 'TYPE', scope);
    case 'ASPECT':
    case 'EXACTASPECT':
      return aspectCondition(value);
    case 'ID':
      return sql<SqlBool>`${col('id')} = ${nodeIdOf(value)}`;
    case 'PRIMARYPARENT':
      return sql<SqlBool>`${col('parentId')} = ${nodeIdOf(value)}`;
    case 'PARENT': {
      const parent = nodeIdOf(value);
      return sql<SqlBool>`(${col('parentId')} = ${parent} or ${col('id')} in (select child_id from secondary_children where parent_id = ${parent}))`;
    }
    case 'ANCESTOR':
      return below(sql`${nodeIdOf(value)}`);
    case 'PATH':
      return pathCondition(value, scope);
    case 'SITE':
      return siteCondition(value, scope.systemNodes);
    case 'PNAME':
      return parentNameCondition(value, scope);
    case 'QNAME':
      return qnameCondition(value);
    case 'TAG':
      // Quire has no tags: no node has one.
      return FALSE;
    case 'TEXT':
      throw new Error('TEXT is a text field');
    default:
      return propertyTest(field, value, scope);
  }
}

/** `workspace://SpacesStore/<id>` (or a version's `<id>;1.0`) as the node id. */
function nodeIdOf(value: string): string {
  return value.replace(/^[a-z]+:\/\/SpacesStore\//i, '').replace(/;[\d.]+$/, '');
}

/** A type or aspect as written (`content`, `cm:content`, `{uri}content`) as its QName. */
function classQName(value: string): string {
  const field = parseFieldText(value);
  if (field.uri !== undefined) {
    try {
      return fieldName(field);
    } catch {
      return value; // a namespace Quire does not know: no node has a class of it
    }
  }
  return field.prefix !== undefined ? fieldName(field) : `cm:${field.name}`;
}

/** TYPE includes subtypes; a type the model does not have matches nothing (no node has it). */
function typeCondition(value: string, subtypes: boolean, scope: QueryScope): Condition {
  const type = classQName(value);
  if (!scope.dictionary.type(type)) return FALSE;
  const types = subtypes ? scope.dictionary.subtypesOf(type) : [type];
  return sql<SqlBool>`${col('nodeType')} in (${sql.join(types)})`;
}

function aspectCondition(value: string): Condition {
  const qname = classQName(value);
  const aspect = qname.replace(/[\\%_]/g, (c) => `\\${c}`);
  const stored = sql<SqlBool>`${col('aspects')} like ${`%"${aspect}"%`} escape '\\'`;
  // A locked node shows cm:lockable (nodes.mappers.ts) without it among its stored aspects.
  return qname === 'cm:lockable' ? sql<SqlBool>`(${stored} or ${col('lockOwner')} is not null)` : stored;
}

/** The nodes below a node (any depth, primary parents), the node itself not included. */
function descendants(top: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`with recursive below (id) as (
      select id from nodes where parent_id = ${top}
      union all select child.id from nodes child join below on child.parent_id = below.id)
    select id from below`;
}

function below(top: RawBuilder<unknown>): Condition {
  return sql<SqlBool>`${col('id')} in (${descendants(top)})`;
}

const SYSTEM_SEGMENTS: Record<string, keyof SystemNodes> = {
  'app:dictionary': 'dataDictionary',
  'app:user_homes': 'userHomes',
  'app:shared': 'shared',
  'app:guest_home': 'guestHome',
  'st:sites': 'sites',
};

/** The system folder a path step names (`app:dictionary`), if any (own keys only: not `constructor`). */
const systemSegment = (step: string): keyof SystemNodes | undefined =>
  Object.hasOwn(SYSTEM_SEGMENTS, step) ? SYSTEM_SEGMENTS[step] : undefined;

/**
 * PATH: `/app:company_home/st:sites/cm:site/cm:documentLibrary` is that node; a last step `*`
 * its children, `//*` everything below it, `//.` it and everything below it. A path that starts
 * with `//` starts anywhere: `//cm:wiki/*` is the children of every node named wiki (what the
 * Content App's Recent Files leaves out). Names are QNames whose local part is ISO 9075 encoded
 * (`cm:My_x0020_Folder`). The folders a path names count only where the caller may read them.
 */
function pathCondition(value: string, scope: QueryScope): Condition {
  const tail = /(\/\/\*|\/\/\.|\/\*)$/.exec(value)?.[1];
  const body = value.slice(0, value.length - (tail?.length ?? 0));
  const anywhere = body.startsWith('//');
  const steps = body.slice(anywhere ? 2 : 0).split('/');
  const named = anywhere ? steps : steps.slice(1);
  if ((!anywhere && steps[0] !== '') || named.some((s) => s === '' || s.includes('*'))) {
    throw new AftsQueryError(
      `PATH "${value}": Quire answers paths of names, from the root (/app:company_home/…) or from anywhere (//cm:name/…), optionally ending in /*, //* or //.`,
    );
  }
  if (anywhere) return anywherePathCondition(named, tail, scope);
  let node: RawBuilder<unknown> | undefined;
  for (const step of named) node = pathStep(node, step, scope);
  if (!node) node = sql`(select id from nodes where 1 = 0)`;
  if (tail === '/*') return sql<SqlBool>`${col('parentId')} = ${node}`;
  if (tail === '//*') return below(node);
  if (tail === '//.') return sql<SqlBool>`(${col('id')} = ${node} or ${below(node)})`;
  return sql<SqlBool>`${col('id')} = ${node}`;
}

/**
 * `//a/b` then a tail: the nodes named by the path's steps wherever it starts (b, whose parent is
 * a), or their children (`/*`), or what lies below them (`//*`, and themselves with `//.`).
 *
 * When the last step is a system folder, or a name the full-text index can look up (its words
 * found in the names of a few nodes), those nodes are found first, once (`ends`), and the matches
 * compared with them; else each match looks its own way up (for `/*`: one look-up of its parent
 * per match, which for a common word was a third of the Content App's search page).
 */
function anywherePathCondition(steps: string[], tail: string | undefined, scope: QueryScope): Condition {
  // Node `p0` is the last step's, its parent (`p1`) the step before's, and so on up.
  const aliases = steps.map((_, i) => sql.raw(`p${i}`));
  const joins = sql.join(
    aliases.slice(1).map((a, i) => sql`join nodes ${a} on ${a}.id = ${aliases[i]}.parent_id`),
    sql` `,
  );
  const tests = sql.join(
    steps
      .slice()
      .reverse()
      .map((step, i) => sql`${stepMatches(aliases[i]!, step, scope)} and ${scope.mayRead(`p${i}`)}`),
    sql` and `,
  );
  const isEnd = (ref: RawBuilder<unknown>) =>
    sql<SqlBool>`exists (select 1 from nodes p0 ${joins} where p0.id = ${ref} and ${tests})`;
  const found = lastStepNodes(steps.at(-1)!, scope);
  const ends = found
    ? sql`(select p0.id from nodes p0 ${joins} where ${found} and ${tests})`
    : sql`(select e.id from nodes e where e.archived_root_id is null and ${isEnd(sql.ref('e.id'))})`;
  if (tail === '/*') return found ? sql<SqlBool>`${col('parentId')} in ${ends}` : isEnd(col('parentId'));
  if (!tail) return found ? sql<SqlBool>`${col('id')} in ${ends}` : isEnd(col('id'));
  const under = sql<SqlBool>`${col('id')} in (with recursive under (id) as (
      select id from nodes where parent_id in ${ends}
      union all select child.id from nodes child join under on child.parent_id = under.id)
    select id from under)`;
  return tail === '//.' ? sql<SqlBool>`(${isEnd(col('id'))} or ${under})` : under;
}

/**
 * A condition on `p0` that narrows it to a few nodes through an index, which then holds every node
 * the step names (stepMatches still decides): a system folder's id, or the nodes whose names hold
 * the step's words (the full-text index holds every node's name, live or not). Only for names of
 * printable ASCII, whose words both indexes and wordsOf agree on; undefined when none applies.
 * PostgreSQL's parser reads a run of digits, e, digits as a number of its own (`3e7a1bc` is the
 * words 3e7 and a1bc, not wordsOf's one): such names are compared node by node there.
 */
function lastStepNodes(step: string, scope: QueryScope): RawBuilder<unknown> | undefined {
  if (step === 'app:company_home' || systemSegment(step)) return sql`1 = 1`;
  const name = nameKeyOf(step);
  const words = wordsOf(name);
  if (!/^[\x20-\x7e]+$/.test(name) || words.length === 0) return undefined;
  if (scope.postgres && PARSER_SPLITS.test(name)) return undefined;
  const named = scope.index.matching({ columns: ['name'], words, prefix: false, phrase: true });
  return sql`p0.id in (select doc.node_id from search_docs doc where ${named})`;
}

/** Node `alias` is the one a path step names: a system folder, or a live node of that name. */
function stepMatches(alias: RawBuilder<unknown>, step: string, scope: QueryScope): RawBuilder<unknown> {
  const system = scope.systemNodes;
  const segment = systemSegment(step);
  const known = step === 'app:company_home' ? system.companyHome : segment && system[segment];
  if (known) return sql`${alias}.id = ${known}`;
  return sql`(${alias}.name_key = ${nameKeyOf(step)} and ${alias}.archived_root_id is null)`;
}

function pathStep(parent: RawBuilder<unknown> | undefined, step: string, scope: QueryScope): RawBuilder<unknown> {
  const system = scope.systemNodes;
  if (!parent)
    return step === 'app:company_home' ? sql`${system.companyHome}` : sql`(select id from nodes where 1 = 0)`;
  const known = systemSegment(step);
  if (known) return sql`(select id from nodes where id = ${system[known]} and id = ${parent})`;
  return sql`(select step.id from nodes step where step.parent_id = ${parent} and step.name_key = ${nameKeyOf(step)}
    and step.archived_root_id is null and ${scope.mayRead('step')})`;
}

/** A path step's or QName's node name as its key: the local part (`cm:My_x0020_Folder` → `my folder`). */
function nameKeyOf(qname: string): string {
  const colon = qname.indexOf(':');
  return decodeIso9075(colon >= 0 ? qname.slice(colon + 1) : qname).toLowerCase();
}

function decodeIso9075(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** SITE: the site (by its id) and everything in it; `_ALL_SITES_` every site; `_EVERYTHING_` anything. */
function siteCondition(value: string, system: SystemNodes): Condition {
  if (value === '_EVERYTHING_') return TRUE;
  if (value === '_ALL_SITES_') return below(sql`${system.sites}`);
  const site = sql`(select id from nodes where parent_id = ${system.sites} and node_type = 'st:site' and name_key = ${value.toLowerCase()})`;
  return sql<SqlBool>`(${col('id')} = ${site} or ${below(site)})`;
}

/** PNAME `n/name`: the ancestor n levels above the parent (0: the parent) has that name. */
function parentNameCondition(value: string, scope: QueryScope): Condition {
  const match = /^(\d+)\/(.+)$/.exec(value);
  if (!match || Number(match[1]) > 32) {
    throw new AftsQueryError(`PNAME "${value}": write the level and the name, as in PNAME:"0/wiki".`);
  }
  let ancestor: RawBuilder<unknown> = col('parentId');
  for (let level = 0; level < Number(match[1]); level++) {
    ancestor = sql`(select parent_id from nodes where id = ${ancestor})`;
  }
  const name = match[2]!.toLowerCase();
  return sql<SqlBool>`exists (select 1 from nodes a where a.id = ${ancestor} and a.name_key = ${name} and ${scope.mayRead('a')})`;
}

/**
 * QNAME: the name of the node's association to its primary parent, which for Quire's nodes is
 * `cm:` and the node's name (ISO 9075 encoded): `QNAME:"cm:comment"` or `QNAME:comment`. Older
 * ADF versions filter every search with `-QNAME:comment`.
 */
function qnameCondition(value: string): Condition {
  const colon = value.indexOf(':');
  if (colon >= 0 && value.slice(0, colon) !== 'cm') return FALSE;
  return sql<SqlBool>`${col('nameKey')} = ${nameKeyOf(value)}`;
}

/** ISNULL, ISUNSET, ISNOTNULL and EXISTS of the property the value names. */
function propertyTest(field: SpecialField, value: string, scope: QueryScope): Condition {
  const target = resolveField(parseFieldText(value), scope.dictionary, scope.textColumns);
  let isSet: Condition;
  if (target.kind === 'property') isSet = propertyIsSet(scope.postgres, target.qname);
  else if (target.kind === 'text' && target.qname === 'cm:title') isSet = propertyIsSet(scope.postgres, 'cm:title');
  else if (target.kind === 'text' && target.qname === 'cm:description') {
    isSet = propertyIsSet(scope.postgres, 'cm:description');
  } else if (target.kind === 'text' && target.qname === 'cm:content')
    isSet = sql<SqlBool>`${col('contentId')} is not null`;
  else if (target.kind === 'text' && target.qname === 'cm:name') isSet = TRUE;
  else if (target.kind === 'column') isSet = TRUE;
  else throw new AftsQueryError(`${field} takes the name of a property, not "${value}".`);
  return field === 'ISNOTNULL' || field === 'EXISTS' ? isSet : sql<SqlBool>`not (${isSet})`;
}
