import { sql, type RawBuilder } from 'kysely';

/** Lists up to this long bind a parameter per value, as a plain `in (…)` list. */
const INLINE_MAX = 500;

/**
 * A list of values for `where(column, 'in', jsonList(…))` and `'not in'` (in parentheses, empty
 * allowed), whatever its length. A list that grows with the data (a person's groups or sites, the
 * groups of the private sites hidden from a caller) would bind a parameter per value, and a
 * statement may have at most 32,766 of them on SQLite and 65,535 on PostgreSQL (past them: a
 * 500): a long one goes as ONE parameter instead, the keys of a JSON object, which `json_each`
 * reads as rows with a `key` column on both databases. A short one stays a list of parameters:
 * PostgreSQL plans `json_each` as a hundred rows of unknown values and scanned all of acl_grants
 * for a reader's three authorities (59 against 14 ms over 200,000 grants). A statement that holds
 * many lists (a search's test of each step of each path) takes a lower `inlineMax`.
 */
export function jsonList(values: Iterable<string>, inlineMax = INLINE_MAX): RawBuilder<string> {
  const list = [...new Set(values)];
  if (list.length === 0) return sql<string>`(select null where 1 = 0)`;
  if (list.length <= inlineMax) return sql<string>`(${sql.join(list)})`;
  const keys: Record<string, 0> = {};
  for (const value of list) Object.defineProperty(keys, value, { value: 0, enumerable: true });
  return sql<string>`(select key from json_each(${JSON.stringify(keys)}))`;
}
