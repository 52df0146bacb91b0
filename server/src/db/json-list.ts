import { sql, type RawBuilder } from 'kysely';

/**
 * A list of values as ONE bound parameter, for `where(column, 'in', jsonList(…))` and `'not in'`:
 * a list that grows with the data (a person's groups or sites, the groups of the private sites
 * hidden from a caller) would otherwise bind a parameter per value, and a statement may have at
 * most 32,766 of them on SQLite and 65,535 on PostgreSQL (past them: a 500). The values go as the
 * keys of a JSON object, which `json_each` reads as rows with a `key` column on both databases.
 */
export function jsonList(values: Iterable<string>): RawBuilder<string> {
  const keys: Record<string, 0> = {};
  for (const value of values) Object.defineProperty(keys, value, { value: 0, enumerable: true });
  return sql<string>`(select key from json_each(${JSON.stringify(keys)}))`;
}
