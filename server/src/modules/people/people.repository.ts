import type { DbOrTx } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';
import type { PeopleTable } from '../../db/schema.ts';

export interface PersonRecord {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  enabled: boolean;
  passwordHash: string;
  homeFolderId: string | null;
  isAdmin: boolean;
}

export function createPeopleRepository() {
  const byId = reusableQuery<PeopleTable, [string]>(1, (db, key) =>
    db.selectFrom('people').selectAll().where('idKey', '=', key!),
  );

  return {
    async findById(db: DbOrTx, id: string): Promise<PersonRecord | undefined> {
      const row = (await byId(db, id.toLowerCase())).rows[0];
      return row && { ...row, enabled: row.enabled === 1, isAdmin: row.isAdmin === 1 };
    },

    async insert(db: DbOrTx, person: PersonRecord, now: number): Promise<void> {
      await db
        .insertInto('people')
        .values({
          ...person,
          idKey: person.id.toLowerCase(),
          enabled: person.enabled ? 1 : 0,
          isAdmin: person.isAdmin ? 1 : 0,
          createdAt: now,
        })
        .execute();
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;

export function displayName(person: { firstName: string; lastName: string | null }): string {
  return `${person.firstName} ${person.lastName ?? ''}`.trim();
}
