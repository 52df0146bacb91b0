import { badRequest } from '../../http/errors.ts';

export interface PermissionEntry {
  authorityId: string;
  name: string;
  accessStatus: 'ALLOWED' | 'DENIED';
}

export interface NodePermissions {
  inherit: boolean;
  local: PermissionEntry[];
}

/** The roles a folder or file offers in `settable`, in the order Alfresco emits them. */
export const SETTABLE_ROLES = ['Contributor', 'Collaborator', 'Coordinator', 'Editor', 'Consumer'];

/** The roles a site node (`st:site`) offers in `settable` (sitePermissionDefinitions.xml). */
export const SITE_SETTABLE_ROLES = ['SiteCollaborator', 'SiteConsumer', 'SiteManager', 'SiteContributor'];

const KNOWN_PERMISSIONS = new Set([
  ...SETTABLE_ROLES,
  'SiteManager',
  'SiteCollaborator',
  'SiteContributor',
  'SiteConsumer',
  'All',
  'Read',
  'Write',
  'Delete',
  'AddChildren',
  'ReadPermissions',
  'ChangePermissions',
  'ReadProperties',
  'ReadChildren',
  'ReadContent',
  'WriteProperties',
  'WriteContent',
  'CreateChildren',
  'DeleteChildren',
  'DeleteNode',
  'Lock',
  'Unlock',
  'CheckOut',
  'CheckIn',
  'CancelCheckOut',
  'TakeOwnership',
  'SetOwner',
]);

/** Authorities that exist without a person row. */
const BUILT_IN_AUTHORITIES = new Set(['GROUP_EVERYONE', 'GROUP_ALFRESCO_ADMINISTRATORS', 'ROLE_OWNER']);

/** GROUP_EVERYONE, GROUP_ALFRESCO_ADMINISTRATORS and ROLE_OWNER: always known, never deleted. */
export const isBuiltInAuthority = (id: string): boolean => BUILT_IN_AUTHORITIES.has(id);

/**
 * Checks a `locallySet` list (PUT /nodes rule 4: the complete set). 400 for a missing or unknown
 * authority or permission, a bad accessStatus, or the same authority and permission twice.
 */
export async function checkLocallySet(
  entries: readonly { authorityId?: string; name?: string; accessStatus?: string }[],
  /** The authority's id as stored (people's ids are case-insensitive), or undefined when unknown. */
  canonicalAuthority: (id: string) => Promise<string | undefined>,
): Promise<PermissionEntry[]> {
  const seen = new Set<string>();
  const result: PermissionEntry[] = [];
  for (const entry of entries) {
    const { name } = entry;
    let { authorityId } = entry;
    if (!authorityId || !name) throw badRequest('Each permission needs an authorityId and a name');
    const accessStatus = entry.accessStatus ?? 'ALLOWED';
    if (accessStatus !== 'ALLOWED' && accessStatus !== 'DENIED')
      throw badRequest(`Invalid accessStatus: ${accessStatus}`);
    if (!KNOWN_PERMISSIONS.has(name)) throw badRequest(`Unknown permission: ${name}`);
    if (!BUILT_IN_AUTHORITIES.has(authorityId)) {
      const known = await canonicalAuthority(authorityId);
      if (!known) throw badRequest(`Unknown authority: ${authorityId}`);
      authorityId = known;
    }
    const key = `${authorityId}\u0000${name}`;
    if (seen.has(key)) throw badRequest(`Duplicate permission: ${authorityId} ${name}`);
    seen.add(key);
    result.push({ authorityId, name, accessStatus });
  }
  return result;
}

/**
 * The entries a node inherits: those set on its ancestors, nearest first, up to (and including)
 * the first ancestor that does not inherit. `chain` lists the ancestors nearest first.
 */
export function inheritedEntries(node: NodePermissions, chain: readonly NodePermissions[]): PermissionEntry[] {
  if (!node.inherit) return [];
  const result: PermissionEntry[] = [];
  for (const ancestor of chain) {
    result.push(...ancestor.local);
    if (!ancestor.inherit) break;
  }
  return result;
}

/** Display name of an authority without a person row: GROUP_EVERYONE -> EVERYONE, ROLE_OWNER -> OWNER. */
export function authorityDisplayName(authorityId: string): string | undefined {
  const m = /^(GROUP_|ROLE_)(.+)$/.exec(authorityId);
  return m ? m[2] : undefined;
}
