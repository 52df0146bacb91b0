import type { DbOrTx } from '../../../db/database.ts';
import { inBatches } from '../../../db/batches.ts';

/**
 * How long a name is trusted when this process did not hear of the change (on SQLite, a write by
 * another process such as `npm run orgchart:import`; on PostgreSQL other instances' changes are
 * heard within 100 ms: ADR 0021).
 */
const TTL_MS = 60_000;
const MAX = 50_000;

/**
 * Display names of people ("First Last") for the createdByUser / modifiedByUser / lock owner of
 * nodes, remembered so that reading a node costs no people join. A write to `people`, in this
 * process or heard from another instance, forgets them all (`forgetAll`); while `trusted` says
 * other instances' changes may go unheard, nothing remembered is used. An id without a person row
 * (System) is its own display name.
 */
export function createDisplayNames(trusted: () => boolean = () => true) {
  const names = new Map<string, { name: string; until: number }>();
  // Counts forgettings: names read before one are not kept.
  let generation = 0;
  const lookup = (id: string): string => names.get(id)?.name ?? id;

  return {
    forgetAll(): void {
      names.clear();
      generation += 1;
    },

    /**
     * The names of these ids when every one is remembered (no database read, no promise: the hot
     * path of a node read); undefined when one is missing, stale or not to be trusted now.
     */
    known(ids: readonly string[]): ((id: string) => string) | undefined {
      if (!trusted()) return undefined;
      const now = Date.now();
      for (const id of ids) {
        const known = names.get(id);
        if (!known || known.until < now) return undefined;
      }
      return lookup;
    },

    /** The names of these ids, reading the missing ones in one query. */
    async resolve(db: DbOrTx, ids: Iterable<string>): Promise<(id: string) => string> {
      const now = Date.now();
      const usable = trusted();
      const missing = new Set<string>();
      for (const id of ids) {
        const known = usable ? names.get(id) : undefined;
        if (!known || known.until < now) missing.add(id);
      }
      if (missing.size === 0) return lookup;
      const before = generation;
      const rows = await inBatches(missing, (batch) =>
        db.selectFrom('people').select(['id', 'firstName', 'lastName']).where('id', 'in', batch).execute(),
      );
      const read = new Map<string, string>([...missing].map((id) => [id, id]));
      for (const r of rows) read.set(r.id, displayName(r));
      if (before === generation && usable) {
        if (names.size + missing.size > MAX) names.clear();
        for (const [id, name] of read) names.set(id, { name, until: now + TTL_MS });
      }
      return (id) => read.get(id) ?? names.get(id)?.name ?? id;
    },
  };
}

export type DisplayNames = ReturnType<typeof createDisplayNames>;

/** A person's display name: first and last name. */
export function displayName(person: { firstName: string; lastName: string | null }): string {
  return `${person.firstName} ${person.lastName ?? ''}`.trim();
}
