/** Values per statement of a look-up made in batches: a plain `in (…)` list, well under every parameter limit. */
export const LOOKUP_BATCH = 500;

/**
 * Runs a look-up by a list of values a batch at a time and answers all the rows (duplicates
 * dropped first): as many values as a statement may not bind (32,766 on SQLite, 65,535 on
 * PostgreSQL), without `jsonList`'s json_each, which PostgreSQL plans as a hundred rows: against a
 * table it believes small (statistics not yet taken after a bulk load), it chose a nested loop
 * over the two and took 250 s for 66,000 people. A list up to LOOKUP_BATCH is one statement.
 */
export async function inBatches<R>(values: Iterable<string>, lookUp: (batch: string[]) => Promise<R[]>): Promise<R[]> {
  const list = [...new Set(values)];
  const rows: R[] = [];
  for (let i = 0; i < list.length; i += LOOKUP_BATCH) rows.push(...(await lookUp(list.slice(i, i + LOOKUP_BATCH))));
  return rows;
}
