import type { DbOrTx } from '../../db/database.ts';
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

/**
 * The site by its node's id as the write's transaction `tx` left it (read by id: the caller's
 * groups may predate it; read in the transaction: a deletion right after the commit does not make
 * a write that was made a 404 or a 500).
 */
export async function reload(deps: SitesServiceDeps, tx: DbOrTx, guid: string): Promise<SiteRecord> {
  const node = await deps.repos.nodes.findById(tx, guid);
  if (!node) throw new Error(`The site node ${guid} written in this transaction is not there`);
  return siteFromNode(node);
}
