import type { components } from '../../../../openapi/schema.gen.ts';
import { orderedId } from '../../db/ordered-id.ts';
import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import type { Transact } from '../../db/group-commit.ts';
import { badRequest } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Dictionary } from '../dictionary/dictionary.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import { Access } from '../permissions/access.ts';
import { ensureFolderPath, withPathRetry } from './core/folder-path.ts';
import { freeName } from './core/free-name.ts';
import type { NodeGate } from './core/gate.service.ts';
import { mimeTypeFor } from './core/mime.ts';
import { assertValidName, type NamePolicy } from './core/name-policy.ts';
import { checkAspectNames, checkProperties } from './core/node-properties.ts';
import { nodeErrors } from './core/nodes.errors.ts';
import type { NewNode, NodeRecord, NodesRepository } from './core/nodes.repository.ts';
import { ownerAsId, settleOwner } from './core/owner-property.ts';
import { withFirstVersion } from './core/version-history.ts';
import type { VersionsRepository } from './core/versions.repository.ts';

/** A JSON create, as the contract has it. */
export type CreateNodeInput = components['schemas']['NodeBodyCreate'];

export interface CreateOptions {
  autoRename: boolean;
  majorVersion?: boolean | undefined;
  versioningEnabled?: boolean | undefined;
  comment?: string | undefined;
}

/**
 * What a create needs of the associations (associations.service.ts, wired in app.ts): the ends
 * are checked for access before, these add the rows in the create's transaction.
 */
export interface AssociationLinks {
  addSecondaryChild(parent: NodeRecord, childId: string, assocType: string, tx?: DbOrTx): Promise<void>;
  addTarget(source: NodeRecord, targetId: string, assocType: string, tx?: DbOrTx): Promise<void>;
}

export interface CreateDeps {
  db: Db;
  transact: Transact;
  dictionary: Dictionary;
  namePolicy: NamePolicy;
  gate: NodeGate;
  associations: AssociationLinks;
  repos: { nodes: NodesRepository; versions: VersionsRepository; people: PeopleRepository };
}

/** An item checked before any write: its name, kind, metadata and owner. */
interface Prepared {
  input: CreateNodeInput;
  requestedName: string;
  kind: { isFolder: boolean; isFile: boolean };
  meta: { aspects: string[]; properties: Record<string, unknown> };
  ownerId: string | undefined;
}

/** JSON-created files are unversioned unless asked: 1.0 (majorVersion or versioningEnabled), 0.1 (majorVersion=false). */
function firstVersion(o: CreateOptions): { major: boolean; comment?: string } | undefined {
  if (o.versioningEnabled === false) return undefined;
  if (o.majorVersion === undefined && o.versioningEnabled === undefined && o.comment === undefined) return undefined;
  return { major: o.majorVersion !== false, ...(o.comment !== undefined ? { comment: o.comment } : {}) };
}

function checkCreatableType(dictionary: Dictionary, nodeType: string): { isFolder: boolean; isFile: boolean } {
  if (!dictionary.type(nodeType)) throw nodeErrors.badType(nodeType);
  const kind = dictionary.classify(nodeType);
  const creatable = kind.isFile || (kind.isFolder && !nodeType.startsWith('st:'));
  if (!creatable) throw nodeErrors.badType(nodeType);
  return kind;
}

/** Aspects and properties of a new node from the client's aspectNames and properties. */
function initialMetadata(
  dictionary: Dictionary,
  nodeType: string,
  aspectNames: string[] = [],
  properties: Record<string, unknown> = {},
) {
  const aspects = checkAspectNames(dictionary, aspectNames);
  const changes = checkProperties(dictionary, nodeType, properties);
  const values = Object.fromEntries(Object.entries(changes.values).filter(([, v]) => v !== null));
  return { aspects: [...new Set(['cm:auditable', ...aspects, ...changes.aspects])], properties: values };
}

/** Every item checked before the transaction: bad input is refused before any write. */
async function prepare(
  deps: CreateDeps,
  principal: Principal,
  parent: NodeRecord,
  inputs: CreateNodeInput[],
): Promise<Prepared[]> {
  const prepared = inputs.map((input): Prepared => {
    if (input.association && input.association.assocType !== 'cm:contains') {
      throw badRequest(`Unsupported association type for a primary child: ${input.association.assocType}`);
    }
    return {
      input,
      requestedName: assertValidName(input.name, deps.namePolicy, parent.id),
      kind: checkCreatableType(deps.dictionary, input.nodeType),
      meta: initialMetadata(deps.dictionary, input.nodeType, input.aspectNames, ownerAsId(input.properties)),
      ownerId: undefined,
    };
  });
  const findPerson = (id: string) => deps.repos.people.findById(deps.db, id);
  for (const item of prepared) {
    item.ownerId = await settleOwner(item.meta.properties, findPerson, principal);
    // The ends of the body's associations must be readable, as on the association endpoints.
    for (const c of item.input.secondaryChildren ?? []) await deps.gate.resolve(principal, c.childId);
    for (const t of item.input.targets ?? []) await deps.gate.resolve(principal, t.targetId);
  }
  return prepared;
}

