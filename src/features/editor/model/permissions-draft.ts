import type { NodeBodyUpdate, PermissionElement } from '../api/types.ts';

export interface PermissionsDraft {
  isInheritanceEnabled: boolean;
  locallySet: PermissionElement[];
}

const same = (a: PermissionElement, b: PermissionElement) => a.authorityId === b.authorityId && a.name === b.name;
const status = (e: PermissionElement) => e.accessStatus ?? 'ALLOWED';

/** Adds an entry; the same authority and role again only changes ALLOWED/DENIED (the server refuses duplicates). */
export function addEntry(list: readonly PermissionElement[], entry: PermissionElement): PermissionElement[] {
  return list.some((e) => same(e, entry))
    ? list.map((e) => (same(e, entry) ? { ...e, ...entry } : e))
    : [...list, entry];
}

/** Changes the entry at `index`; a change that makes it a duplicate of another merges them. */
export function changeEntry(
  list: readonly PermissionElement[],
  index: number,
  patch: Partial<Pick<PermissionElement, 'name' | 'accessStatus'>>,
): PermissionElement[] {
  const current = list[index];
  if (!current) return [...list];
  const rest = list.filter((_e, i) => i !== index);
  const changed = { ...current, ...patch };
  return rest.some((e) => same(e, changed)) ? addEntry(rest, changed) : list.map((e, i) => (i === index ? changed : e));
}

export function isDraftChanged(draft: PermissionsDraft, saved: PermissionsDraft): boolean {
  if (draft.isInheritanceEnabled !== saved.isInheritanceEnabled) return true;
  if (draft.locallySet.length !== saved.locallySet.length) return true;
  return draft.locallySet.some((e, i) => {
    const s = saved.locallySet[i];
    return !s || !same(e, s) || status(e) !== status(s);
  });
}

/** The `permissions` of `PUT /nodes/{id}` (rule 4): inheritance and the complete locallySet, without display names. */
export function permissionsBody(draft: PermissionsDraft): NonNullable<NodeBodyUpdate['permissions']> {
  return {
    isInheritanceEnabled: draft.isInheritanceEnabled,
    locallySet: draft.locallySet.map((e) => ({ authorityId: e.authorityId, name: e.name, accessStatus: status(e) })),
  };
}
