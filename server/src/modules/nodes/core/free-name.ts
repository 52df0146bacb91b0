import type { DbOrTx } from '../../../db/database.ts';
import { nameKey } from './node-rows.ts';
import type { NodesRepository } from './nodes.repository.ts';

/**
 * The n-th alternative to a taken name, as Alfresco's NodesImpl.findUniqueName makes it: the
 * suffix before the last dot (`report.pdf` -> `report-1.pdf`, `d1-2.txt` -> `d1-2-1.txt`), at the
 * end without one (`f1` -> `f1-1`), and a bare number in front of a name that starts with its
 * only dot (`.hidden` -> `1.hidden`).
 */
export function alternativeName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  if (dot === 0) return `${n}${name}`;
  if (dot > 0) return `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  return `${name}-${n}`;
}

/** autoRename: `name` if it is free under the parent, else its first free alternative. */
export async function freeName(nodes: NodesRepository, tx: DbOrTx, parentId: string, name: string): Promise<string> {
  for (let start = 0; ; start += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) =>
      start + i === 0 ? name : alternativeName(name, start + i),
    );
    const taken = await nodes.takenNames(tx, parentId, candidates);
    const free = candidates.find((c) => !taken.has(nameKey(c)));
    if (free) return free;
  }
}
