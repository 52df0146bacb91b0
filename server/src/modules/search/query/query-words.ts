import { sql, type AliasableExpression } from 'kysely';
import type { AftsCondition } from '../afts/to-condition.ts';
import type { TextColumn } from '../index/text-index.ts';
import { wordsOf } from '../index/words.ts';
import type { QueryScope } from './afts-sql.ts';
import { resolveField } from './fields.ts';

/** The words a query looks for (not those it excludes), for ranking and highlighting. */
export interface QueryWords {
  /** Whole words. */
  readonly words: ReadonlySet<string>;
  /** Word beginnings (`repo*`). */
  readonly prefixes: ReadonlySet<string>;
}

export function queryWords(condition: AftsCondition, scope: QueryScope): QueryWords {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  const visit = (c: AftsCondition) => {
    if (c.kind === 'and' || c.kind === 'or') c.items.forEach(visit);
    if (c.kind !== 'term' && c.kind !== 'phrase') return;
    const target = resolveField(c.field, scope.dictionary, scope.textColumns);
    if (target.kind !== 'text' || c.exact) return;
    const trailing = c.value.endsWith('*');
    const found = wordsOf(c.value);
    found.forEach((w, i) => (trailing && i === found.length - 1 ? prefixes : words).add(w));
  };
  visit(condition);
  return { words, prefixes };
}

/** What a match in each part counts for: a word in the name counts most. */
const WEIGHTS: Record<Exclude<TextColumn, 'content'>, number> = { name: 8, title: 4, description: 2 };

/**
 * How well a node matches: 1, plus the weights of the parts that hold a word of the query (or a
 * word beginning), so a name match ranks above a title match, that above a description match, and
 * those above a match in the content's text only. (The content's own test is left out: it would
 * cost a look-up per result, and every result has matched already.)
 */
export function scoreSql(words: QueryWords, scope: QueryScope): AliasableExpression<number> {
  if (words.words.size === 0 && words.prefixes.size === 0) return sql<number>`1`;
  const parts = (['name', 'title', 'description'] as const).map((column) => {
    const matches = [
      ...(words.words.size > 0 ? [{ list: [...words.words], prefix: false }] : []),
      ...(words.prefixes.size > 0 ? [{ list: [...words.prefixes], prefix: true }] : []),
    ].map(({ list, prefix }) =>
      scope.index.matching({ columns: [column], words: list, prefix, phrase: false, any: true }),
    );
    const inColumn = sql.join(matches, sql` or `);
    return sql`(case when ${inColumn} then ${sql.lit(WEIGHTS[column])} else 0 end)`;
  });
  return sql<number>`(1 + ${sql.join(parts, sql` + `)})`;
}
