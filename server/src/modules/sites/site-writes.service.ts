import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import type { Principal } from '../../http/principal.ts';
import type { NodeRecord } from '../nodes/core/nodes.repository.ts';
import type { NodePermissions } from '../permissions/permissions.ts';
import { loadVisible, reload, requireManager } from './site-lookups.ts';
import { siteErrors } from './sites.errors.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import {
  CONTAINER_ASPECT,
  containerPermissions,
  DOCUMENT_LIBRARY,
  MAX_ID_LENGTH,
  roleGroup,
  SITE_PRESET,
  SITE_ROLES,
  SITE_TYPE,
  siteGroup,
  siteIdFromTitle,
  sitePermissions,
  SYSTEM_OWNER,
  withVisibility,
} from './sites.model.ts';
import type { SiteCreate, SitesServiceDeps, SiteUpdate } from './sites.service.ts';

type NewSite = Omit<SiteRecord, 'guid' | 'node'>;

/** Writes a node's permissions and brings the ACLs in step (the pattern of every permission change). */
async function setPermissions(
  deps: SitesServiceDeps,
  tx: DbOrTx,
  node: SiteRecord['node'],
  permissions: NodePermissions,
  by: string,
) {
  await deps.acls.setPermissions(tx, { ...node, isFolder: true }, permissions, (acl) =>
    deps.repos.nodes.update(tx, node.id, { permissions, ...acl, modifiedAt: Date.now(), modifiedBy: by }),
  );
}

function checkId(id: string): string {
  if (!id) throw siteErrors.invalid('A site id is needed: the title has no letters or digits to make one from');
  if (!/^[A-Za-z0-9-]+$/.test(id)) {
    throw siteErrors.invalid('Invalid site id - should consist of alphanumeric/dash characters');
  }
  if (id.length > MAX_ID_LENGTH) {
    throw siteErrors.invalid(`Site id exceeds max length of ${MAX_ID_LENGTH} characters`);
  }
  return id;
}

/** What the site node and its documentLibrary share: System-owned folders made by the caller. */
const siteFolder = (principal: Principal, now: number) => ({
  isFolder: true,
  isFile: false,
  createdAt: now,
  createdBy: principal.id,
  ownerId: SYSTEM_OWNER,
});

/** The documentLibrary of a new site, its permissions unless the site is PUBLIC (it inherits then). */
async function insertLibrary(
  deps: SitesServiceDeps,
  tx: DbOrTx,
  principal: Principal,
  site: NewSite,
  guid: string,
  now: number,
) {
  const libraryId = randomUUID();
  await deps.repos.nodes.insert(tx, {
    ...siteFolder(principal, now),
    id: libraryId,
    parentId: guid,
    name: DOCUMENT_LIBRARY,
    nodeType: 'cm:folder',
    aspects: [CONTAINER_ASPECT, 'cm:auditable'],
    properties: { 'st:componentId': DOCUMENT_LIBRARY },
  });
  if (site.visibility !== 'PUBLIC') {
    const library = { id: libraryId, parentId: guid, aclId: guid, ownerId: SYSTEM_OWNER };
    await setPermissions(deps, tx, library, containerPermissions(site.id, site.visibility), principal.id);
  }
}

/** The site node, its groups (the creator a SiteManager) and documentLibrary, with their permissions. */
async function insertSite(deps: SitesServiceDeps, tx: DbOrTx, principal: Principal, site: NewSite, now: number) {
  const { repos, systemNodes } = deps;
  if (await repos.nodes.findChildByName(tx, systemNodes.sites, site.id)) throw siteErrors.exists(site.id);
  if (await repos.groups.findById(tx, siteGroup(site.id))) throw siteErrors.exists(site.id);
  const guid = randomUUID();
  await repos.nodes.insert(tx, {
    ...siteFolder(principal, now),
    id: guid,
    parentId: systemNodes.sites,
    name: site.id,
    nodeType: SITE_TYPE,
    aspects: ['cm:titled', 'cm:auditable'],
    properties: {
      'cm:title': site.title,
      ...(site.description ? { 'cm:description': site.description } : {}),
      'st:siteVisibility': site.visibility,
      'st:sitePreset': SITE_PRESET,
    },
  });
  await repos.sites.createGroups(tx, site.id, now);
  await repos.sites.setRole(tx, site.id, principal.id, 'SiteManager', now);
  const siteNode = (await repos.nodes.findById(tx, guid))!;
  await setPermissions(deps, tx, siteNode, sitePermissions(site.id, site.visibility), principal.id);
  await insertLibrary(deps, tx, principal, site, guid, now);
  return guid;
}

