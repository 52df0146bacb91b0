import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Db, type Tx } from '../../../db/database.ts';
import { lockNodeGraph, shareNodeGraph } from '../../../db/row-locks.ts';
import type { Principal } from '../../../http/principal.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { assertMayModify, lockForChange } from '../core/lock-rules.ts';
import type { AssociationsRepository } from '../core/associations.repository.ts';
import type { VersionsRepository } from '../core/versions.repository.ts';
import type { PeopleRepository } from '../../people/people.repository.ts';
import { isSiteStructure, SITE_TYPE, type SystemNodes } from '../core/special-nodes.ts';
import { copyBatchAssociations, copyIdsFrom, type CopyContext } from './copy-associations.ts';
import { copyRow, type RowCopy } from './copy-row.ts';
import { Access } from '../../permissions/access.ts';
import type { AccessService } from '../../permissions/access.service.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { AclsRepository } from '../../permissions/acls.repository.ts';
import type { AclsService } from '../../permissions/acls.service.ts';
import { assertValidName, type NamePolicy } from '../core/name-policy.ts';
import { assertDepthAllows } from '../core/folder-depth.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';

export interface CopyMoveDeps {
  db: Db;
  namePolicy: NamePolicy;
  /** MAX_FOLDER_DEPTH: a copy or a move may not put a folder deeper below Company Home (422). */
  maxFolderDepth?: number;
  systemNodes: SystemNodes;
  access: AccessService;
  gate: NodeGate;
  acls: AclsService;
  repos: {
    nodes: NodesRepository;
    versions: VersionsRepository;
    associations: AssociationsRepository;
    acls: AclsRepository;
    people: PeopleRepository;
  };
}

/**
 * Parents whose children are read per query while copying a tree: memory is bounded by one batch.
 * Measured on a 10,000-node tree (100 folders of 99 files): 50 parents, peak RSS 168–209 MiB;
 * 10 parents, 141–161 MiB, in the same time (~0.9 s).
 */
const LEVEL_BATCH = 10;

/** SQLite runs synchronously: between batches, let other requests (reads, probes) through. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkTarget(target: NodeRecord): void {
  if (!target.isFolder) throw badRequest(`Target ${target.id} is not a folder`);
}

/** POST /nodes/{id}/copy: the copy, as it was committed. */
async function copy(
  deps: CopyMoveDeps,
  principal: Principal,
  nodeId: string,
  targetParentId: string,
  newName: string | undefined,
) {
  const source = await deps.gate.resolve(principal, nodeId);
  const target = await deps.gate.resolve(principal, targetParentId);
  return copyInto(deps, principal, source, target, newName);
}

/** POST /nodes/{id}/move: the node where the move put it. */
async function move(
  deps: CopyMoveDeps,
  principal: Principal,
  nodeId: string,
  targetParentId: string,
  newName: string | undefined,
) {
  const node = await deps.gate.resolve(principal, nodeId);
  const target = await deps.gate.resolve(principal, targetParentId);
  return moveInto(deps, principal, node, target, newName);
}

/** One copy operation under way: who copies, its ids, and the ACLs it has defined so far. */
interface CopyRun {
  deps: CopyMoveDeps;
  principal: Principal;
  ctx: CopyContext;
  rootId: string;
  newAcls: string[];
}

/**
 * The target folder as it is now, its row held until the transaction ends: a trash of it
 * committed since the caller found it is seen (404), and one that comes later waits for this
 * write and then takes the node along. Nothing is left alive under a folder in the trash.
 */
async function liveTarget(nodes: NodesRepository, tx: Tx, id: string): Promise<NodeRecord> {
  const live = await nodes.lockRow(tx, id);
  if (!live) throw nodeErrors.notFound(id);
  return live;
}

/** A copied folder whose children are still to copy: `fromAcl` is the ACL its files without one of their own use. */
type Parent = { from: string; fromAcl: string; to: { id: string; aclId: string } };

/**
 * Copies a node (folders with everything below them) into a folder. Content is shared with
 * the source until either changes; properties, aspects and the associations each node owns
 * (targets, secondary children) are kept; locks and renditions are not; versioned files
 * start a fresh history at 1.0. Answers the copy as written (read in the transaction: a trash
 * of the target right after the commit does not make a copy that was made a 404).
 */
async function copyInto(
  deps: CopyMoveDeps,
  principal: Principal,
  source: NodeRecord,
  target: NodeRecord,
  newName: string | undefined,
): Promise<NodeRecord> {
  checkTarget(target);
  if (isSiteStructure(source)) throw nodeErrors.siteNotCopyable(source.id);
  await deps.access.require(principal, target, Access.ADD_CHILDREN);
  const name = newName !== undefined ? assertValidName(newName, deps.namePolicy, target.id) : source.name;
  const now = Date.now();
  // Copy ids are derived from the source ids (see copy-associations.ts): no id map is kept.
  const ctx: CopyContext = { sourceRootId: source.id, copyOf: copyIdsFrom(randomUUID()), now, repos: deps.repos };
  const rootId = ctx.copyOf(source.id);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const run: CopyRun = { deps, principal, ctx, rootId, newAcls: [] };
      await copyTree(run, tx, source, target, name);
      return deps.gate.load(rootId, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.nameExistsInTarget(name);
    throw error;
  }
}

