import type { components } from '../../../../openapi/schema.gen.ts';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import { badRequest } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { GroupsRepository } from '../groups/groups.repository.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import type { AclPatch, AclsService } from '../permissions/acls.service.ts';
import { checkLocallySet, isBuiltInAuthority, type NodePermissions } from '../permissions/permissions.ts';
import type { ContentRepository } from './core/content.repository.ts';
import type { NodeGate } from './core/gate.service.ts';
import { assertMayModify, lockForChange } from './core/lock-rules.ts';
import { mimeTypeFor } from './core/mime.ts';
import { assertValidName, type NamePolicy } from './core/name-policy.ts';
import { aspectPropertyNames, checkAspectNames, checkProperties } from './core/node-properties.ts';
import { nodeErrors } from './core/nodes.errors.ts';
import type { NodeRecord, NodesRepository } from './core/nodes.repository.ts';
import { assertMayGive, ownerAsId, settleOwner } from './core/owner-property.ts';
import { CONTAINER_ASPECT, SITE_TYPE } from './core/special-nodes.ts';
import { recordVersion } from './core/version-history.ts';
import type { VersionsRepository } from './core/versions.repository.ts';

/** A node update, as the contract has it. */
export type UpdateNodeInput = components['schemas']['NodeBodyUpdate'];

export interface UpdateDeps {
  db: Db;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  /** Ids of the system nodes (they cannot be renamed). */
  systemIds: ReadonlySet<string>;
  gate: NodeGate;
  acls: AclsService;
  repos: {
    nodes: NodesRepository;
    content: ContentRepository;
    versions: VersionsRepository;
    people: PeopleRepository;
    groups: GroupsRepository;
  };
}

/** What an update writes, once every check has passed. */
interface Change {
  owner: string | undefined;
  newName: string | undefined;
  nodeType: string;
  aspects: string[];
  properties: Record<string, unknown>;
  /** The permissions sent (checked); what they leave out is the node's as locked in the transaction. */
  permissions: Partial<NodePermissions> | undefined;
}

/** The new name (from `name` or a cm:name property, which is taken out of `properties`), or undefined. */
function newNameOf(
  deps: UpdateDeps,
  node: NodeRecord,
  name: string | undefined,
  properties: Record<string, unknown>,
): string | undefined {
  let newName = name || undefined;
  if ('cm:name' in properties) {
    const value = properties['cm:name'];
    delete properties['cm:name'];
    if (typeof value !== 'string') throw badRequest('cm:name must be a string');
    newName = value;
  }
  if (newName === undefined || newName === node.name) return undefined;
  if (deps.systemIds.has(node.id)) throw nodeErrors.specialNode('renamed');
  if (node.nodeType === SITE_TYPE) throw nodeErrors.siteNode('renamed');
  assertValidName(newName, deps.namePolicy, node.id);
  return newName;
}

/** The node's type after a specialisation (to a subtype that is neither a system folder nor a site type). */
function newTypeOf(dictionary: Dictionary, node: NodeRecord, wanted: string | undefined): string {
  if (!wanted || wanted === node.nodeType) return node.nodeType;
  if (!dictionary.type(wanted) || !dictionary.isSubtypeOf(wanted, node.nodeType)) {
    throw badRequest(`Failed to change (specialise) node type - from ${node.nodeType} to ${wanted}`);
  }
  // Sites (and the Sites folder) are made by /sites only, with their groups and permissions.
  if (dictionary.isSubtypeOf(wanted, 'cm:systemfolder') || wanted.startsWith('st:')) throw nodeErrors.badType(wanted);
  return wanted;
}