/** POST /sites: body checked (400), then the id (409); one transaction. */
export async function createSite(
  deps: SitesServiceDeps,
  principal: Principal,
  body: SiteCreate,
  options: { skipAddToFavorites: boolean },
) {
  const title = body.title.trim();
  if (!title) throw siteErrors.invalid('Site title is expected');
  const id = checkId(body.id ?? siteIdFromTitle(title));
  const site = { id, title, description: body.description?.trim() || undefined, visibility: body.visibility };
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const created = await insertSite(deps, tx, principal, site, Date.now());
      if (!options.skipAddToFavorites) await deps.addToFavorites?.(tx, principal.id, created);
      // Read by id: the caller's groups were resolved before the site existed.
      return reload(deps, tx, created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw siteErrors.exists(id);
    throw error;
  }
}

/** The site node's properties with the update's title and description. */
function updatedProperties(node: NodeRecord, title: string | undefined, body: SiteUpdate): Record<string, unknown> {
  const properties = { ...node.properties };
  if (title) properties['cm:title'] = title;
  if (body.description !== undefined) {
    if (body.description.trim()) properties['cm:description'] = body.description.trim();
    else delete properties['cm:description'];
  }
  return properties;
}

/** The site node's properties, and its ACLs and its containers' when the visibility changes. */
async function writeUpdate(
  deps: SitesServiceDeps,
  tx: DbOrTx,
  principal: Principal,
  site: SiteRecord,
  title: string | undefined,
  body: SiteUpdate,
) {
  const { repos } = deps;
  // The site node as it is now, its row held: a change of visibility or a deletion that
  // committed since the caller read the site is seen (its properties are not written back as
  // read before; a deleted site is 404, not a write to nothing).
  const node = await repos.nodes.lockRow(tx, site.guid);
  if (!node) throw siteErrors.notFound(site.id);
  const properties = updatedProperties(node, title, body);
  const was = siteFromNode(node).visibility;
  const visibility = body.visibility ?? was;
  properties['st:siteVisibility'] = visibility;
  await repos.nodes.update(tx, node.id, { properties, modifiedAt: Date.now(), modifiedBy: principal.id });
  if (visibility === was) return;
  const local = withVisibility(node.permissions.local, visibility);
  await setPermissions(deps, tx, node, { inherit: false, local }, principal.id);
  const containers = await repos.nodes.findMany(tx, await repos.sites.containerIds(tx, node.id));
  for (const c of containers) {
    await setPermissions(deps, tx, c, containerPermissions(site.id, visibility, c.permissions), principal.id);
  }
}

/** PUT /sites/{id}: SiteManagers and administrators; a new visibility changes the ACLs. */
export async function updateSite(
  deps: SitesServiceDeps,
  principal: Principal,
  siteId: string,
  body: SiteUpdate,
): Promise<SiteRecord> {
  const site = await loadVisible(deps, principal, siteId);
  requireManager(principal, site);
  const title = body.title?.trim();
  if (title !== undefined && !title) throw siteErrors.invalid('Site title is expected');
  return deps.db.transaction().execute(async (tx) => {
    // A new visibility rewrites the ACLs of the site and its containers: first the node graph's
    // lock, as permission changes take it (PostgreSQL), so the nodes are read after those
    // committed and neither waits for rows the other holds.
    if (body.visibility !== undefined) await lockNodeGraph(tx);
    await writeUpdate(deps, tx, principal, site, title, body);
    return reload(deps, tx, site.guid);
  });
}

/** DELETE /sites/{id}: the node tree, the groups and memberships in one transaction. */
export async function deleteSite(deps: SitesServiceDeps, principal: Principal, siteId: string): Promise<void> {
  const site = await loadVisible(deps, principal, siteId);
  requireManager(principal, site);
  const released = await deps.db.transaction().execute(async (tx) => {
    // Forgetting the site's groups re-points ACLs elsewhere: the node graph's lock first, as above.
    await lockNodeGraph(tx);
    const node = await deps.repos.nodes.findById(tx, site.guid);
    if (!node) throw siteErrors.notFound(site.id);
    const contentIds = await deps.nodes.deleteSubtree(tx, principal, node);
    await deps.repos.sites.deleteGroups(tx, site.id);
    // Entries naming the site's groups elsewhere go too: a later site of the same id starts clean.
    await deps.acls.forgetAuthorities(tx, [siteGroup(site.id), ...SITE_ROLES.map((r) => roleGroup(site.id, r))]);
    return contentIds;
  });
  await deps.nodes.releaseContent(released);
}
