import type { DbOrTx } from '../../../db/database.ts';

/** How long a name is trusted when this process did not see the change (another instance's write). */
const TTL_MS = 60_000;
const MAX = 50_000;

/**
 * Display names of people ("First Last") for the createdByUser / modifiedByUser / lock owner of
 * nodes, remembered so that reading a node costs no people join. A write to `people` in this
 * process forgets them all (`forgetAll`); changes made through another instance show within a
 * minute. An id without a person row (System) is its own display name.
 */
export function createDisplayNames() {
  const names = new Map<string, { name: string; until: number }>();

  return {
    forgetAll(): void {
      names.clear();
    },

    /** The names of these ids, reading the missing ones in one query. */
    async resolve(db: DbOrTx, ids: Iterable<string>): Promise<(id: string) => string> {
      const now = Date.now();
      const missing = new Set<string>();
      for (const id of ids) {
        const known = names.get(id);
        if (!known || known.until < now) missing.add(id);
      }
      if (missing.size > 0) {
        const rows = await db
          .selectFrom('people')
          .select(['id', 'firstName', 'lastName'])
          .where('id', 'in', [...missing])
          .execute();
        if (names.size + missing.size > MAX) names.clear();
        for (const id of missing) names.set(id, { name: id, until: now + TTL_MS });
        for (const r of rows) names.set(r.id, { name: displayName(r), until: now + TTL_MS });
      }
      return (id) => names.get(id)?.name ?? id;
    },
  };
}

export type DisplayNames = ReturnType<typeof createDisplayNames>;

/** A person's display name: first and last name. */
export function displayName(person: { firstName: string; lastName: string | null }): string {
  return `${person.firstName} ${person.lastName ?? ''}`.trim();
}
