import type { PermissionElement } from '../api/types.ts';

/** What the caller may do, as the repository decides it (a simplified copy, to warn before saving). */
export const Ability = { READ: 1, WRITE: 2, ADD_CHILDREN: 4, DELETE: 8, READ_PERMISSIONS: 16, CHANGE_PERMISSIONS: 32 };
const FULL = 63;
const { READ, WRITE, ADD_CHILDREN, READ_PERMISSIONS } = Ability;
const CONTRIBUTOR = READ | ADD_CHILDREN | READ_PERMISSIONS;
const EDITOR = READ | WRITE | READ_PERMISSIONS;

const ROLE_BITS: Readonly<Record<string, number>> = {
  Consumer: READ,
  Contributor: CONTRIBUTOR,
  Editor: EDITOR,
  Collaborator: EDITOR | CONTRIBUTOR,
  Coordinator: FULL,
  SiteManager: FULL,
  SiteCollaborator: EDITOR | CONTRIBUTOR,
  SiteContributor: CONTRIBUTOR,
  SiteConsumer: READ | READ_PERMISSIONS,
  All: FULL,
  FullControl: FULL,
  Read: READ,
  Write: WRITE,
  ChangePermissions: Ability.CHANGE_PERMISSIONS,
  ReadPermissions: READ_PERMISSIONS,
  Delete: Ability.DELETE,
  AddChildren: ADD_CHILDREN,
};

/** The signed-in person as permissions see them. */
export interface Caller {
  id: string;
  isAdmin: boolean;
  /** Their groups (directly or through other groups); the person and GROUP_EVERYONE are added here. */
  groups: readonly string[];
}

export interface PermissionState {
  isInheritanceEnabled: boolean;
  locallySet: readonly PermissionElement[];
  inherited: readonly PermissionElement[];
}

/**
 * The abilities a caller holds on a node: full control for administrators and the owner; otherwise
 * the node's own entries decide first, then the inherited ones (when inheritance is on). At one level
 * a DENIED beats an ALLOWED, and a denied ability is lost whichever authority it names.
 */
export function callerAbilities(caller: Caller, ownerId: string | undefined, state: PermissionState): number {
  if (caller.isAdmin || caller.id === ownerId) return FULL;
  const mine = new Set([caller.id, 'GROUP_EVERYONE', ...caller.groups]);
  const levels = state.isInheritanceEnabled ? [state.locallySet, state.inherited] : [state.locallySet];
  // Per authority, the nearest level that names a bit decides it; then any denied bit is lost.
  const decided = new Map<string, number>();
  let allowed = 0;
  let denied = 0;
  for (const level of levels) {
    const allow = new Map<string, number>();
    const deny = new Map<string, number>();
    for (const entry of level) {
      if (!mine.has(entry.authorityId)) continue;
      const target = entry.accessStatus === 'DENIED' ? deny : allow;
      target.set(entry.authorityId, (target.get(entry.authorityId) ?? 0) | (ROLE_BITS[entry.name] ?? 0));
    }
    for (const authority of new Set([...allow.keys(), ...deny.keys()])) {
      const open = ~(decided.get(authority) ?? 0);
      const a = allow.get(authority) ?? 0;
      const d = deny.get(authority) ?? 0;
      allowed |= a & ~d & open;
      denied |= d & open;
      decided.set(authority, (decided.get(authority) ?? 0) | a | d);
    }
  }
  return allowed & ~denied;
}

/** What a change takes away from the caller: reading the node, managing its permissions. */
export function lostAbilities(
  caller: Caller,
  ownerId: string | undefined,
  before: PermissionState,
  after: PermissionState,
): ('read' | 'managePermissions')[] {
  const was = callerAbilities(caller, ownerId, before);
  const will = callerAbilities(caller, ownerId, after);
  const lost: ('read' | 'managePermissions')[] = [];
  if (was & READ && !(will & READ)) lost.push('read');
  if (was & Ability.CHANGE_PERMISSIONS && !(will & Ability.CHANGE_PERMISSIONS)) lost.push('managePermissions');
  return lost;
}
