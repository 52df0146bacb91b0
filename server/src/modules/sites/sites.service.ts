import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import type { SortField } from '../../http/params.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { NodesRepository } from '../nodes/core/nodes.repository.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import type { PeopleRepository, PersonRecord } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { NodePermissions } from '../permissions/permissions.ts';
import type { SystemNodes } from '../nodes/core/special-nodes.ts';
import { siteErrors } from './sites.errors.ts';
import { siteFromNode, type SiteRecord } from './sites.mappers.ts';
import {
  CONTAINER_ASPECT,
  containerPermissions,
  DOCUMENT_LIBRARY,
  MAX_ID_LENGTH,
  roleAmong,
  roleGroup,
  SITE_ROLES,
  SITE_PRESET,
  SITE_TYPE,
  siteGroup,
  siteIdFromTitle,
  sitePermissions,
  SYSTEM_OWNER,
  withVisibility,
  type SiteRole,
  type Visibility,
} from './sites.model.ts';
import type { SiteRow, SiteSort, SitesRepository } from './sites.repository.ts';

/**
 * Adds a new site to its creator's favorites, in the transaction that creates the site. The
 * favorites module provides it; without it new sites are not added to favorites.
 */
export type AddSiteToFavorites = (tx: DbOrTx, personId: string, siteGuid: string) => Promise<void>;

export interface SitesServiceDeps {
  db: Db;
  systemNodes: SystemNodes;
  access: AccessService;
  acls: AclsService;
  /** Deleting a site deletes its node tree as DELETE /nodes does (content released after commit). */
  nodes: Pick<NodesService, 'deleteSubtree' | 'releaseContent'>;
  addToFavorites?: AddSiteToFavorites;
  repos: { nodes: NodesRepository; groups: GroupsRepository; people: PeopleRepository; sites: SitesRepository };
}

export interface SiteCreate {
  id?: string;
  title: string;
  description?: string;
  visibility: Visibility;
}

export interface SiteUpdate {
  title?: string;
  description?: string;
  visibility?: Visibility;
}

const sortOf = (orderBy: SortField[], allowed: readonly string[]) =>
  orderBy.map(({ field, ascending }) => {
    if (!allowed.includes(field)) throw siteErrors.invalidSort(field);
    return { field, ascending };
  });

/**
 * Sites: `st:site` folders under Sites with a documentLibrary, groups per role, and ACLs that
 * follow the visibility. A site is visible to whoever may read its node: everyone for PUBLIC and
 * MODERATED sites, members (and administrators) for PRIVATE ones; to anyone else it does not exist.
 */
