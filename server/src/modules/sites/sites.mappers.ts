import type { components } from '../../../../openapi/schema.gen.ts';
import { omitEmpty } from '../../http/json.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { PersonJson } from '../people/people.mappers.ts';
import { SITE_PRESET, type SiteRole, type Visibility } from './sites.model.ts';

export type SiteJson = components['schemas']['Site'];
export type SiteMemberJson = components['schemas']['SiteMember'];
export type SiteRoleJson = components['schemas']['SiteRole'];
export type SiteContainerJson = components['schemas']['SiteContainer'];

/** A site as the service knows it: read from its `st:site` node. */
export interface SiteRecord {
  id: string;
  guid: string;
  title: string;
  description: string | undefined;
  visibility: Visibility;
  /** What access checks need of the site node. */
  node: { id: string; ownerId: string; aclId: string; parentId: string | null };
}

const VISIBILITY_OF: Record<string, Visibility> = { PUBLIC: 'PUBLIC', PRIVATE: 'PRIVATE', MODERATED: 'MODERATED' };

/** A site from its node: the id is the node's name, the rest its properties. */
export function siteFromNode(
  node: Pick<NodeRecord, 'id' | 'name' | 'properties' | 'ownerId' | 'aclId' | 'parentId'>,
): SiteRecord {
  const p = node.properties;
  return {
    id: node.name,
    guid: node.id,
    title: typeof p['cm:title'] === 'string' && p['cm:title'] ? p['cm:title'] : node.name,
    description: typeof p['cm:description'] === 'string' ? p['cm:description'] : undefined,
    visibility: VISIBILITY_OF[String(p['st:siteVisibility'])] ?? 'PRIVATE',
    node: { id: node.id, ownerId: node.ownerId, aclId: node.aclId, parentId: node.parentId },
  };
}

/** Site JSON; `role` is the caller's (or, in a person's list, that person's) and omitted for non-members. */
export function toSiteJson(site: SiteRecord, role: SiteRole | undefined): SiteJson {
  return omitEmpty({
    id: site.id,
    guid: site.guid,
    title: site.title,
    description: site.description,
    visibility: site.visibility,
    preset: SITE_PRESET,
    role,
  }) as SiteJson;
}

/** A member: always direct (Quire has no group members of sites yet). */
export function toSiteMemberJson(role: SiteRole, person: PersonJson): SiteMemberJson {
  return { id: person.id, role, isMemberOfGroup: false, person };
}

/** An entry of GET /people/{id}/sites. */
export function toSiteRoleJson(site: SiteRecord, role: SiteRole): SiteRoleJson {
  return { id: site.id, guid: site.guid, role, site: toSiteJson(site, role) };
}

export function toContainerJson(container: { id: string; folderId: string }): SiteContainerJson {
  return { id: container.id, folderId: container.folderId };
}
