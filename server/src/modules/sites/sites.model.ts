import type { NodePermissions, PermissionEntry } from '../permissions/permissions.ts';
import { CONTAINER_ASPECT, SITE_TYPE } from '../nodes/core/special-nodes.ts';

export { CONTAINER_ASPECT, SITE_TYPE };

/**
 * What a site is made of (Alfresco's SiteServiceImpl): an `st:site` folder under Sites named by
 * the site id, a `documentLibrary` container, a group per site and one per role. A person is a
 * member by being in exactly one role group; access follows from the ACLs set here.
 */

/** Strongest first: a caller in several role groups (through other groups) has the first one. */
export const SITE_ROLES = ['SiteManager', 'SiteCollaborator', 'SiteContributor', 'SiteConsumer'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

export const VISIBILITIES = ['PUBLIC', 'PRIVATE', 'MODERATED'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const SITE_PRESET = 'site-dashboard';
export const DOCUMENT_LIBRARY = 'documentLibrary';
/**
 * Site nodes and containers belong to the system (Alfresco creates them as System): access to a
 * site comes from membership, and the creator's ownership must not outlive it.
 */
export const SYSTEM_OWNER = 'System';

export const MAX_ID_LENGTH = 72;

const EVERYONE = 'GROUP_EVERYONE';

export const siteGroup = (siteId: string): string => `GROUP_site_${siteId}`;
export const roleGroup = (siteId: string, role: SiteRole): string => `${siteGroup(siteId)}_${role}`;

const ROLE_GROUP = new RegExp(`^GROUP_site_([A-Za-z0-9-]+)_(${SITE_ROLES.join('|')})$`);

/** The site and role of a role group id; undefined for any other group. */
export function parseRoleGroup(groupId: string): { siteId: string; role: SiteRole } | undefined {
  const m = ROLE_GROUP.exec(groupId);
  return m ? { siteId: m[1]!, role: m[2] as SiteRole } : undefined;
}

/** The caller's role in a site from the groups they are in (directly or not). */
export function roleAmong(siteId: string, authorities: ReadonlySet<string>): SiteRole | undefined {
  return SITE_ROLES.find((role) => authorities.has(roleGroup(siteId, role)));
}

/**
 * A site id made from a title, as Share and Alfresco make it: characters other than letters,
 * digits, `-` and space dropped, runs of spaces to one `-`, lower case.
 */
export function siteIdFromTitle(title: string): string {
  return title
    .trim()
    .replace(/[^A-Za-z0-9 -]/g, '')
    .replace(/ +/g, ' ')
    .replace(/ /g, '-')
    .toLowerCase();
}

const allow = (authorityId: string, name: string): PermissionEntry => ({
  authorityId,
  name,
  accessStatus: 'ALLOWED',
});

const roleEntries = (siteId: string): PermissionEntry[] => SITE_ROLES.map((r) => allow(roleGroup(siteId, r), r));

/** What everyone gets on a site node: ReadPermissions always (to see who is a member), SiteConsumer unless PRIVATE. */
const isEveryoneConsumer = (e: PermissionEntry) => e.authorityId === EVERYONE && e.name === 'SiteConsumer';

/** The site node's permissions: no inheritance, each role group its role, everyone per the visibility. */
export function sitePermissions(siteId: string, visibility: Visibility): NodePermissions {
  return {
    inherit: false,
    local: withVisibility([...roleEntries(siteId), allow(EVERYONE, 'ReadPermissions')], visibility),
  };
}

/** The site node's entries after a change of visibility: other entries (set by a manager) are kept. */
export function withVisibility(local: readonly PermissionEntry[], visibility: Visibility): PermissionEntry[] {
  const kept = local.filter((e) => !isEveryoneConsumer(e));
  return visibility === 'PRIVATE' ? kept : [...kept, allow(EVERYONE, 'SiteConsumer')];
}

/**
 * A container's permissions: PUBLIC inherits from the site (everyone reads the content);
 * MODERATED and PRIVATE do not, and only the role groups have access. Other entries are kept.
 */
export function containerPermissions(
  siteId: string,
  visibility: Visibility,
  current: NodePermissions = { inherit: true, local: [] },
): NodePermissions {
  const groups = new Set(SITE_ROLES.map((r) => roleGroup(siteId, r)));
  const others = current.local.filter((e) => !groups.has(e.authorityId));
  if (visibility === 'PUBLIC') return { inherit: true, local: others };
  return { inherit: false, local: [...roleEntries(siteId), ...others] };
}