export function createSitesService(deps: SitesServiceDeps) {
  const { db, systemNodes, access, acls, repos } = deps;

  /** The site, or 404 when it does not exist or the caller may not see it. */
  async function loadVisible(principal: Principal, siteId: string): Promise<SiteRecord> {
    const node = await repos.nodes.findChildByName(db, systemNodes.sites, siteId);
    if (!node || node.nodeType !== SITE_TYPE || !(await access.has(principal, node, Access.READ))) {
      throw siteErrors.notFound(siteId);
    }
    return siteFromNode(node);
  }

  const roleOfCaller = (principal: Principal, site: SiteRecord): SiteRole | undefined =>
    roleAmong(site.id, principal.authorities);

  const isManager = (principal: Principal, site: SiteRecord): boolean =>
    principal.isAdmin || roleOfCaller(principal, site) === 'SiteManager';

  function requireManager(principal: Principal, site: SiteRecord): void {
    if (!isManager(principal, site)) throw siteErrors.notManager(site.id);
  }

  /** Writes a node's permissions and brings the ACLs in step (the pattern of every permission change). */
  async function setPermissions(tx: DbOrTx, node: SiteRecord['node'], permissions: NodePermissions, by: string) {
    await repos.nodes.update(tx, node.id, { permissions, modifiedAt: Date.now(), modifiedBy: by });
    await acls.permissionsChanged(tx, { ...node, isFolder: true }, permissions);
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

  /** The site node, its groups (the creator a SiteManager) and documentLibrary, with their permissions. */
  async function insertSite(tx: DbOrTx, principal: Principal, site: Omit<SiteRecord, 'guid' | 'node'>, now: number) {
    if (await repos.nodes.findChildByName(tx, systemNodes.sites, site.id)) throw siteErrors.exists(site.id);
    if (await repos.groups.findById(tx, siteGroup(site.id))) throw siteErrors.exists(site.id);
    const guid = randomUUID();
    const folder = { isFolder: true, isFile: false, createdAt: now, createdBy: principal.id, ownerId: SYSTEM_OWNER };
    await repos.nodes.insert(tx, {
      ...folder,
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
    await setPermissions(tx, siteNode, sitePermissions(site.id, site.visibility), principal.id);
    const libraryId = randomUUID();
    await repos.nodes.insert(tx, {
      ...folder,
      id: libraryId,
      parentId: guid,
      name: DOCUMENT_LIBRARY,
      nodeType: 'cm:folder',
      aspects: [CONTAINER_ASPECT, 'cm:auditable'],
      properties: { 'st:componentId': DOCUMENT_LIBRARY },
    });
    if (site.visibility !== 'PUBLIC') {
      const library = { id: libraryId, parentId: guid, aclId: guid, ownerId: SYSTEM_OWNER };
      await setPermissions(tx, library, containerPermissions(site.id, site.visibility), principal.id);
    }
    return guid;
  }

  return {
    loadVisible,

    /**
     * The groups of the private sites the caller is not a member of (administrators: none): to
     * the caller those sites do not exist, nor do their groups.
     */
    async hiddenGroups(principal: Principal): Promise<string[]> {
      if (principal.isAdmin) return [];
      const hidden = (await repos.sites.privateSiteIds(db, systemNodes.sites)).filter(
        (siteId) => !roleAmong(siteId, principal.authorities) && !principal.authorities.has(siteGroup(siteId)),
      );
      return hidden.flatMap((siteId) => [siteGroup(siteId), ...SITE_ROLES.map((role) => roleGroup(siteId, role))]);
    },

    isManager,
    requireManager,
    roleOfCaller,

    /** The sites the caller can see (of these visibilities, if given), by title unless asked otherwise. */
    async list(
      principal: Principal,
      options: { skipCount: number; maxItems: number; orderBy: SortField[]; visibilities?: Visibility[] },
    ) {
      const sort = sortOf(options.orderBy, ['title', 'id', 'description']) as SiteSort[];
      const readable = access.readers(principal);
      const page = await repos.sites.list(db, systemNodes.sites, {
        sort: sort.length ? sort : [{ field: 'title', ascending: true }],
        skip: options.skipCount,
        limit: options.maxItems,
        ...(readable ? { readable } : {}),
        ...(options.visibilities ? { visibilities: options.visibilities } : {}),
      });
      return { items: page.items.map((row) => fromRow(row)), total: page.total };
    },

    /** POST /sites: body checked (400), then the id (409); one transaction. */
    async create(principal: Principal, body: SiteCreate, options: { skipAddToFavorites: boolean }) {
      const title = body.title.trim();
      if (!title) throw siteErrors.invalid('Site title is expected');
      const id = checkId(body.id ?? siteIdFromTitle(title));
      const site = { id, title, description: body.description?.trim() || undefined, visibility: body.visibility };
      try {
        const guid = await db.transaction().execute(async (tx) => {
          const created = await insertSite(tx, principal, site, Date.now());
          if (!options.skipAddToFavorites) await deps.addToFavorites?.(tx, principal.id, created);
          return created;
        });
        // Read by id: the caller's groups were resolved before the site existed.
        return await reload(guid);
      } catch (error) {
        if (isUniqueViolation(error)) throw siteErrors.exists(id);
        throw error;
      }
    },

    /** PUT /sites/{id}: SiteManagers and administrators; a new visibility changes the ACLs. */
    async update(principal: Principal, siteId: string, body: SiteUpdate): Promise<SiteRecord> {
      const site = await loadVisible(principal, siteId);
      requireManager(principal, site);
      const title = body.title?.trim();
      if (title !== undefined && !title) throw siteErrors.invalid('Site title is expected');
      await db.transaction().execute(async (tx) => {
        const node = (await repos.nodes.findById(tx, site.guid))!;
        const properties = { ...node.properties };
        if (title) properties['cm:title'] = title;
        if (body.description !== undefined) {
          if (body.description.trim()) properties['cm:description'] = body.description.trim();
          else delete properties['cm:description'];
        }
        const was = siteFromNode(node).visibility;
        const visibility = body.visibility ?? was;
        properties['st:siteVisibility'] = visibility;
        await repos.nodes.update(tx, node.id, { properties, modifiedAt: Date.now(), modifiedBy: principal.id });
        if (visibility === was) return;
        const local = withVisibility(node.permissions.local, visibility);
        await setPermissions(tx, node, { inherit: false, local }, principal.id);
        const containers = await repos.nodes.findMany(tx, await repos.sites.containerIds(tx, node.id));
        for (const c of containers) {
          await setPermissions(tx, c, containerPermissions(site.id, visibility, c.permissions), principal.id);
        }
      });
      return reload(site.guid);
    },

    /** DELETE /sites/{id}: the node tree, the groups and memberships in one transaction. */
    async delete(principal: Principal, siteId: string): Promise<void> {
      const site = await loadVisible(principal, siteId);
      requireManager(principal, site);
      const released = await db.transaction().execute(async (tx) => {
        const node = await repos.nodes.findById(tx, site.guid);
        if (!node) throw siteErrors.notFound(site.id);
        const contentIds = await deps.nodes.deleteSubtree(tx, principal, node);
        await repos.sites.deleteGroups(tx, site.id);
        // Entries naming the site's groups elsewhere go too: a later site of the same id starts clean.
        await acls.forgetAuthorities(tx, [siteGroup(site.id), ...SITE_ROLES.map((r) => roleGroup(site.id, r))]);
        return contentIds;
      });
      await deps.nodes.releaseContent(released);
    },

    /** The containers of a site the caller may read. */
    async containers(principal: Principal, siteId: string): Promise<{ id: string; folderId: string }[]> {
      const site = await loadVisible(principal, siteId);
      const nodes = await repos.nodes.findMany(db, await repos.sites.containerIds(db, site.guid));
      return (await access.readable(principal, nodes)).map((n) => ({
        id: n.id,
        folderId: typeof n.properties['st:componentId'] === 'string' ? n.properties['st:componentId'] : n.name,
      }));
    },

    /** The sites a person belongs to, with the person's role; for someone else only those the caller sees. */
    async sitesOf(
      principal: Principal,
      person: PersonRecord,
      options: { skipCount: number; maxItems: number; orderBy: SortField[] },
    ) {
      const sort = sortOf(options.orderBy, ['title', 'id', 'role']);
      const memberships = await repos.sites.membershipsOf(db, person.id);
      const roles = new Map(memberships.map((m) => [m.siteId.toLowerCase(), m.role]));
      const rows = await repos.sites.findByIds(db, systemNodes.sites, [...roles.keys()]);
      const visible = await access.readable(
        principal,
        rows.map((r) => ({ ...r, id: r.guid })),
      );
      const items = visible.map((row) => ({ site: fromRow(row), role: roles.get(row.name.toLowerCase())! }));
      items.sort(compareBy(sort.length ? sort : [{ field: 'title', ascending: true }]));
      const page = items.slice(options.skipCount, options.skipCount + options.maxItems);
      return { items: page, total: items.length };
    },
  };

  async function reload(guid: string): Promise<SiteRecord> {
    return siteFromNode((await repos.nodes.findById(db, guid))!);
  }

  function fromRow(row: SiteRow): SiteRecord {
    return siteFromNode({ ...row, id: row.guid, parentId: systemNodes.sites });
  }
}

/** Orders a person's sites by title, id or role (roles by name), then id. */
function compareBy(sort: { field: string; ascending: boolean }[]) {
  const key = (item: { site: SiteRecord; role: SiteRole }, field: string) =>
    field === 'role' ? item.role : field === 'id' ? item.site.id.toLowerCase() : item.site.title.toLowerCase();
  return (a: { site: SiteRecord; role: SiteRole }, b: { site: SiteRecord; role: SiteRole }) => {
    for (const { field, ascending } of [...sort, { field: 'id', ascending: true }]) {
      const order = key(a, field).localeCompare(key(b, field));
      if (order !== 0) return ascending ? order : -order;
    }
    return 0;
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
