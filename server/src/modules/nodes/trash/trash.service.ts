import type { ContentStore } from '../../../content-store/content-store.ts';
import { sql } from 'kysely';
import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../../db/database.ts';
import { lockNodeGraph, onPostgres } from '../../../db/row-locks.ts';
import { ApiError, badRequest, permissionDenied } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { AclsService } from '../../permissions/acls.service.ts';
import { openContent } from '../core/content-objects.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import type { AssociationsRepository } from '../core/associations.repository.ts';
import type { NodeGate } from '../core/gate.service.ts';
import { assertDepthAllows } from '../core/folder-depth.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord, NodesRepository, UserRef } from '../core/nodes.repository.ts';
import { releaseContent } from '../core/subtree-delete.ts';
import type { TrashItemRow } from '../core/trash.repository.ts';
import type { VersionsRepository } from '../core/versions.repository.ts';

export interface TrashServiceDeps {
  db: Db;
  contentStore: ContentStore;
  gate: NodeGate;
  acls: AclsService;
  repos: {
    nodes: NodesRepository;
    versions: VersionsRepository;
    content: ContentRepository;
    associations: AssociationsRepository;
  };
  /** MAX_FOLDER_DEPTH: a restore may not put a folder deeper below Company Home (422). */
  maxFolderDepth?: number | undefined;
}

/** A trash item as the API shows it: the node, when and by whom, and the live folder it came from. */
export interface TrashItem {
  node: NodeRecord;
  archivedAt: number;
  archivedBy: UserRef;
  /** The folder it was deleted from, when that folder is live (absent: gone or in the trash itself). */
  from: NodeRecord | undefined;
}

export interface RestoreBody {
  targetParentId?: string | undefined;
  assocType?: string | undefined;
}

const DAY_MS = 24 * 60 * 60_000;
/** Trash items purged per transaction by the retention purge. */
const PURGE_BATCH = 20;

async function lockRowOnPostgres(tx: DbOrTx, id: string): Promise<void> {
  if (onPostgres(tx)) await tx.selectFrom('nodes').select('id').where('id', '=', id).forUpdate().execute();
}

