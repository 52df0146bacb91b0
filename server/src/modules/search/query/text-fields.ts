import { sql, type SqlBool } from 'kysely';
import type { AftsRange } from '../afts/afts.ast.ts';
import { AftsQueryError } from '../afts/afts.errors.ts';
import type { TextColumn } from '../index/text-index.ts';
import { wordsOf } from '../index/words.ts';
import type { QueryScope, Written } from './afts-sql.ts';
import { between, col, FALSE, propertyIsSet, propertyValue, TRUE, textIs, type Condition } from './values.ts';

/** The fields the index holds words of: TEXT, cm:name, cm:title, cm:description, cm:content. */
interface TextTarget {
  readonly columns: readonly TextColumn[];
  readonly qname?: string;
}

/** Longest word searched (PostgreSQL's index holds none over 2,047 bytes). */
const MAX_WORD = 500;

const QNAMES: Record<TextColumn, string> = {
  name: 'cm:name',
  title: 'cm:title',
  description: 'cm:description',
  content: 'cm:content',
};

/**
 * A word or phrase in text fields: its words through the index (all of them; in order for a
 * phrase), a trailing `*` a prefix of the last word. `=word` and wildcards elsewhere (`*.pdf`,
 * `re?ort`) compare the whole value of the name, title or description; the content's text has no
 * such value, so those are refused for it.
 */
export function textCondition(
  target: TextTarget,
  w: Written,
  exact: boolean,
  phrase: boolean,
  scope: QueryScope,
): Condition {
  if (exact) return anyValue(valueColumns(target, '=value'), (c) => textEqualsExactly(c, w.text, scope));
  if (w.text === '*' && w.wildcards.length === 1) return anyValue(target.columns, (c) => isSet(c, scope));
  const trailing = w.wildcards.length === 1 && w.wildcards[0] === w.text.length - 1 && w.text.endsWith('*');
  if (w.wildcards.length === 0 || trailing) {
    const words = wordsOf(trailing ? w.text.slice(0, -1) : w.text);
    if (words.length === 0) return FALSE;
    if (words.some((word) => word.length > MAX_WORD)) {
      throw new AftsQueryError(`A word of more than ${MAX_WORD} characters cannot be searched.`);
    }
    const prefix = trailing && /[\p{L}\p{N}]$/u.test(w.text.slice(0, -1));
    return scope.index.matching({ columns: target.columns, words, prefix, phrase: phrase || words.length > 1 });
  }
  const columns = valueColumns(target, 'a wildcard at the start or inside a word');
  return anyValue(columns, (c) => textIs(valueOf(c, scope), w.text, w.wildcards));
}

/** A range of a name, title or description (lower-cased, in code-point order). */
export function textRange(target: TextTarget, range: AftsRange, scope: QueryScope): Condition {
  const columns = valueColumns(target, 'a range');
  const limit = (text: string) => (text === '*' ? null : text.toLowerCase());
  return anyValue(columns, (c) => between(sql`lower(${valueOf(c, scope)})`, limit(range.from), limit(range.to), range));
}

/** The columns whose whole value is compared; the content's text has none (the index holds its words only). */
function valueColumns(target: TextTarget, what: string): TextColumn[] {
  if (target.columns.includes('content')) {
    const field = target.qname ?? 'TEXT';
    throw new AftsQueryError(
      `${field} searches the words of the content's text, which does not take ${what}: name cm:name, cm:title or cm:description.`,
    );
  }
  return [...target.columns];
}

function valueOf(column: TextColumn, scope: QueryScope) {
  return column === 'name' ? col('name') : propertyValue(scope.postgres, QNAMES[column]);
}

function textEqualsExactly(column: TextColumn, text: string, scope: QueryScope): Condition {
  return sql<SqlBool>`${valueOf(column, scope)} = ${text}`;
}

function isSet(column: TextColumn, scope: QueryScope): Condition {
  if (column === 'name') return TRUE;
  if (column === 'content') return sql<SqlBool>`${col('contentId')} is not null`;
  return propertyIsSet(scope.postgres, QNAMES[column]);
}

function anyValue(columns: readonly TextColumn[], each: (c: TextColumn) => Condition): Condition {
  const parts = columns.map(each);
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
