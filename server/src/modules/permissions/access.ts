import type { PermissionEntry } from './permissions.ts';

/**
 * What a caller may do with a node, as bits. Roles and Alfresco's low-level permission names map
 * onto them (`permissionDefinitions.xml`, simplified to what the API enforces).
 */
export const Access = {
  READ: 1,
  WRITE: 2,
  ADD_CHILDREN: 4,
  DELETE: 8,
  READ_PERMISSIONS: 16,
  CHANGE_PERMISSIONS: 32,
  UNLOCK: 64,
} as const;

export const FULL_CONTROL = 127;

const { READ, WRITE, ADD_CHILDREN, DELETE, READ_PERMISSIONS, CHANGE_PERMISSIONS, UNLOCK } = Access;

const CONSUMER = READ;
const CONTRIBUTOR = READ | ADD_CHILDREN | READ_PERMISSIONS;
const EDITOR = READ | WRITE | READ_PERMISSIONS;
const COLLABORATOR = EDITOR | CONTRIBUTOR;

/** The bits each role or permission name grants. */
export const PERMISSION_BITS: Readonly<Record<string, number>> = {
  Consumer: CONSUMER,
  Contributor: CONTRIBUTOR,
  Editor: EDITOR,
  Collaborator: COLLABORATOR,
  Coordinator: FULL_CONTROL,
  SiteManager: FULL_CONTROL,
  SiteCollaborator: COLLABORATOR,
  SiteContributor: CONTRIBUTOR,
  SiteConsumer: CONSUMER | READ_PERMISSIONS,
  All: FULL_CONTROL,
  FullControl: FULL_CONTROL,
  Read: READ,
  ReadProperties: READ,
  ReadChildren: READ,
  ReadContent: READ,
  Write: WRITE,
  WriteProperties: WRITE,
  WriteContent: WRITE,
  AddChildren: ADD_CHILDREN,
  CreateChildren: ADD_CHILDREN,
  LinkChildren: ADD_CHILDREN,
  Delete: DELETE,
  DeleteNode: DELETE,
  DeleteChildren: DELETE,
  ReadPermissions: READ_PERMISSIONS,
  ChangePermissions: CHANGE_PERMISSIONS,
  TakeOwnership: CHANGE_PERMISSIONS,
  SetOwner: CHANGE_PERMISSIONS,
  Lock: WRITE,
  CheckOut: WRITE,
  CheckIn: WRITE,
  CancelCheckOut: UNLOCK,
  Unlock: UNLOCK,
};

/** Authorities whose entries never grant through an ACL: ROLE_OWNER is global (owners have full control). */
const GLOBAL_ROLES = new Set(['ROLE_OWNER', 'ROLE_LOCK_OWNER', 'ROLE_ADMINISTRATOR']);

/** Denied bits are kept above the allowed ones in the same number (grants rows hold both). */
export const DENIED_SHIFT = 8;

/**
 * The bits each authority holds through an access control list given as levels, nearest first
 * (the node's own entries, then each inherited level): the allowed bits, and above them
 * (DENIED_SHIFT) the denied ones. Per authority and bit the nearest level that names it decides;
 * at one level a DENIED beats an ALLOWED. A DENIED counts against every authority of a caller
 * (Alfresco's default, security.anyDenyDenies=true): a DENIED for bob beats an ALLOWED for
 * GROUP_EVERYONE, unless bob himself is ALLOWED nearer — see bitsFor.
 */
export function effectiveGrants(levels: readonly (readonly PermissionEntry[])[]): Map<string, number> {
  const decided = new Map<string, number>();
  const allowed = new Map<string, number>();
  const denied = new Map<string, number>();
  for (const level of levels) {
    const allow = new Map<string, number>();
    const deny = new Map<string, number>();
    for (const entry of level) {
      if (GLOBAL_ROLES.has(entry.authorityId)) continue;
      const bits = PERMISSION_BITS[entry.name] ?? 0;
      const target = entry.accessStatus === 'DENIED' ? deny : allow;
      target.set(entry.authorityId, (target.get(entry.authorityId) ?? 0) | bits);
    }
    for (const authority of new Set([...allow.keys(), ...deny.keys()])) {
      const open = ~(decided.get(authority) ?? 0);
      const a = allow.get(authority) ?? 0;
      const d = deny.get(authority) ?? 0;
      allowed.set(authority, (allowed.get(authority) ?? 0) | (a & ~d & open));
      denied.set(authority, (denied.get(authority) ?? 0) | (d & open));
      decided.set(authority, (decided.get(authority) ?? 0) | a | d);
    }
  }
  const result = new Map<string, number>();
  for (const authority of decided.keys()) {
    const bits = (allowed.get(authority) ?? 0) | ((denied.get(authority) ?? 0) << DENIED_SHIFT);
    if (bits !== 0) result.set(authority, bits);
  }
  return result;
}

/**
 * The grants of an ACL from its own entries and the grants of the ACL it inherits from: the same
 * as effectiveGrants over all the levels, since a grant holds, per authority, every bit some level
 * decided (allowed, or denied above DENIED_SHIFT). Bits the own entries decide come from them, the
 * others from the parent. So an ACL's grants cost the same at any depth (no levels are kept).
 */
export function effectiveGrantsBelow(
  own: readonly PermissionEntry[],
  inherited: ReadonlyMap<string, number>,
): Map<string, number> {
  const result = new Map(inherited);
  for (const [authority, bits] of effectiveGrants([own])) {
    const decided = (bits | (bits >> DENIED_SHIFT)) & FULL_CONTROL;
    const open = ~(decided | (decided << DENIED_SHIFT));
    const merged = bits | ((inherited.get(authority) ?? 0) & open);
    result.set(authority, merged);
  }
  return result;
}

/** The bits a caller with these authorities holds, given an ACL's grants: any denied bit is lost. */
export function bitsFor(grants: readonly { authorityId: string; bits: number }[], authorities: ReadonlySet<string>) {
  let allow = 0;
  let deny = 0;
  for (const g of grants) {
    if (!authorities.has(g.authorityId)) continue;
    allow |= g.bits & FULL_CONTROL;
    deny |= g.bits >> DENIED_SHIFT;
  }
  return allow & ~deny;
}