/** Writes one prepared item (and its first version, its associations) in the transaction; answers its id. */
async function insertOne(
  deps: CreateDeps,
  tx: Tx,
  principal: Principal,
  parent: NodeRecord,
  item: Prepared,
  options: CreateOptions,
  now: number,
): Promise<string> {
  const { input, requestedName, kind, meta, ownerId } = item;
  const { repos } = deps;
  const folder = await ensureFolderPath(repos.nodes, tx, parent, input.relativePath, {
    namePolicy: deps.namePolicy,
    userId: principal.id,
    access: deps.gate.pathAccess(principal),
    leafIsFolder: kind.isFolder,
  });
  // Every item, wherever it lands, passes the check a single create passes.
  await deps.gate.require(principal, folder, Access.ADD_CHILDREN, tx);
  const name = options.autoRename ? await freeName(repos.nodes, tx, folder.id, requestedName) : requestedName;
  const row: NewNode = {
    id: orderedId(),
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
  const version = kind.isFile ? firstVersion(options) : undefined;
  try {
    if (version) {
      const versioned = withFirstVersion(row, version);
      await repos.nodes.insert(tx, versioned.node, versioned.version);
    } else {
      await repos.nodes.insert(tx, row);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.duplicateName(name);
    throw error;
  }
  await linkAssociations(deps, tx, row.id, input);
  return row.id;
}

async function linkAssociations(deps: CreateDeps, tx: Tx, id: string, input: CreateNodeInput): Promise<void> {
  if (!input.secondaryChildren?.length && !input.targets?.length) return;
  const node = (await deps.repos.nodes.findById(tx, id))!;
  for (const c of input.secondaryChildren ?? [])
    await deps.associations.addSecondaryChild(node, c.childId, c.assocType, tx);
  for (const t of input.targets ?? []) await deps.associations.addTarget(node, t.targetId, t.assocType, tx);
}

/**
 * JSON creates under the parent in one transaction, all of them or none; answers their nodes as
 * written (read in the transaction: a trash of the folder right after the commit does not make
 * a create that happened a 404).
 */
export async function createNodes(
  deps: CreateDeps,
  principal: Principal,
  parent: NodeRecord,
  inputs: CreateNodeInput[],
  options: CreateOptions,
): Promise<NodeRecord[]> {
  if (!parent.isFolder) throw parent.isFile ? nodeErrors.parentIsFile(parent.id) : nodeErrors.notAFolder(parent.id);
  // Without a relativePath an item goes into the parent: a refusal there comes before any work.
  if (inputs.some((i) => !i.relativePath)) await deps.gate.require(principal, parent, Access.ADD_CHILDREN);
  const prepared = await prepare(deps, principal, parent, inputs);
  const now = Date.now();
  // A single create of a given name holds the parent in share mode only (its insert, PostgreSQL:
  // node-writes.repository.ts). Several items (whose names two such lists could take in opposite
  // orders: a deadlock), a name chosen from the children (autoRename) or folders made on the way
  // (relativePath) need the parent to themselves, from before the first read of its children.
  const alone = inputs.length > 1 || options.autoRename || inputs.some((i) => i.relativePath);
  // Filing secondary children holds the node graph's lock: first, before any row, as moves and
  // permission changes take it (else one holding the graph and waiting for the folder's row, and
  // this create holding that row and waiting for the graph, deadlock: 503).
  const files = inputs.some((i) => i.secondaryChildren?.length);
  return withPathRetry(() =>
    deps.transact(async (tx) => {
      if (files) await lockNodeGraph(tx);
      if (alone) await deps.repos.nodes.holdRow(tx, parent.id);
      const created: string[] = [];
      for (const item of prepared) created.push(await insertOne(deps, tx, principal, parent, item, options, now));
      const nodes: NodeRecord[] = [];
      for (const id of created) nodes.push(await deps.gate.load(id, tx));
      return nodes;
    }),
  );
}
