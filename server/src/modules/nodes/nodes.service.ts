import { orderedId } from '../../db/ordered-id.ts';
import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../db/database.ts';
import { ownTransaction, type Transact } from '../../db/group-commit.ts';
import type { Principal } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { SortField } from '../../http/params.ts';
import type { WhereClause } from '../../http/where.ts';
import type { ContentStore } from '../../content-store/content-store.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { ContentRepository } from '../content/content.repository.ts';
import { mimeTypeFor } from '../content/mime.ts';
import { personQuotaExceeded } from '../content/content.service.ts';
import type { SystemNodes } from '../system/bootstrap.ts';
import { assertValidName, type NamePolicy } from './name-policy.ts';
import { aspectPropertyNames, checkAspectNames, checkProperties } from './node-properties.ts';
import { nodeErrors } from './nodes.errors.ts';
import { assertMayGive, ownerAsId, settleOwner } from './owner-property.ts';
import { isActive } from '../locks/lock-state.ts';
import { assertMayModify, assertSubtreeMayModify, lockForChange } from '../locks/locks.service.ts';
import type { VersionsRepository } from '../versions/versions.repository.ts';
import type { AssociationsService } from '../associations/associations.service.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import { checkLocallySet } from '../permissions/permissions.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import { CONTAINER_ASPECT, SITE_TYPE } from '../sites/sites.model.ts';
import { recordVersion, withFirstVersion } from '../versions/versions.service.ts';
import { childFilter, childSort } from './children-query.ts';
import { ensureFolderPath, withPathRetry } from './folder-path.ts';
import { freeName } from './free-name.ts';
import type { NewNode, NodeRecord, NodesRepository } from './nodes.repository.ts';

export interface NodesServiceDeps {
  db: Db;
  /** The transactions of creates (group commit on SQLite); default: one transaction each. */
  transact?: Transact;
  /** For the secondaryChildren and targets of a create. */
  associations: AssociationsService;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  /** MAX_FOLDER_DEPTH: how many levels below Company Home a folder may be (creates; 422 beyond). */
  maxFolderDepth?: number;
  systemNodes: SystemNodes;
  contentStore: ContentStore;
  access: AccessService;
  acls: AclsService;
  repos: {
    nodes: NodesRepository;
    content: ContentRepository;
    versions: VersionsRepository;
    people: PeopleRepository;
    groups: GroupsRepository;
  };
}

export interface CreateNodeInput {
  name: string;
  nodeType: string;
  relativePath?: string;
  association?: { assocType: string };
  secondaryChildren?: { childId: string; assocType: string }[];
  targets?: { targetId: string; assocType: string }[];
  aspectNames?: string[];
  properties?: Record<string, unknown>;
}

export interface UpdateNodeInput {
  name?: string;
  permissions?: {
    isInheritanceEnabled?: boolean;
    locallySet?: { authorityId?: string; name?: string; accessStatus?: string }[];
  };
  nodeType?: string;
  aspectNames?: string[];
  properties?: Record<string, unknown>;
}

export interface CreateOptions {
  autoRename: boolean;
  majorVersion?: boolean | undefined;
  versioningEnabled?: boolean | undefined;
  comment?: string | undefined;
}

/** JSON-created files are unversioned unless asked: 1.0 (majorVersion or versioningEnabled), 0.1 (majorVersion=false). */
function firstVersion(o: CreateOptions): { major: boolean; comment?: string } | undefined {
  if (o.versioningEnabled === false) return undefined;
  if (o.majorVersion === undefined && o.versioningEnabled === undefined && o.comment === undefined) return undefined;
  return { major: o.majorVersion !== false, ...(o.comment !== undefined ? { comment: o.comment } : {}) };
}

export type AllowableOperation = 'delete' | 'update' | 'create' | 'updatePermissions' | 'unlock';

