import type { DbOrTx } from '../../db/database.ts';
import { nameKey, type NodesRepository } from './nodes.repository.ts';

/**
 * autoRename: `name` if it is free under the parent, else `base-1.ext`, `base-2.ext`, … with the
 * suffix before the last dot (`report.pdf` -> `report-1.pdf`, `f1` -> `f1-1`).
 */
export async function freeName(nodes: NodesRepository, tx: DbOrTx, parentId: string, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let start = 0; ; start += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (start + i === 0 ? name : `${base}-${start + i}${ext}`));
    const taken = await nodes.takenNames(tx, parentId, candidates);
    const free = candidates.find((c) => !taken.has(nameKey(c)));
    if (free) return free;
  }
}
