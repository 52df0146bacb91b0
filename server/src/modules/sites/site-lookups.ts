import type { Principal } from '../../http/principal.ts';
import { Access } from '../permissions/access.ts';
import { siteErrors } from './sites.errors.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import { roleAmong, SITE_TYPE, type SiteRole } from './sites.model.ts';
import type { SitesServiceDeps } from './sites.service.ts';

/** What the reads and the changes of sites share: a visible site, the caller's role in it. */

/** The site, or 404 when it does not exist or the caller may not see it. */
export async function loadVisible(deps: SitesServiceDeps, principal: Principal, siteId: string): Promise<SiteRecord> {
  const node = await deps.repos.nodes.findChildByName(deps.db, deps.systemNodes.sites, siteId);
  if (!node || node.nodeType !== SITE_TYPE || !(await deps.access.has(principal, node, Access.READ))) {
    throw siteErrors.notFound(siteId);
  }
  return siteFromNode(node);
}

export const roleOfCaller = (principal: Principal, site: SiteRecord): SiteRole | undefined =>
  roleAmong(site.id, principal.authorities);

export const isManager = (principal: Principal, site: SiteRecord): boolean =>
  principal.isAdmin || roleOfCaller(principal, site) === 'SiteManager';

export function requireManager(principal: Principal, site: SiteRecord): void {
  if (!isManager(principal, site)) throw siteErrors.notManager(site.id);
}

/** The site by its node's id, as it is now (read by id: the caller's groups may predate it). */
export async function reload(deps: SitesServiceDeps, guid: string): Promise<SiteRecord> {
  return siteFromNode((await deps.repos.nodes.findById(deps.db, guid))!);
}