/** The copy's transaction: the copy of the source under the target, then everything below it. */
async function copyTree(run: CopyRun, tx: Tx, source: NodeRecord, found: NodeRecord, name: string): Promise<void> {
  const { deps, principal, ctx } = run;
  const { repos } = deps;
  // The tree is read a level at a time: no move may land between two levels (a snapshot).
  await shareNodeGraph(tx);
  const target = await liveTarget(repos.nodes, tx, found.id);
  if (await repos.nodes.findChildByName(tx, target.id, name)) {
    throw nodeErrors.nameExistsInTarget(name);
  }
  await assertDepthAllows(deps.repos.nodes, tx, source, target, deps.maxFolderDepth);
  const [sourceRow] = await tx.selectFrom('nodes').selectAll().where('id', '=', source.id).execute();
  if (!sourceRow || sourceRow.archivedRootId !== null) throw nodeErrors.notFound(source.id);
  const root = copyRow(sourceRow, run.rootId, target, name, ctx.now, principal.id);
  run.newAcls.push(...(await insertCopies(deps, tx, [root])));
  await repos.nodes.countIn(tx, target.id, 1);
  await copyBatchAssociations(tx, ctx, [source.id]);
  const rootTo = { id: run.rootId, aclId: root.copy.aclId ?? target.aclId };
  await copyDescendants(run, tx, source.isFolder ? [{ from: source.id, fromAcl: source.aclId, to: rootTo }] : []);
  await deps.acls.recompute(tx, run.newAcls);
  // The copies are the copier's: they count against the copier's quota.
  const over = await repos.people.overQuota(tx, principal.id);
  if (over) throw nodeErrors.personQuotaExceeded(over.id, over.quota);
}

/**
 * Level by level: the source's children are read before any copy of them exists, so copying a
 * folder into its own subtree cannot recurse into the copy.
 */
async function copyDescendants(run: CopyRun, tx: Tx, level: Parent[]): Promise<void> {
  while (level.length > 0) {
    const next: Parent[] = [];
    for (let i = 0; i < level.length; i += LEVEL_BATCH) {
      next.push(...(await copyChildren(run, tx, level.slice(i, i + LEVEL_BATCH))));
      await yieldToEventLoop();
    }
    level = next;
  }
}

/**
 * Copies the children of a batch of copied folders; answers those that have children in turn.
 * Only what the caller may read is copied (a copy is the copier's: it would expose the rest).
 */
async function copyChildren(run: CopyRun, tx: Tx, batch: Parent[]): Promise<Parent[]> {
  const { deps, principal, ctx } = run;
  const parentOf = new Map(batch.map((p) => [p.from, p.to]));
  const folderAcl = new Map(batch.map((p) => [p.from, p.fromAcl]));
  const children = await deps.repos.nodes.childRows(tx, [...parentOf.keys()]);
  assertNotTrashedMeanwhile(ctx, children);
  const all = children
    .filter((r) => r.id !== run.rootId)
    .map((r) => ({ ...r, aclId: r.aclId ?? folderAcl.get(r.parentId!)! }));
  const rows = await deps.access.readable(principal, all, tx);
  const next: Parent[] = [];
  const copies = rows.map((row) => {
    const copy = copyRow(row, ctx.copyOf(row.id), parentOf.get(row.parentId!)!, row.name, ctx.now, principal.id);
    if (row.isFolder === 1 || row.childCount > 0) {
      next.push({ from: row.id, fromAcl: row.aclId, to: { id: copy.copy.id, aclId: copy.copy.aclId ?? row.aclId } });
    }
    return copy;
  });
  run.newAcls.push(...(await insertCopies(deps, tx, copies)));
  const counts = new Map<string, number>();
  for (const c of copies) counts.set(c.copy.parentId!, (counts.get(c.copy.parentId!) ?? 0) + 1);
  for (const [parentId, n] of counts) await deps.repos.nodes.countIn(tx, parentId, n);
  await copyBatchAssociations(
    tx,
    ctx,
    rows.map((r) => r.id),
  );
  return next;
}

/**
 * The copy reads the tree a level at a time, each read seeing what was committed when it began.
 * Children in the trash mean that a folder copied already (the source, or one below it) was
 * trashed since it was read: the copy would have it and not what was in it, or copy nodes out of
 * the trash (still in it, invisible under the copy's target). The copy is refused instead: 404
 * when the source itself went, 409 when a folder below it did (a copy sent again copies the tree
 * without it).
 */
