import { sql, type SqlBool } from 'kysely';
import type { Dictionary } from '../../dictionary/dictionary.ts';
import type { SystemNodes } from '../../nodes/core/special-nodes.ts';
import type { AftsPhrase, AftsRange, AftsTerm } from '../afts/afts.ast.ts';
import { AftsQueryError } from '../afts/afts.errors.ts';
import type { AftsCondition } from '../afts/to-condition.ts';
import type { TextColumn, TextIndex } from '../index/text-index.ts';
import { resolveField, type FieldTarget } from './fields.ts';
import { specialCondition } from './special-fields.ts';
import { textCondition, textRange } from './text-fields.ts';
import {
  between,
  col,
  dateLimit,
  dateTerm,
  numberLimit,
  propertyRange,
  propertyTerm,
  textIs,
  TRUE,
  type Condition,
} from './values.ts';

/** What a query is read against: the database's dialect and index, the model, the clock. */
export interface QueryScope {
  readonly postgres: boolean;
  readonly index: TextIndex;
  readonly dictionary: Dictionary;
  readonly systemNodes: SystemNodes;
  readonly now: Date;
  /** What TEXT (and a word without a field) searches. */
  readonly textColumns: readonly TextColumn[];
  /**
   * Whether the caller may read the folder a row of `nodes` under this alias is: PATH and PNAME
   * name folders, and must not confirm the names of those the caller may not read.
   */
  readonly mayRead: (alias: string) => Condition;
}

/** A word or phrase as written, wildcards and all. */
export interface Written {
  readonly text: string;
  readonly wildcards: readonly number[];
}

/** The condition a query puts on each node, as SQL over `nodes` (access and liveness aside). */
export function conditionSql(condition: AftsCondition, scope: QueryScope): Condition {
  switch (condition.kind) {
    case 'all':
      return TRUE;
    case 'and':
    case 'or': {
      const items = condition.items.map((c) => conditionSql(c, scope));
      return sql<SqlBool>`(${sql.join(items, condition.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      return sql<SqlBool>`not (${conditionSql(condition.item, scope)})`;
    case 'proximity':
      throw new AftsQueryError('Proximity searches (word *(n) word) are not supported.');
    case 'template':
      throw new AftsQueryError(`Query templates (%${condition.name}) are not supported.`);
    case 'range':
      return rangeSql(condition, resolveField(condition.field, scope.dictionary, scope.textColumns), scope);
    default:
      return leafSql(condition, resolveField(condition.field, scope.dictionary, scope.textColumns), scope);
  }
}

/** A word or a phrase: `*` and `?` in a phrase are wildcards too, as Alfresco reads `"repo*"`. */
export function writtenOf(leaf: AftsTerm | AftsPhrase): Written {
  if (leaf.kind === 'term' && leaf.fuzzy !== undefined) {
    throw new AftsQueryError(`Fuzzy matching (${leaf.value}~) is not supported.`);
  }
  if (leaf.kind === 'phrase' && leaf.slop !== undefined) {
    throw new AftsQueryError(`Phrase slop ("${leaf.value}"~${leaf.slop}) is not supported.`);
  }
  const wildcards =
    leaf.kind === 'term'
      ? (leaf.wildcards ?? [])
      : [...leaf.value].flatMap((c, i) => (c === '*' || c === '?' ? [i] : []));
  // LIKE matching with many wildcards backtracks; no real name needs more than a few.
  if (wildcards.length > MAX_WILDCARDS) {
    throw new AftsQueryError(`"${leaf.value.slice(0, 40)}…" has more than ${MAX_WILDCARDS} wildcards.`);
  }
  return { text: leaf.value, wildcards };
}

/** Most wildcards in one word or phrase. */
const MAX_WILDCARDS = 8;

function leafSql(leaf: AftsTerm | AftsPhrase, target: FieldTarget, scope: QueryScope): Condition {
  const written = writtenOf(leaf);
  switch (target.kind) {
    case 'text':
      return textCondition(target, written, leaf.exact, leaf.kind === 'phrase', scope);
    case 'special':
      return specialCondition(target.name, written, scope);
    case 'column':
      return columnTerm(target.qname, written, scope);
    case 'content':
      return contentTerm(target.part, written);
    case 'property':
      return propertyTerm(scope.postgres, target.qname, target.def.dataType, written, scope.now);
  }
}

const PERSON_COLUMNS = { 'cm:creator': 'createdBy', 'cm:modifier': 'modifiedBy', 'cm:owner': 'ownerId' } as const;
const DATE_COLUMNS = { 'cm:created': 'createdAt', 'cm:modified': 'modifiedAt' } as const;

function columnTerm(qname: keyof typeof PERSON_COLUMNS | keyof typeof DATE_COLUMNS, w: Written, scope: QueryScope) {
  if (w.text === '*' && w.wildcards.length === 1) return TRUE;
  if (qname in DATE_COLUMNS) return dateTerm(col(DATE_COLUMNS[qname as keyof typeof DATE_COLUMNS]), w.text, scope.now);
  return textIs(col(PERSON_COLUMNS[qname as keyof typeof PERSON_COLUMNS]), w.text, w.wildcards);
}

function contentTerm(part: 'mimetype' | 'size' | 'encoding', w: Written): Condition {
  if (w.text === '*' && w.wildcards.length === 1) return sql<SqlBool>`${col('contentId')} is not null`;
  if (part === 'size') return sql<SqlBool>`${col('sizeInBytes')} = ${asNumber(numberLimit(w.text, 'cm:content.size'))}`;
  return textIs(col(part === 'mimetype' ? 'mimeType' : 'encoding'), w.text, w.wildcards);
}

function rangeSql(range: AftsRange, target: FieldTarget, scope: QueryScope): Condition {
  switch (target.kind) {
    case 'text':
      return textRange(target, range, scope);
    case 'special':
      throw new AftsQueryError(`${target.name} does not take a range.`);
    case 'column': {
      if (target.qname in DATE_COLUMNS) {
        const column = col(DATE_COLUMNS[target.qname as keyof typeof DATE_COLUMNS]);
        return between(column, dateLimit(range.from, scope.now), dateLimit(range.to, scope.now), range);
      }
      const column = col(PERSON_COLUMNS[target.qname as keyof typeof PERSON_COLUMNS]);
      return between(sql`lower(${column})`, openOr(range.from), openOr(range.to), range);
    }
    case 'content':
      if (target.part !== 'size') {
        const column = col(target.part === 'mimetype' ? 'mimeType' : 'encoding');
        return between(sql`lower(${column})`, openOr(range.from), openOr(range.to), range);
      }
      return between(
        col('sizeInBytes'),
        asNumber(numberLimit(range.from, 'cm:content.size')),
        asNumber(numberLimit(range.to, 'cm:content.size')),
        range,
      );
    case 'property':
      return propertyRange(scope.postgres, target.qname, target.def.dataType, range, scope.now);
  }
}

/** A number as SQL of its own type (PostgreSQL would read `1.5` sent for a bigint column as text). */
function asNumber(n: number | null) {
  return n === null ? null : sql`cast(${n} as double precision)`;
}

function openOr(limit: string): string | null {
  return limit === '*' ? null : limit.toLowerCase();
}
