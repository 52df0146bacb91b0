import type { ContentStore } from '../../../content-store/content-store.ts';
import { sql } from 'kysely';
import { isUniqueViolation, type Db, type DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import { badRequest, permissionDenied } from '../../../http/errors.ts';
import type { Principal } from '../../../http/principal.ts';
import { Access } from '../../permissions/access.ts';
import type { AclsService } from '../../permissions/acls.service.ts';
import type { ContentRepository } from '../core/content.repository.ts';
import { lockNodeGraph, type AssociationsRepository } from '../core/associations.repository.ts';
import type { NodeGate } from '../core/gate.service.ts';
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
};

/**
 * /deleted-nodes: the trashcan. A person sees the items they deleted, administrators everyone's;
 * another person's item is 403, an unknown one (or a node below an item) 404, as Alfresco.
 */
export function createTrashService(deps: TrashServiceDeps) {
  const { db, repos, gate } = deps;

  async function visibleItem(principal: Principal, id: string, tx: DbOrTx = db): Promise<TrashItemRow> {
    const row = await repos.nodes.trash.findItem(tx, id);
    if (!row) throw nodeErrors.notFound(id);
    if (!principal.isAdmin && row.archivedBy !== principal.id) throw trashErrors.notYours(id);
    return row;
  }

  async function present(rows: TrashItemRow[]): Promise<TrashItem[]> {
    const name = await repos.nodes.displayNames(
      db,
      rows.map((r) => r.archivedBy),
    );
    const items: TrashItem[] = [];
    for (const row of rows) {
      const node = await repos.nodes.findArchived(db, row.id);
      if (!node) continue; // purged between the two reads
      const from = row.archivedFrom ? await repos.nodes.findById(db, row.archivedFrom) : undefined;
      items.push({
        node,
        archivedAt: row.archivedAt,
        archivedBy: { id: row.archivedBy, displayName: name(row.archivedBy) },
        from,
      });
    }
    return items;
  }

  /** Locks a trash item's row until the transaction ends (PostgreSQL) and reads it again: a purge or restore meanwhile is seen. */
  async function lockItem(tx: DbOrTx, principal: Principal, id: string): Promise<TrashItemRow> {
    await lockRowOnPostgres(tx, id);
    return visibleItem(principal, id, tx);
  }

  /**
   * Deletes a trash item's subtree in one transaction if `stillThere` (run first, in it) says so;
   * content nothing else uses is released after the commit.
   */
  async function purgeItem(id: string, stillThere: (tx: DbOrTx) => Promise<boolean>): Promise<boolean> {
    const released = await db.transaction().execute(async (tx) => {
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

  async function checkDepth(tx: DbOrTx, node: NodeRecord, target: NodeRecord): Promise<void> {
    const limit = deps.maxFolderDepth;
    if (limit === undefined || !node.isFolder) return;
    const targetDepth = await repos.nodes.depth(tx, target.id, limit);
    const height = await repos.nodes.folderHeight(tx, node.id, Math.max(limit - targetDepth, 0));
    if (targetDepth + 1 + height > limit) throw nodeErrors.tooDeep(limit, targetDepth + 1 + height);
  }

  async function restoreTarget(principal: Principal, row: TrashItemRow, body: RestoreBody): Promise<NodeRecord> {
    if (body.targetParentId !== undefined) return gate.resolveFolder(principal, body.targetParentId);
    const original = row.archivedFrom ? await repos.nodes.findById(db, row.archivedFrom) : undefined;
    if (!original) throw trashErrors.originalParentGone(row.id);
    await gate.require(principal, original, Access.READ);
    return original;
  }

  return {
    /** GET /deleted-nodes: the caller's items (administrators: everyone's), newest first. */
    async list(principal: Principal, page: { skipCount: number; maxItems: number }) {
      const { items, totalItems } = await repos.nodes.trash.listItems(
        db,
        principal.isAdmin ? undefined : principal.id,
        page,
      );
      return { items: await present(items), totalItems };
    },

    /** GET /deleted-nodes/{id}. */
    async get(principal: Principal, id: string): Promise<TrashItem> {
      const [item] = await present([await visibleItem(principal, id)]);
      if (!item) throw nodeErrors.notFound(id);
      return item;
    },

    /** POST /deleted-nodes/{id}/restore: back where it was, or into targetParentId; answers the live node. */
    async restore(principal: Principal, id: string, body: RestoreBody = {}): Promise<NodeRecord> {
      if (body.targetParentId !== undefined && body.assocType === undefined) throw trashErrors.assocTypeRequired();
      if (body.targetParentId === undefined && body.assocType !== undefined) throw trashErrors.targetRequired();
      if (body.assocType !== undefined && body.assocType !== 'cm:contains')
        throw trashErrors.badAssocType(body.assocType);
      const row = await visibleItem(principal, id);
      const target = await restoreTarget(principal, row, body);
      await gate.require(principal, target, Access.ADD_CHILDREN);
      const node = (await repos.nodes.findArchived(db, id))!;
      try {
        await db.transaction().execute(async (tx) => {
          await lockNodeGraph(tx);
          await lockItem(tx, principal, id);
          // The folder as it is now: gone or trashed meanwhile is 404.
          const live = await repos.nodes.lockRow(tx, target.id);
          if (!live) throw body.targetParentId ? nodeErrors.notFound(target.id) : trashErrors.originalParentGone(id);
          // Through a secondary parent the folder may lie below the item: restoring would make a cycle.
          if (await repos.associations.isAncestorOrSelf(tx, node.id, live.id)) {
            throw badRequest(`Cannot restore ${node.id} into one of its own descendants`);
          }
          if (await repos.nodes.findChildByName(tx, live.id, node.name)) throw nodeErrors.nameExistsInTarget(node.name);
          await checkDepth(tx, node, live);
          await repos.nodes.trash.restore(tx, node, live.id);
          await deps.acls.moved(tx, { ...node, inherit: node.permissions.inherit }, live.aclId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nodeErrors.nameExistsInTarget(node.name);
        throw error;
      }
      return gate.load(id);
    },

    /** DELETE /deleted-nodes/{id}: the item and everything below it, for good; content released after the commit. */
    async purge(principal: Principal, id: string): Promise<void> {
      await visibleItem(principal, id);
      await purgeItem(id, (tx) => lockItem(tx, principal, id).then(() => true));
    },

    /**
     * The retention purge: items deleted more than `retentionDays` ago, oldest first, a batch per
     * transaction. On PostgreSQL one instance at a time (a transaction advisory lock taken without
     * waiting: the others skip the round); each item is locked and read again, so one purged or
     * restored meanwhile is skipped.
     */
    async purgeExpired(retentionDays: number, now = Date.now()): Promise<{ purged: number }> {
      if (retentionDays <= 0) return { purged: 0 };
      const cutoff = now - retentionDays * DAY_MS;
      let purged = 0;
      for (;;) {
        const batch = await db.transaction().execute(async (tx) => {
          if (!(await tryLockPurger(tx))) return undefined;
          return repos.nodes.trash.itemsOlderThan(tx, cutoff, PURGE_BATCH);
        });
        if (!batch) return { purged };
        for (const item of batch) {
          const still = (tx: DbOrTx) =>
            lockRowOnPostgres(tx, item.id).then(async () => {
              const row = await repos.nodes.trash.findItem(tx, item.id);
              return row !== undefined && row.archivedAt < cutoff;
            });
          if (await purgeItem(item.id, still)) purged += 1;
        }
        if (batch.length < PURGE_BATCH) return { purged };
      }
    },

    /** GET /deleted-nodes/{id}/content: a deleted file's node, for its bytes. */
    async file(principal: Principal, id: string): Promise<NodeRecord> {
      await visibleItem(principal, id);
      const node = await repos.nodes.findArchived(db, id);
      if (!node) throw nodeErrors.notFound(id);
      if (!node.isFile) throw nodeErrors.notAFile(id);
      return node;
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
