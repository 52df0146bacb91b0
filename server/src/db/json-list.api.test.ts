import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database-under-test.ts';
import { jsonList } from './json-list.ts';

const database = useTestDatabase('json-list');

/** Whether 'b' is in the list, and whether it is not. */
async function holds(values: string[]): Promise<[boolean, boolean]> {
  const { rows } = await sql<{ inside: number; outside: number }>`
    select case when 'b' in ${jsonList(values)} then 1 else 0 end as inside,
           case when 'b' not in ${jsonList(values)} then 1 else 0 end as outside`.execute(database().db);
  return [Number(rows[0]!.inside) === 1, Number(rows[0]!.outside) === 1];
}

describe('jsonList: a list of values in one statement, whatever its length', () => {
  it('answers in and not in alike for an empty list, a short one (a parameter each) and a long one (one parameter)', async () => {
    expect(await holds([])).toEqual([false, true]);
    expect(await holds(['a', 'b', 'b'])).toEqual([true, false]);
    expect(await holds(['a', 'c'])).toEqual([false, true]);
    const long = Array.from({ length: 70_000 }, (_, i) => `v${i}`);
    expect(await holds(long)).toEqual([false, true]);
    expect(await holds([...long, 'b'])).toEqual([true, false]);
  });
});