/** The aspect set replaced (the properties of removed aspects dropped), then the properties merged. */
async function mergeMetadata(
  deps: UpdateDeps,
  principal: Principal,
  node: NodeRecord,
  aspectNames: string[] | undefined,
  properties: Record<string, unknown>,
  nodeType: string,
) {
  const { dictionary } = deps;
  let aspects = [...node.aspects];
  const merged: Record<string, unknown> = { ...node.properties };
  if (aspectNames) {
    const wanted = checkAspectNames(dictionary, aspectNames, node.aspects);
    for (const kept of ['cm:auditable', 'cm:lockable', CONTAINER_ASPECT]) {
      if (node.aspects.includes(kept)) wanted.add(kept);
    }
    for (const removed of aspects.filter((a) => !wanted.has(a))) {
      for (const p of aspectPropertyNames(dictionary, removed)) delete merged[p];
    }
    aspects = [...wanted];
  }
  const changes = checkProperties(dictionary, nodeType, properties);
  const findPerson = (id: string) => deps.repos.people.findById(deps.db, id);
  const newOwner = await settleOwner(changes.values, findPerson, principal);
  for (const [name, value] of Object.entries(changes.values)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  for (const aspect of changes.aspects) if (!aspects.includes(aspect)) aspects.push(aspect);
  return { aspects, merged, newOwner };
}

async function newPermissions(
  deps: UpdateDeps,
  input: UpdateNodeInput['permissions'],
): Promise<Partial<NodePermissions> | undefined> {
  if (!input) return undefined;
  const { db, repos } = deps;
  const canonical = async (id: string) =>
    /^GROUP_/i.test(id) ? (await repos.groups.findById(db, id))?.id : (await repos.people.findById(db, id))?.id;
  return {
    ...(input.isInheritanceEnabled !== undefined ? { inherit: input.isInheritanceEnabled } : {}),
    ...(input.locallySet !== undefined ? { local: await checkLocallySet(input.locallySet, canonical) } : {}),
  };
}

/** The node is in another folder than the one its update held: it starts again from there. */
class MovedMeanwhile extends Error {
  constructor(readonly parentId: string) {
    super('The node moved while it was being updated');
  }
}

/** Starts over this many times for a node that keeps moving, then holds its folder after it. */
const MOVED_RETRIES = 3;

/**
 * The writes of an update in one transaction (the row locked first); answers the node as it
 * wrote it (read in the transaction: a trash that comes right after the commit does not make the
 * answer 404) and the content it released.
 */
async function writeUpdate(deps: UpdateDeps, principal: Principal, node: NodeRecord, change: Change) {
  let parentId = node.parentId;
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeUpdateFrom(deps, principal, node, change, { parentId, last: attempt === MOVED_RETRIES });
    } catch (error) {
      if (!(error instanceof MovedMeanwhile)) throw error;
      parentId = error.parentId;
    }
  }
}

/**
 * One try of writeUpdate, holding `held.parentId` (the node's folder as last seen) before the
 * node's row: rows are held top-down (lock-rules.ts), so a node found in another folder starts
 * the transaction again from there; only the last try holds that folder after the node.
 */