/** PostgreSQL: one retention purge at a time across instances (the lock ends with the transaction). */
async function tryLockPurger(tx: DbOrTx): Promise<boolean> {
  if (!onPostgres(tx)) return true;
  const result = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(7261003) as locked`.execute(tx);
  return result.rows[0]?.locked === true;
}

const trashErrors = {
  notYours: (id: string) => permissionDenied(`Current user does not have permission to see the deleted node ${id}`),
  originalParentGone: (id: string) =>
    nodeErrors.notFound(`The folder ${id} was deleted from is gone: give a targetParentId`),
  assocTypeRequired: () => badRequest('assocType is required with targetParentId (cm:contains)'),
  targetRequired: () => badRequest('targetParentId is required with assocType'),
  badAssocType: (type: string) => badRequest(`Invalid assocType: ${type} (expected cm:contains)`),
  renditionNotCreated: (id: string) =>
    new ApiError(
      404,
      'framework.exception.EntityNotFound',
      `The rendition ${id} was not created (no converter is installed)`,
    ),
};

/** The trash item if the caller may see it: 404 unknown (or below an item), 403 another person's. */
async function visibleItem(deps: TrashServiceDeps, principal: Principal, id: string, tx: DbOrTx = deps.db) {
  const row = await deps.repos.nodes.trash.findItem(tx, id);
  if (!row) throw nodeErrors.notFound(id);
  if (!principal.isAdmin && row.archivedBy !== principal.id) throw trashErrors.notYours(id);
  return row;
}

/** Locks a trash item's row until the transaction ends (PostgreSQL) and reads it again: a purge or restore meanwhile is seen. */
async function lockItem(deps: TrashServiceDeps, tx: DbOrTx, principal: Principal, id: string): Promise<TrashItemRow> {
  await lockRowOnPostgres(tx, id);
  return visibleItem(deps, principal, id, tx);
}

/** Items with their nodes, who deleted them (display names) and the live folders they came from. */
async function present(deps: TrashServiceDeps, rows: TrashItemRow[]): Promise<TrashItem[]> {
  const { db, repos } = deps;
  const name = await repos.nodes.displayNames(
    db,
    rows.map((r) => r.archivedBy),
  );
  const items: TrashItem[] = [];
  for (const row of rows) {
    const node = await repos.nodes.findArchived(db, row.id);
    if (!node) continue; // purged between the two reads
    const from = row.archivedFrom ? await repos.nodes.findById(db, row.archivedFrom) : undefined;
    const archivedBy = { id: row.archivedBy, displayName: name(row.archivedBy) };
    items.push({ node, archivedAt: row.archivedAt, archivedBy, from });
  }
  return items;
}

/**
 * Deletes a trash item's subtree in one transaction if `stillThere` (run first, in it) says so;
 * content nothing else uses is released after the commit.
 */
async function purgeItem(
  deps: TrashServiceDeps,
  id: string,
  stillThere: (tx: DbOrTx) => Promise<boolean>,
): Promise<boolean> {
  const { repos } = deps;
  const released = await deps.db.transaction().execute(async (tx) => {
    if (!(await stillThere(tx))) return undefined;
    const subtree = await repos.nodes.subtree(tx, id);
    const versionContent = await repos.versions.contentIdsOf(
      tx,
      subtree.map((n) => n.id),
    );
    // Its parent is the archive root, whose child count is not kept (trash.repository.ts).
    await repos.nodes.deleteSubtree(tx, { id, parentId: null }, subtree);
    const contentIds = subtree.flatMap((n) => (n.contentId ? [n.contentId] : []));
    return repos.content.deleteUnreferenced(tx, [...contentIds, ...versionContent]);
  });
  if (released === undefined) return false;
  await releaseContent(deps.contentStore, released);
  return true;
}

/**
 * The retention purge: items deleted more than `retentionDays` ago, oldest first, a batch per
 * transaction. On PostgreSQL one instance at a time (a transaction advisory lock taken without
 * waiting: the others skip the round); each item is locked and read again, so one purged or
 * restored meanwhile is skipped.
 */
async function purgeExpired(deps: TrashServiceDeps, retentionDays: number, now: number): Promise<{ purged: number }> {
  if (retentionDays <= 0) return { purged: 0 };
  const { repos } = deps;
  const cutoff = now - retentionDays * DAY_MS;
  const stillExpired = (id: string) => async (tx: DbOrTx) => {
    await lockRowOnPostgres(tx, id);
    const row = await repos.nodes.trash.findItem(tx, id);
    return row !== undefined && row.archivedAt < cutoff;
  };
  let purged = 0;
  for (;;) {
    const batch = await deps.db.transaction().execute(async (tx) => {
      if (!(await tryLockPurger(tx))) return undefined;
      return repos.nodes.trash.itemsOlderThan(tx, cutoff, PURGE_BATCH);
    });
    if (!batch) return { purged };
    for (const item of batch) if (await purgeItem(deps, item.id, stillExpired(item.id))) purged += 1;
    if (batch.length < PURGE_BATCH) return { purged };
  }
}

/** How long one "empty the trash" request purges before it answers (the client asks again). */
const EMPTY_BUDGET_MS = 5_000;

/**
 * Empties the trash (administrators only: everyone's items), oldest first, a batch per
 * transaction, for at most `budgetMs`; says how many were purged and how many are left. Items
 * deleted after the request began are left for the next one.
 */
async function emptyTrash(deps: TrashServiceDeps, principal: Principal, budgetMs = EMPTY_BUDGET_MS) {
  if (!principal.isAdmin) throw permissionDenied('Only administrators empty the trash');
  const { repos } = deps;
  const started = Date.now();
  const stillThere = (id: string) => async (tx: DbOrTx) => {
    await lockRowOnPostgres(tx, id);
    return (await repos.nodes.trash.findItem(tx, id)) !== undefined;
  };
  let purged = 0;
  while (Date.now() - started < budgetMs) {
    const batch = await repos.nodes.trash.itemsOlderThan(deps.db, started + 1, PURGE_BATCH);
    for (const item of batch) if (await purgeItem(deps, item.id, stillThere(item.id))) purged += 1;
    if (batch.length < PURGE_BATCH) break;
  }
  const left = await repos.nodes.trash.listItems(deps.db, undefined, { skipCount: 0, maxItems: 1 });
  return { purged, remaining: left.totalItems };
}

/** 400 for a restore body Alfresco refuses: targetParentId and assocType (cm:contains) go together. */
function checkRestoreBody(body: RestoreBody): void {
  if (body.targetParentId !== undefined && body.assocType === undefined) throw trashErrors.assocTypeRequired();
  if (body.targetParentId === undefined && body.assocType !== undefined) throw trashErrors.targetRequired();
  if (body.assocType !== undefined && body.assocType !== 'cm:contains') throw trashErrors.badAssocType(body.assocType);
}

/** Where a restore goes: targetParentId, else the folder it was deleted from (404 when gone). */
async function restoreTarget(deps: TrashServiceDeps, principal: Principal, row: TrashItemRow, body: RestoreBody) {
  if (body.targetParentId !== undefined) return deps.gate.resolveFolder(principal, body.targetParentId);
  const original = row.archivedFrom ? await deps.repos.nodes.findById(deps.db, row.archivedFrom) : undefined;
  if (!original) throw trashErrors.originalParentGone(row.id);
  await deps.gate.require(principal, original, Access.READ);
  return original;
}

/**
 * The restore's writes, after its checks, in one transaction: the folder as it is now decides.
 * Answers the live node as restored (read here: a delete right after the commit does not make a
 * restore that was made a 404).
 */
async function moveBack(deps: TrashServiceDeps, tx: Tx, principal: Principal, found: NodeRecord, target: NodeRecord) {
  const { repos } = deps;
  await lockNodeGraph(tx);
  await lockItem(deps, tx, principal, found.id);
  // The item as it is now (its ACL changes in the trash when a group its entries name is deleted).
  const node = await repos.nodes.findArchived(tx, found.id);
  if (!node) throw nodeErrors.notFound(found.id);
  const live = await repos.nodes.lockRow(tx, target.id);
  if (!live) throw nodeErrors.notFound(target.id);
  // Through a secondary parent the folder may lie below the item: restoring would make a cycle.
  if (await repos.associations.isAncestorOrSelf(tx, node.id, live.id)) {
    throw badRequest(`Cannot restore ${node.id} into one of its own descendants`);
  }
  if (await repos.nodes.findChildByName(tx, live.id, node.name)) throw nodeErrors.nameExistsInTarget(node.name);
  await assertDepthAllows(repos.nodes, tx, node, live, deps.maxFolderDepth);
  await repos.nodes.trash.restore(tx, node, live.id, deps.acls.aclAfterMove(node, live.aclId));
  await deps.acls.moved(tx, { ...node, inherit: node.permissions.inherit }, live.aclId);
  return deps.gate.load(node.id, tx);
}

/** POST /deleted-nodes/{id}/restore: back where it was, or into targetParentId; answers the live node. */
async function restore(deps: TrashServiceDeps, principal: Principal, id: string, body: RestoreBody) {
  checkRestoreBody(body);
  const row = await visibleItem(deps, principal, id);
  const target = await restoreTarget(deps, principal, row, body);
  await deps.gate.require(principal, target, Access.ADD_CHILDREN);
  const node = await deps.repos.nodes.findArchived(deps.db, id);
  if (!node) throw nodeErrors.notFound(id);
  try {
    return await deps.db.transaction().execute((tx) => moveBack(deps, tx, principal, node, target));
  } catch (error) {
    if (isUniqueViolation(error)) throw nodeErrors.nameExistsInTarget(node.name);
    throw error;
  }
}

/** A deleted file's node, for its bytes (GET /deleted-nodes/{id}/content). */
async function deletedFile(deps: TrashServiceDeps, principal: Principal, id: string): Promise<NodeRecord> {
  await visibleItem(deps, principal, id);
  const node = await deps.repos.nodes.findArchived(deps.db, id);
  if (!node) throw nodeErrors.notFound(id);
  if (!node.isFile) throw nodeErrors.notAFile(id);
  return node;
}

/**
 * /deleted-nodes: the trashcan. A person sees the items they deleted, administrators everyone's;
 * another person's item is 403, an unknown one (or a node below an item) 404, as Alfresco.
 */
export function createTrashService(deps: TrashServiceDeps) {
  return {
    /** GET /deleted-nodes: the caller's items (administrators: everyone's), newest first. */
    async list(principal: Principal, page: { skipCount: number; maxItems: number }) {
      const by = principal.isAdmin ? undefined : principal.id;
      const { items, totalItems } = await deps.repos.nodes.trash.listItems(deps.db, by, page);
      return { items: await present(deps, items), totalItems };
    },

    /** GET /deleted-nodes/{id}. */
    async get(principal: Principal, id: string): Promise<TrashItem> {
      const [item] = await present(deps, [await visibleItem(deps, principal, id)]);
      if (!item) throw nodeErrors.notFound(id);
      return item;
    },

    restore: (principal: Principal, id: string, body: RestoreBody = {}) => restore(deps, principal, id, body),

    /** DELETE /deleted-nodes/{id}: the item and everything below it, for good; content released after the commit. */
    async purge(principal: Principal, id: string): Promise<void> {
      await visibleItem(deps, principal, id);
      await purgeItem(deps, id, (tx) => lockItem(deps, tx, principal, id).then(() => true));
    },

    purgeExpired: (retentionDays: number, now = Date.now()) => purgeExpired(deps, retentionDays, now),
    empty: (principal: Principal, budgetMs?: number) => emptyTrash(deps, principal, budgetMs),
    file: (principal: Principal, id: string) => deletedFile(deps, principal, id),
    renditionNotCreated: trashErrors.renditionNotCreated,
    open: (contentId: string | null, range?: { start: number; end: number }) => openContent(deps, contentId, range),
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
