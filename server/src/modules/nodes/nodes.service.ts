import type { ContentStore } from '../../content-store/content-store.ts';
import type { Db, Tx } from '../../db/database.ts';
import { ownTransaction, type Transact } from '../../db/group-commit.ts';
import { orderByParam } from '../../http/params.ts';
import type { Principal } from '../../http/principal.ts';
import { parseWhere } from '../../http/where.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { childFilter, childSort } from './core/children-query.ts';
import type { ContentRepository } from './core/content.repository.ts';
import type { NodeGate } from './core/gate.service.ts';
import type { NamePolicy } from './core/name-policy.ts';
import { nodeErrors } from './core/nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './core/nodes.repository.ts';
import { SITE_TYPE, type SystemNodes } from './core/special-nodes.ts';
import { deleteSubtree, releaseContent } from './core/subtree-delete.ts';
import { trashSubtree } from './core/subtree-trash.ts';
import type { VersionsRepository } from './core/versions.repository.ts';
import { createNodes, type AssociationLinks, type CreateNodeInput, type CreateOptions } from './node-create.service.ts';
import { updateNode, type UpdateNodeInput } from './node-update.service.ts';
import { isActive } from './core/lock-state.ts';

export interface NodesServiceDeps {
  db: Db;
  /** The transactions of creates (group commit on SQLite); default: one transaction each. */
  transact?: Transact;
  /** For the secondaryChildren and targets of a create. */
  associations: AssociationLinks;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  systemNodes: SystemNodes;
  contentStore: ContentStore;
  gate: NodeGate;
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

export type AllowableOperation = 'delete' | 'update' | 'create' | 'updatePermissions' | 'unlock';

/** What a children listing asks for (where and orderBy as sent: they are checked after the folder is found). */
export interface ChildrenQuery {
  relativePath: string | undefined;
  where: string | undefined;
  orderBy: readonly string[] | string | undefined;
  skipCount: number;
  maxItems: number;
}

/** The children the caller may read, paged (counts too). */
async function listReadableChildren(
  deps: NodesServiceDeps,
  principal: Principal,
  folder: NodeRecord,
  q: ChildrenQuery,
) {
  const { dictionary } = deps;
  const filter = childFilter(dictionary, q.where === undefined ? undefined : parseWhere(q.where));
  const sort = childSort(orderByParam(q.orderBy), dictionary);
  const readable = await deps.access.readFilter(principal, folder);
  return deps.repos.nodes.listChildren(deps.db, folder.id, {
    filter,
    sort,
    skip: q.skipCount,
    limit: q.maxItems,
    ...(readable ? { readable } : {}),
  });
}

/** Display names of the people ("First Last") and groups among these authorities. */
async function authorityNames(deps: NodesServiceDeps, ids: Iterable<string>): Promise<Map<string, string>> {
  const { db, repos } = deps;
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
}

/**
 * Deletes the node and everything below it: into the trash (restored or purged by
 * /deleted-nodes), or with `permanent` for good, its content removed after the commit when
 * nothing else uses it. `permanent` is for administrators and the node's owner only: anyone else
 * gets 403, whatever their permissions.
 */
async function deleteNode(
  deps: NodesServiceDeps,
  systemIds: ReadonlySet<string>,
  principal: Principal,
  node: NodeRecord,
  options: { permanent?: boolean },
) {
  if (systemIds.has(node.id)) throw nodeErrors.specialNode('deleted');
  if (node.nodeType === SITE_TYPE) throw nodeErrors.siteNode('deleted');
  if (options.permanent && !principal.isAdmin && node.ownerId !== principal.id) {
    throw nodeErrors.notPermanentlyDeletable(node.id);
  }
  await deps.gate.require(principal, node, Access.DELETE);
  const released = await deps.db.transaction().execute(async (tx) => {
    // Top-down, as every write takes them: the parent (its child count changes), then the
    // subtree's rows (locks are checked on them as they are now).
    if (node.parentId) await deps.repos.nodes.holdRow(tx, node.parentId);
    if (options.permanent) return deleteSubtree(deps.repos, tx, principal, node);
    await trashSubtree(deps.repos.nodes, tx, principal, node, deps.systemNodes.archive);
    return [];
  });
  await releaseContent(deps.contentStore, released);
}

/**
 * Alfresco's allowableOperations from the caller's access bits (locks are not considered), and
 * a Quire extension: `unlock` on a node locked now that the caller may unlock (the lock's owner,
 * or whoever holds the Unlock permission), as POST /nodes/{id}/unlock decides.
 */
function allowableOperations(
  systemIds: ReadonlySet<string>,
  principal: Principal,
  bits: number,
  node: NodeRecord,
  now = Date.now(),
): AllowableOperation[] {
  const ops: AllowableOperation[] = [];
  if (bits & Access.DELETE && !systemIds.has(node.id) && !node.nodeType.startsWith('st:')) ops.push('delete');
  if (bits & Access.WRITE) ops.push('update');
  if (bits & Access.ADD_CHILDREN && node.isFolder) ops.push('create');
  if (bits & Access.CHANGE_PERMISSIONS) ops.push('updatePermissions');
  if (isActive(node.lock, now) && (node.lock.owner === principal.id || bits & Access.UNLOCK)) ops.push('unlock');
  return ops;
}

/** Nodes by id: reads, children, creates, updates and deletes; every access decided here or in core's gate. */
export function createNodesService(deps: NodesServiceDeps) {
  const { db, gate, repos } = deps;
  const transact = deps.transact ?? ownTransaction(db);
  const systemIds: ReadonlySet<string> = new Set(Object.values(deps.systemNodes));
  const createDeps = { ...deps, transact };
  const updateDeps = { ...deps, systemIds };

  async function createMany(principal: Principal, parentId: string, inputs: CreateNodeInput[], o: CreateOptions) {
    const parent = await gate.resolve(principal, parentId);
    return createNodes(createDeps, principal, parent, inputs, o);
  }

  return {
    /** GET /nodes/{id}: the node the caller may read. */
    get: (principal: Principal, idOrAlias: string, relativePath?: string) =>
      gate.resolve(principal, idOrAlias, relativePath),

    /**
     * GET /nodes/{id}/children: the folder (below `relativePath`), the node that path starts
     * from, and a page of the children the caller may read.
     */
    async listChildren(principal: Principal, idOrAlias: string, q: ChildrenQuery) {
      const base = q.relativePath ? await gate.resolve(principal, idOrAlias) : undefined;
      const folder = await gate.resolveFolder(principal, base?.id ?? idOrAlias, q.relativePath);
      return { base, folder, page: await listReadableChildren(deps, principal, folder, q) };
    },

    path: (node: NodeRecord) => repos.nodes.ancestors(db, node.id),
    permissionChain: (node: NodeRecord) => repos.nodes.permissionChain(db, node.id),
    authorityNames: (ids: Iterable<string>) => authorityNames(deps, ids),

    /** Creates a folder or an empty file under the parent (JSON create). */
    async create(principal: Principal, parentId: string, input: CreateNodeInput, options: CreateOptions) {
      return (await createMany(principal, parentId, [input], options))[0]!;
    },

    /** Several JSON creates in one transaction: all of them or none. */
    createMany,

    async update(principal: Principal, nodeId: string, input: UpdateNodeInput) {
      const found = await gate.resolve(principal, nodeId);
      const { node, released } = await updateNode(updateDeps, principal, found, input);
      await releaseContent(deps.contentStore, released);
      return node;
    },

    async delete(principal: Principal, nodeId: string, options: { permanent?: boolean } = {}) {
      await deleteNode(deps, systemIds, principal, await gate.resolve(principal, nodeId), options);
    },

    /** For deleting a site's tree as DELETE /nodes does (sites.service.ts). */
    deleteSubtree: (tx: Tx, principal: Principal, node: NodeRecord) => deleteSubtree(repos, tx, principal, node),
    releaseContent: (ids: readonly string[]) => releaseContent(deps.contentStore, ids),

    allowableOperations: (principal: Principal, bits: number, node: NodeRecord) =>
      allowableOperations(systemIds, principal, bits, node),
  };
}

export type NodesService = ReturnType<typeof createNodesService>;
