import { sql, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { PersonSort } from './people.repository.ts';

/** A search of people: each word a part of the id, first name or last name. */
export interface PeopleSearch {
  /** Lower-cased words, at least one. */
  words: readonly string[];
  sort: { field: PersonSort; ascending: boolean }[];
  skip: number;
  limit: number;
}

const SEARCHED = ['id_key', 'first_name', 'last_name'] as const;

const SORT_KEYS: Record<PersonSort, string> = { id: 'id_key', firstName: 'first_name', lastName: 'last_name' };

/** `%word%` for LIKE with `\` escaping. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of one page of the people whose id, first name or last name contain every word (any
 * case; a word may be in any of them), in the order asked (a missing name as an empty one), then
 * by id; and their number. Disabled people are found too.
 */
export async function findPeoplePage(db: DbOrTx, search: PeopleSearch): Promise<{ ids: string[]; total: number }> {
  const query = db
    .selectFrom('people')
    .where((eb) =>
      eb.and(
        search.words.map((word) =>
          eb.or(
            SEARCHED.map(
              (column) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${containing(word)} escape '\\'`,
            ),
          ),
        ),
      ),
    );
  let ordered = query.select('id');
  for (const { field, ascending } of search.sort) {
    ordered = ordered.orderBy(sql`lower(coalesce(${sql.ref(SORT_KEYS[field])}, ''))`, ascending ? 'asc' : 'desc');
  }
  const rows = await ordered.orderBy('idKey').limit(search.limit).offset(search.skip).execute();
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.id), total: Number(n) };
}
