import { nameProblem, onlySpacesFixed, suggestName, type NamePolicy } from '../../../lib/name-rules.ts';

/** A file of an upload batch as far as names go: its name and the folders it goes in (`a/b`). */
export interface BatchEntry {
  name: string;
  relativePath?: string | undefined;
}

/** A name of the batch the server would refuse, and what it becomes. */
export interface NameFix {
  kind: 'file' | 'folder';
  /** The folders it sits in below the target folder ('' at the top). */
  where: string;
  from: string;
  to: string;
  /** Why the repository refuses it, in a sentence (`nameProblem`). */
  problem: string;
}

const segmentsOf = (relativePath: string | undefined) => (relativePath ? relativePath.split('/') : []);

/**
 * Every name of a batch the server would refuse: file names and each folder of their relative
 * paths, a folder counted once however many files it holds.
 */
export function batchNameFixes(entries: readonly BatchEntry[], policy: NamePolicy): NameFix[] {
  const fixes: NameFix[] = [];
  const seen = new Set<string>();
  const check = (kind: NameFix['kind'], where: string, name: string) => {
    const problem = nameProblem(name, policy);
    if (problem !== undefined) fixes.push({ kind, where, from: name, to: suggestName(name, policy), problem });
  };
  for (const entry of entries) {
    const segments = segmentsOf(entry.relativePath);
    segments.forEach((segment, i) => {
      const path = segments.slice(0, i + 1).join('/');
      if (seen.has(path)) return;
      seen.add(path);
      check('folder', segments.slice(0, i).join('/'), segment);
    });
    check('file', entry.relativePath ?? '', entry.name);
  }
  return fixes;
}

/**
 * The batch with every refused name fixed, folder segments included. The fix depends on the name
 * alone, so the files of one folder land in the same renamed folder.
 */
export function fixBatchNames<T extends BatchEntry>(entries: readonly T[], policy: NamePolicy): T[] {
  const fix = (name: string) => (nameProblem(name, policy) === undefined ? name : suggestName(name, policy));
  return entries.map((entry) => ({
    ...entry,
    name: fix(entry.name),
    relativePath: entry.relativePath ? segmentsOf(entry.relativePath).map(fix).join('/') : entry.relativePath,
  }));
}

/** The words of the batch's one action: "Replace spaces with _ in 4 names" (or "Fix 4 names"). */
export function fixActionLabel(fixes: readonly NameFix[], policy: NamePolicy): string {
  const count = `${fixes.length} ${fixes.length === 1 ? 'name' : 'names'}`;
  return fixes.every((f) => onlySpacesFixed(f.from, policy)) ? `Replace spaces with _ in ${count}` : `Fix ${count}`;
}