export function createNodesService(deps: NodesServiceDeps) {
  const { db, dictionary, systemNodes, repos, access } = deps;
  const transact = deps.transact ?? ownTransaction(db);
  const systemIds = new Set(Object.values(systemNodes));

  async function load(id: string, tx: DbOrTx = db): Promise<NodeRecord> {
    const node = await repos.nodes.findById(tx, id);
    if (!node) throw nodeErrors.notFound(id);
    return node;
  }

  function aliasTarget(principal: Principal, idOrAlias: string): string {
    switch (idOrAlias) {
      case '-root-':
        return systemNodes.companyHome;
      case '-shared-':
        return systemNodes.shared;
      case '-my-':
        if (!principal.homeFolderId) throw notFound(`Home folder of ${principal.id}`);
        return principal.homeFolderId;
      default:
        return idOrAlias;
    }
  }

  /**
   * Follows `relativePath` (folder names, case-insensitive) below a folder; anything missing or
   * not readable on the way is 404 (existence is not revealed).
   */
  async function descend(
    principal: Principal,
    base: NodeRecord,
    relativePath: string | undefined,
  ): Promise<NodeRecord> {
    if (relativePath === undefined) return base;
    if (!base.isFolder) throw nodeErrors.notAFolder(base.id);
    let current = base;
    for (const element of relativePath
      .split('/')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const child = await repos.nodes.findChildByName(db, current.id, element);
      if (!child || !(await access.has(principal, child, Access.READ))) {
        throw notFound(`${relativePath} relative to ${base.id}`);
      }
      current = child;
    }
    return current;
  }

  /** The checks relativePath creation makes: existing folders readable (else 404), new ones creatable, and not too deep. */
  function pathAccess(principal: Principal) {
    return {
      canRead: (node: NodeRecord, tx: DbOrTx) => access.has(principal, node, Access.READ, tx),
      requireCreate: (folder: NodeRecord, tx: DbOrTx) => access.require(principal, folder, Access.ADD_CHILDREN, tx),
      maxFolderDepth: deps.maxFolderDepth,
    };
  }

  function checkCreatableType(
    nodeType: string,
    { fileOnly }: { fileOnly: boolean },
  ): { isFolder: boolean; isFile: boolean } {
    if (!dictionary.type(nodeType)) throw nodeErrors.badType(nodeType);
    const kind = dictionary.classify(nodeType);
    const creatable = kind.isFile || (kind.isFolder && !nodeType.startsWith('st:'));
    if (!creatable || (fileOnly && !kind.isFile)) throw nodeErrors.badType(nodeType);
    return kind;
  }

  const findPerson = (id: string) => repos.people.findById(db, id);

  /** Aspects and properties of a new node from the client's aspectNames and properties. */
  function initialMetadata(nodeType: string, aspectNames: string[] = [], properties: Record<string, unknown> = {}) {
    const aspects = checkAspectNames(dictionary, aspectNames);
    const changes = checkProperties(dictionary, nodeType, properties);
    const values = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
    return { aspects: [...new Set(['cm:auditable', ...aspects, ...changes.aspects])], properties: values };
  }

  return {
    load,

    pathAccess,

    /** Resolves an id or alias (and optional relativePath) to a node the caller may read (403 otherwise). */
    async resolve(principal: Principal, idOrAlias: string, relativePath?: string): Promise<NodeRecord> {
      const node = await load(aliasTarget(principal, idOrAlias));
      await access.require(principal, node, Access.READ);
      return descend(principal, node, relativePath);
    },

    /** The nodes the caller may read, in their order. */
    readable(principal: Principal, nodes: readonly NodeRecord[]): Promise<NodeRecord[]> {
      return access.readable(principal, nodes);
    },

    /** 403 unless the caller holds the access bit on the node. */
    require(principal: Principal, node: NodeRecord, bit: number): Promise<void> {
      return access.require(principal, node, bit);
    },

    async resolveFolder(principal: Principal, idOrAlias: string, relativePath?: string): Promise<NodeRecord> {
      const node = await this.resolve(principal, idOrAlias, relativePath);
      if (!node.isFolder) throw nodeErrors.notAFolder(node.id);
      return node;
    },

    /** The children the caller may read, paged (counts too). */
    async listChildren(
      principal: Principal,
      folder: NodeRecord,
      options: { where: WhereClause | undefined; orderBy: SortField[]; skipCount: number; maxItems: number },
    ) {
      const filter = childFilter(dictionary, options.where);
      const sort = childSort(options.orderBy, dictionary);
      const readable = await access.readFilter(principal, folder);
      return repos.nodes.listChildren(db, folder.id, {
        filter,
        sort,
        skip: options.skipCount,
        limit: options.maxItems,
        ...(readable ? { readable } : {}),
      });
    },

    async path(node: NodeRecord) {
      return repos.nodes.ancestors(db, node.id);
    },

    async permissionChain(node: NodeRecord) {
      return repos.nodes.permissionChain(db, node.id);
    },

    /** Display names of the people ("First Last") and groups among these authorities. */
    async authorityNames(ids: Iterable<string>): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      const unique = [...new Set(ids)];
      for (const person of await repos.people.findMany(
        db,
        unique.filter((id) => !/^(GROUP_|ROLE_)/.test(id)),
      )) {
        names.set(person.id, `${person.firstName} ${person.lastName ?? ''}`.trim());
      }
      for (const id of unique.filter((i) => i.startsWith('GROUP_') && i !== 'GROUP_EVERYONE')) {
        const group = await repos.groups.findById(db, id);
        if (group) names.set(group.id, group.displayName);
      }
      return names;
    },

    /** Creates a folder or an empty file under the parent (JSON create). */
    async create(principal: Principal, parent: NodeRecord, input: CreateNodeInput, options: CreateOptions) {
      const [record] = await this.createMany(principal, parent, [input], options);
      return record!;
    },

    /** Several JSON creates in one transaction: all of them or none. */
    async createMany(principal: Principal, parent: NodeRecord, inputs: CreateNodeInput[], options: CreateOptions) {
      const version = firstVersion(options);
      if (!parent.isFolder) throw parent.isFile ? nodeErrors.parentIsFile(parent.id) : nodeErrors.notAFolder(parent.id);
      // Without a relativePath an item goes into the parent: a refusal there comes before any work.
      if (inputs.some((i) => !i.relativePath)) await access.require(principal, parent, Access.ADD_CHILDREN);
      const prepared = inputs.map((input) => {
        if (input.association && input.association.assocType !== 'cm:contains') {
          throw badRequest(`Unsupported association type for a primary child: ${input.association.assocType}`);
        }
        return {
          input,
          requestedName: assertValidName(input.name, deps.namePolicy, parent.id),
          kind: checkCreatableType(input.nodeType, { fileOnly: false }),
          meta: initialMetadata(input.nodeType, input.aspectNames, ownerAsId(input.properties)),
          ownerId: undefined as string | undefined,
        };
      });
      for (const item of prepared) {
        item.ownerId = await settleOwner(item.meta.properties, findPerson, principal);
        // The ends of the body's associations must be readable, as on the association endpoints.
        for (const c of item.input.secondaryChildren ?? []) await this.resolve(principal, c.childId);
        for (const t of item.input.targets ?? []) await this.resolve(principal, t.targetId);
      }
      const now = Date.now();
      const ids = await withPathRetry(() =>
        transact(async (tx) => {
          const created: string[] = [];
          for (const { input, requestedName, kind, meta, ownerId } of prepared) {
            const folder = await ensureFolderPath(repos.nodes, tx, parent, input.relativePath, {
              namePolicy: deps.namePolicy,
              userId: principal.id,
              access: pathAccess(principal),
              leafIsFolder: kind.isFolder,
            });
            // Every item, wherever it lands, passes the check a single create passes.
            await access.require(principal, folder, Access.ADD_CHILDREN, tx);
            const name = options.autoRename ? await freeName(repos.nodes, tx, folder.id, requestedName) : requestedName;
            const id = orderedId();
            try {
              const row: NewNode = {
                id,
                parentId: folder.id,
                name,
                nodeType: input.nodeType,
                ...kind,
                aspects: meta.aspects,
                properties: meta.properties,
                ...(kind.isFile ? { mimeType: mimeTypeFor(name), encoding: 'UTF-8', sizeInBytes: 0 } : {}),
                createdAt: now,
                createdBy: principal.id,
                ...(ownerId ? { ownerId } : {}),
              };
              if (kind.isFile && version) {
                const versioned = withFirstVersion(row, version);
                await repos.nodes.insert(tx, versioned.node);
                await repos.versions.insert(tx, versioned.version);
              } else {
                await repos.nodes.insert(tx, row);
              }
            } catch (error) {
              if (isUniqueViolation(error)) throw nodeErrors.duplicateName(name);
              throw error;
            }
            if (input.secondaryChildren?.length || input.targets?.length) {
              const node = (await repos.nodes.findById(tx, id))!;
              for (const c of input.secondaryChildren ?? [])
                await deps.associations.addSecondaryChild(node, c.childId, c.assocType, tx);
              for (const t of input.targets ?? []) await deps.associations.addTarget(node, t.targetId, t.assocType, tx);
            }
            created.push(id);
          }
          return created;
        }),
      );
      return Promise.all(ids.map((id) => load(id)));
    },

    /** Rename, specialise the type, replace the aspect set, merge properties. Last write wins. */
    async update(principal: Principal, node: NodeRecord, input: UpdateNodeInput) {
      const { permissions: permissionsInput, ...rest } = input;
      if (Object.keys(rest).length > 0 || !permissionsInput) await access.require(principal, node, Access.WRITE);
      if (permissionsInput) await access.require(principal, node, Access.CHANGE_PERMISSIONS);
      assertMayModify(principal, node);
      const properties: Record<string, unknown> = { ...(ownerAsId(input.properties) ?? {}) };
      let newName = input.name || undefined;
      if ('cm:name' in properties) {
        const value = properties['cm:name'];
        delete properties['cm:name'];
        if (typeof value !== 'string') throw badRequest('cm:name must be a string');
        newName = value;
      }
      if (newName !== undefined && newName !== node.name) {
        if (systemIds.has(node.id)) throw nodeErrors.specialNode('renamed');
        if (node.nodeType === SITE_TYPE) throw nodeErrors.siteNode('renamed');
        assertValidName(newName, deps.namePolicy, node.id);
      } else {
        newName = undefined;
      }

      let nodeType = node.nodeType;
      if (input.nodeType && input.nodeType !== node.nodeType) {
        if (!dictionary.type(input.nodeType) || !dictionary.isSubtypeOf(input.nodeType, node.nodeType)) {
          throw badRequest(`Failed to change (specialise) node type - from ${node.nodeType} to ${input.nodeType}`);
        }
        // Sites (and the Sites folder) are made by /sites only, with their groups and permissions.
        if (dictionary.isSubtypeOf(input.nodeType, 'cm:systemfolder') || input.nodeType.startsWith('st:')) {
          throw nodeErrors.badType(input.nodeType);
        }
        nodeType = input.nodeType;
      }

      let aspects = [...node.aspects];
      const merged: Record<string, unknown> = { ...node.properties };
      if (input.aspectNames) {
        const wanted = checkAspectNames(dictionary, input.aspectNames, node.aspects);
        for (const kept of ['cm:auditable', 'cm:lockable', CONTAINER_ASPECT]) {
          if (node.aspects.includes(kept)) wanted.add(kept);
        }
        for (const removed of aspects.filter((a) => !wanted.has(a))) {
          for (const p of aspectPropertyNames(dictionary, removed)) delete merged[p];
        }
        aspects = [...wanted];
      }
      const changes = checkProperties(dictionary, nodeType, properties);
      const newOwner = await settleOwner(changes.values, findPerson, principal);
      for (const [name, value] of Object.entries(changes.values)) {
        if (value === null) delete merged[name];
        else merged[name] = value;
      }
      for (const aspect of changes.aspects) if (!aspects.includes(aspect)) aspects.push(aspect);

      const permissions = input.permissions
        ? {
            inherit: input.permissions.isInheritanceEnabled ?? node.permissions.inherit,
            local:
              input.permissions.locallySet !== undefined
                ? await checkLocallySet(input.permissions.locallySet, async (id) =>
                    /^GROUP_/i.test(id)
                      ? (await repos.groups.findById(db, id))?.id
                      : (await repos.people.findById(db, id))?.id,
                  )
                : node.permissions.local,
          }
        : undefined;
      const wasVersioned = node.aspects.includes('cm:versionable');
      const staysVersioned = aspects.includes('cm:versionable');
      let released: string[] = [];
      // cm:owner set, removed (null, or with its aspect: the creator owns the node again) or untouched.
      const owner =
        newOwner ?? ('cm:owner' in node.properties && !('cm:owner' in merged) ? node.createdBy.id : undefined);
      if (owner !== undefined && owner !== node.ownerId) {
        assertMayGive(principal, owner);
        await access.require(principal, node, Access.CHANGE_PERMISSIONS);
      }
      await insertUnique(async (tx) => {
        await lockForChange(repos.nodes, tx, principal, node.id);
        await repos.nodes.update(tx, node.id, {
          ...(owner !== undefined ? { ownerId: owner } : {}),
          ...(newName !== undefined ? { name: newName } : {}),
          ...(newName !== undefined && node.isFile ? { mimeType: mimeTypeFor(newName) } : {}),
          nodeType,
          aspects,
          properties: merged,
          ...(permissions ? { permissions } : {}),
          modifiedAt: Date.now(),
          modifiedBy: principal.id,
        });
        if (permissions) await deps.acls.permissionsChanged(tx, node, permissions);
        if (wasVersioned && !staysVersioned) {
          // Removing cm:versionable deletes the history; adding it back starts again at 1.0.
          released = await repos.content.deleteUnreferenced(tx, await repos.versions.deleteAll(tx, node.id));
        } else if (!wasVersioned && staysVersioned && node.isFile) {
          await recordVersion(repos, tx, node.id, principal, { major: true });
        }
        if (owner !== undefined && owner !== node.ownerId && node.isFile) {
          // The bytes (its versions' too) are the new owner's now: they count against their quota.
          // Checked last: it locks the owner's usage (db/row-locks.ts).
          const over = await repos.people.overQuota(tx, owner);
          if (over) throw personQuotaExceeded(over.id, over.quota);
        }
      }, newName ?? node.name);
      await releaseContent(released);
      return load(node.id);
    },

    /**
     * Deletes the node and everything below it; content nothing else uses is removed after commit.
     * `permanent` (Alfresco: skip the trashcan, which Quire does not have) is for administrators
     * and the node's owner only: anyone else gets 403, whatever their permissions.
     */
    async delete(principal: Principal, node: NodeRecord, options: { permanent?: boolean } = {}) {
      if (systemIds.has(node.id)) throw nodeErrors.specialNode('deleted');
      if (node.nodeType === SITE_TYPE) throw nodeErrors.siteNode('deleted');
      if (options.permanent && !principal.isAdmin && node.ownerId !== principal.id) {
        throw nodeErrors.notPermanentlyDeletable(node.id);
      }
      await access.require(principal, node, Access.DELETE);
      const released = await db.transaction().execute(async (tx) => {
        // Top-down, as every write takes them: the parent (its child count changes), then the
        // subtree's rows (deleteSubtree; locks are checked on them as they are now).
        if (node.parentId) await repos.nodes.lockRow(tx, node.parentId);
        return deleteSubtree(tx, principal, node);
      });
      await releaseContent(released);
    },

    deleteSubtree,

    releaseContent,

    /**
     * Alfresco's allowableOperations from the caller's access bits (locks are not considered), and
     * a Quire extension: `unlock` on a node locked now that the caller may unlock (the lock's
     * owner, or whoever holds the Unlock permission), as POST /nodes/{id}/unlock decides.
     */
    allowableOperations(principal: Principal, bits: number, node: NodeRecord, now = Date.now()): AllowableOperation[] {
      const ops: AllowableOperation[] = [];
      if (bits & Access.DELETE && !systemIds.has(node.id) && !node.nodeType.startsWith('st:')) ops.push('delete');
      if (bits & Access.WRITE) ops.push('update');
      if (bits & Access.ADD_CHILDREN && node.isFolder) ops.push('create');
      if (bits & Access.CHANGE_PERMISSIONS) ops.push('updatePermissions');
      if (isActive(node.lock, now) && (node.lock.owner === principal.id || bits & Access.UNLOCK)) ops.push('unlock');
      return ops;
    },
  };

  /** Runs a write; a unique-index violation on the name becomes 409. */
  async function insertUnique(work: (tx: DbOrTx) => Promise<void>, name: string): Promise<void> {
    try {
      await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw nodeErrors.duplicateName(name);
      throw error;
    }
  }

  /**
   * Deletes a node and everything below it in the caller's transaction (refused when a node on
   * the way is a system node, or locked against the caller). Returns the content objects nothing
   * refers to any more: give them to releaseContent after the commit.
   */
  async function deleteSubtree(tx: Tx, principal: Principal, node: NodeRecord): Promise<string[]> {
    const subtree = await repos.nodes.subtree(tx, node.id);
    if (subtree.length === 0) throw nodeErrors.notFound(node.id);
    if (subtree.some((n) => n.systemKey)) throw nodeErrors.specialNode('deleted');
    assertSubtreeMayModify(principal, subtree);
    const versionContent = await repos.versions.contentIdsOf(
      tx,
      subtree.map((n) => n.id),
    );
    await repos.nodes.deleteSubtree(tx, node, subtree);
    const contentIds = [...subtree.map((n) => n.contentId).filter((c): c is string => c !== null), ...versionContent];
    return repos.content.deleteUnreferenced(tx, contentIds);
  }

  /** Removes content objects from the store (after the transaction that released them committed). */
  async function releaseContent(ids: string[]): Promise<void> {
    for (const id of ids) await deps.contentStore.remove(id).catch(() => undefined);
  }
}

export type NodesService = ReturnType<typeof createNodesService>;