async function writeUpdateFrom(
  deps: UpdateDeps,
  principal: Principal,
  node: NodeRecord,
  change: Change,
  held: { parentId: string | null; last: boolean },
) {
  const { repos } = deps;
  const { owner, newName } = change;
  const wasVersioned = node.aspects.includes('cm:versionable');
  const staysVersioned = change.aspects.includes('cm:versionable');
  let released: string[] = [];
  let updated: NodeRecord | undefined;
  await writeUnique(deps.db, newName ?? node.name, async (tx) => {
    // A permission change re-points the ACLs of the folders below the node: one at a time, as
    // moves and restores are (PostgreSQL), else two of nested folders deadlock (503), or the outer
    // one's re-pointing, decided before the inner one committed, overwrites the inner one's ACL.
    if (change.permissions) await lockNodeGraph(tx);
    // A group deletion takes its entries off nodes holding that lock too: a group the entries
    // name, found before, that it deleted since is unknown now (else the node would name a group
    // that no longer exists, and a later group of that id would get its access).
    for (const { authorityId } of change.permissions?.local ?? []) {
      if (
        /^GROUP_/.test(authorityId) &&
        !isBuiltInAuthority(authorityId) &&
        !(await repos.groups.findById(tx, authorityId))
      ) {
        throw badRequest(`Unknown authority: ${authorityId}`);
      }
    }
    // The node as it is now: moved, trashed and restored elsewhere, or its ACL re-pointed since
    // the caller read it, its permissions and ACL are maintained from where it is.
    const current = await lockForChange(repos.nodes, tx, principal, node.id, held.parentId);
    if (current.parentId && current.parentId !== held.parentId) {
      // Moved since it was read: holding the new folder now would hold rows bottom-up, and a trash
      // of that folder, holding it and waiting for this node, would deadlock with this update.
      if (!held.last) throw new MovedMeanwhile(current.parentId);
      await repos.nodes.keyShareRow(tx, current.parentId);
    }
    const permissions = change.permissions && {
      inherit: change.permissions.inherit ?? current.permissions.inherit,
      local: change.permissions.local ?? current.permissions.local,
    };
    const writeRow = (acl: AclPatch) =>
      repos.nodes.update(tx, node.id, {
        ...(owner !== undefined ? { ownerId: owner } : {}),
        ...(newName !== undefined ? { name: newName } : {}),
        ...(newName !== undefined && node.isFile ? { mimeType: mimeTypeFor(newName) } : {}),
        nodeType: change.nodeType,
        aspects: change.aspects,
        properties: change.properties,
        ...(permissions ? { permissions } : {}),
        ...acl,
        modifiedAt: Date.now(),
        modifiedBy: principal.id,
      });
    // With new permissions, the row is written once with the ACL it ends with (its event records that ACL).
    if (permissions) await deps.acls.setPermissions(tx, current, permissions, writeRow);
    else await writeRow({});
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
      if (over) throw nodeErrors.personQuotaExceeded(over.id, over.quota);
    }
    updated = await deps.gate.load(node.id, tx);
  });
  return { node: updated!, released };
}

/** Runs a write; a unique-index violation on the name becomes 409. */
async function writeUnique(db: Db, name: string, work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  try {
    await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(name);
    throw error;
  }
}

/**
 * Rename, specialise the type, replace the aspect set, merge properties, set permissions. Last
 * write wins. Answers the node as written and the content objects it released (for
 * releaseContent after the commit).
 */
export async function updateNode(
  deps: UpdateDeps,
  principal: Principal,
  node: NodeRecord,
  input: UpdateNodeInput,
): Promise<{ node: NodeRecord; released: string[] }> {
  const { permissions: permissionsInput, ...rest } = input;
  const { gate } = deps;
  if (Object.keys(rest).length > 0 || !permissionsInput) await gate.require(principal, node, Access.WRITE);
  if (permissionsInput) await gate.require(principal, node, Access.CHANGE_PERMISSIONS);
  assertMayModify(principal, node);
  const properties: Record<string, unknown> = { ...(ownerAsId(input.properties) ?? {}) };
  const newName = newNameOf(deps, node, input.name, properties);
  const nodeType = newTypeOf(deps.dictionary, node, input.nodeType);
  const { aspects, merged, newOwner } = await mergeMetadata(
    deps,
    principal,
    node,
    input.aspectNames,
    properties,
    nodeType,
  );
  const permissions = await newPermissions(deps, permissionsInput);
  // cm:owner set, removed (null, or with its aspect: the creator owns the node again) or untouched.
  const owner = newOwner ?? ('cm:owner' in node.properties && !('cm:owner' in merged) ? node.createdBy.id : undefined);
  if (owner !== undefined && owner !== node.ownerId) {
    assertMayGive(principal, owner);
    await gate.require(principal, node, Access.CHANGE_PERMISSIONS);
  }
  return writeUpdate(deps, principal, node, { owner, newName, nodeType, aspects, properties: merged, permissions });
}