function assertNotTrashedMeanwhile(ctx: CopyContext, rows: readonly { archivedRootId: string | null }[]): void {
  const trashed = rows.find((r) => r.archivedRootId !== null)?.archivedRootId;
  if (!trashed) return;
  if (trashed === ctx.sourceRootId) throw nodeErrors.notFound(ctx.sourceRootId);
  throw conflict(`${trashed} was deleted while it was being copied: send the request again`);
}

/** Inserts a batch of copies with their versions and ACLs; returns the ids of the new ACLs. */
async function insertCopies(deps: CopyMoveDeps, tx: Tx, copies: RowCopy[]): Promise<string[]> {
  const { repos } = deps;
  await repos.nodes.insertRows(
    tx,
    copies.map((c) => c.copy),
  );
  await repos.versions.insertMany(
    tx,
    copies.flatMap((c) => (c.version ? [c.version] : [])),
  );
  const acls = copies.flatMap((c) => (c.acl ? [c.acl] : []));
  for (const acl of acls) await repos.acls.define(tx, acl.id, acl.parentAclId);
  return acls.map((a) => a.id);
}

/**
 * Moves a node into a folder (optionally renamed); never into its own subtree. Answers the node
 * as moved (read in the transaction: a trash or a move right after the commit does not change
 * the answer of a move that was made).
 */
async function moveInto(
  deps: CopyMoveDeps,
  principal: Principal,
  node: NodeRecord,
  target: NodeRecord,
  newName: string | undefined,
): Promise<NodeRecord> {
  checkTarget(target);
  if (Object.values(deps.systemNodes).includes(node.id)) throw nodeErrors.specialNode('moved');
  if (node.nodeType === SITE_TYPE) throw nodeErrors.siteNode('moved');
  await deps.access.require(principal, node, Access.DELETE);
  await deps.access.require(principal, target, Access.ADD_CHILDREN);
  assertMayModify(principal, node);
  const name = newName !== undefined ? assertValidName(newName, deps.namePolicy, target.id) : node.name;
  try {
    return await deps.db.transaction().execute((tx) => moveInTransaction(deps, tx, principal, node, target, name));
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.nameExistsInTarget(name);
    throw error;
  }
}

async function moveInTransaction(
  deps: CopyMoveDeps,
  tx: Tx,
  principal: Principal,
  node: NodeRecord,
  found: NodeRecord,
  name: string,
): Promise<NodeRecord> {
  const { repos } = deps;
  await lockNodeGraph(tx);
  // Top-down, as a trash or delete of either folder locks its tree: the folder the node leaves
  // (its child count changes) before the node; before the target too when the target lies below it.
  const from = node.parentId && node.parentId !== found.id ? node.parentId : undefined;
  const fromFirst = from !== undefined && (await repos.nodes.isInSubtree(tx, found.id, from));
  if (fromFirst) await repos.nodes.holdRow(tx, from);
  const target = await liveTarget(repos.nodes, tx, found.id);
  if (from !== undefined && !fromFirst) await repos.nodes.holdRow(tx, from);
  const current = await lockForChange(repos.nodes, tx, principal, node.id);
  // Moved meanwhile (between the caller's read and this transaction): its folder now, held late.
  if (current.parentId !== node.parentId && current.parentId && current.parentId !== target.id) {
    await repos.nodes.holdRow(tx, current.parentId);
  }
  // Below itself by its primary path, or through a secondary parent: either would make a cycle.
  if (
    (await repos.nodes.isInSubtree(tx, target.id, current.id)) ||
    (await repos.associations.isAncestorOrSelf(tx, current.id, target.id))
  ) {
    throw badRequest(`Cannot move ${current.id} into itself or one of its descendants`);
  }
  const clash = await repos.nodes.findChildByName(tx, target.id, name);
  if (clash && clash.id !== current.id) throw nodeErrors.nameExistsInTarget(name);
  const leaves = current.parentId !== target.id;
  if (leaves) await assertDepthAllows(deps.repos.nodes, tx, current, target, deps.maxFolderDepth);
  const acl = leaves ? deps.acls.aclAfterMove(current, target.aclId) : {};
  await repos.nodes.move(tx, current, target.id, name, Date.now(), principal.id, acl);
  if (leaves) {
    await deps.acls.moved(tx, { ...current, inherit: current.permissions.inherit }, target.aclId);
  }
  return deps.gate.load(current.id, tx);
}

export function createCopyMoveService(deps: CopyMoveDeps) {
  return {
    copy: (principal: Principal, nodeId: string, targetParentId: string, newName: string | undefined) =>
      copy(deps, principal, nodeId, targetParentId, newName),
    move: (principal: Principal, nodeId: string, targetParentId: string, newName: string | undefined) =>
      move(deps, principal, nodeId, targetParentId, newName),
  };
}

export type CopyMoveService = ReturnType<typeof createCopyMoveService>;
