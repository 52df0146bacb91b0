import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/auth.ts';
import { ApiError, badRequest, permissionDenied } from '../../http/errors.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import type { NodeRecord, NodesRepository, SubtreeRow } from '../nodes/nodes.repository.ts';
import { isSpecialNode } from '../nodes/special-nodes.ts';
import { isActive, mayLock, mayModify, type LockInfo } from './lock-state.ts';
import { Access } from '../permissions/access.ts';
import type { AccessService } from '../permissions/access.service.ts';

export interface LockRequest {
  timeToExpire?: number;
  type?: LockInfo['type'];
  lifetime?: LockInfo['lifetime'];
}

/** Alfresco keeps ephemeral locks at most two days. */
const MAX_EPHEMERAL_SECONDS = 172_800;

export const lockErrors = {
  locked: (id: string) =>
    new ApiError(
      409,
      'framework.exception.ApiDefault',
      `Cannot perform operation since the node (id:${id}) is locked.`,
    ),
  notAFile: () => badRequest('Node of type cm:content or a subtype is expected'),
  lockedByOther: (id: string) =>
    new ApiError(
      422,
      'framework.exception.ApiDefault',
      `The node (id:${id}) could not be locked since it is already locked by another user.`,
    ),
  notLocked: (id: string) =>
    new ApiError(422, 'framework.exception.ApiDefault', `Can't unlock node ${id} because it isn't locked`),
};

/** 409 when the lock on the node does not let this user change it. */
export function assertMayModify(principal: Principal, node: Pick<NodeRecord, 'id' | 'lock'>): void {
  if (!mayModify(node.lock, principal.id, Date.now())) throw lockErrors.locked(node.id);
}

/**
 * Locks the node's row in the writing transaction and checks the lock on the node as it is now
 * (404 when it is gone): the check and the writes that follow are one step, whatever commits
 * meanwhile on other connections or instances (issue 15, item 15).
 */
export async function lockForChange(
  nodes: Pick<NodesRepository, 'lockRow'>,
  tx: DbOrTx,
  principal: Principal,
  id: string,
): Promise<NodeRecord> {
  const current = await nodes.lockRow(tx, id);
  if (!current) throw nodeErrors.notFound(id);
  assertMayModify(principal, current);
  return current;
}

/** 409 when any node of a subtree (a folder being deleted) is locked against this user. */
export function assertSubtreeMayModify(principal: Principal, rows: SubtreeRow[]): void {
  const now = Date.now();
  for (const row of rows) {
    if (row.lockOwner === null) continue;
    const lock: LockInfo = {
      owner: row.lockOwner,
      type: row.lockType === 'FULL' ? 'FULL' : 'ALLOW_OWNER_CHANGES',
      lifetime: 'PERSISTENT',
      expiresAt: row.lockExpiresAt,
    };
    if (!mayModify(lock, principal.id, now)) throw lockErrors.locked(row.id);
  }
}

export function createLocksService(deps: { db: Db; nodes: NodesRepository; access: AccessService }) {
  const { db, nodes, access } = deps;
  return {
    /** Locks a file for the caller, or refreshes the caller's own lock. Special nodes: 403, before anything else. */
    async lock(principal: Principal, node: NodeRecord, request: LockRequest): Promise<void> {
      if (isSpecialNode(node)) throw nodeErrors.specialNodeNotLockable(node.id);
      if (!node.isFile) throw lockErrors.notAFile();
      await access.require(principal, node, Access.WRITE);
      const lifetime = request.lifetime ?? 'PERSISTENT';
      const seconds = request.timeToExpire ?? 0;
      if (lifetime === 'EPHEMERAL' && seconds > MAX_EPHEMERAL_SECONDS) {
        throw badRequest(`timeToExpire of an EPHEMERAL lock is at most ${MAX_EPHEMERAL_SECONDS} seconds`);
      }
      const now = Date.now();
      if (!mayLock(node.lock, principal.id, now)) throw lockErrors.lockedByOther(node.id);
      const lock: LockInfo = {
        owner: principal.id,
        type: request.type ?? 'ALLOW_OWNER_CHANGES',
        lifetime,
        expiresAt: seconds > 0 ? now + seconds * 1000 : null,
      };
      // A lock is not a modification of the node: modifiedAt stays.
      await db.transaction().execute(async (tx) => {
        // The row locked first: a change racing with this lock lands before it or sees it.
        const current = await nodes.lockRow(tx, node.id);
        if (!current) throw nodeErrors.notFound(node.id);
        if (!mayLock(current.lock, principal.id, now)) throw lockErrors.lockedByOther(node.id);
        await nodes.setLock(tx, node.id, lock);
      });
    },

    /** Removes a lock: its owner may, and whoever has Unlock (Coordinator, the node's owner, administrators). */
    async unlock(principal: Principal, node: NodeRecord): Promise<void> {
      const mayUnlock = async (current: NodeRecord, via?: DbOrTx) => {
        if (!current.lock) throw lockErrors.notLocked(node.id);
        if (
          isActive(current.lock, Date.now()) &&
          current.lock.owner !== principal.id &&
          !(await access.has(principal, current, Access.UNLOCK, via))
        ) {
          throw permissionDenied(`Only the lock owner or someone with Unlock permission can unlock ${node.id}`);
        }
      };
      await mayUnlock(node);
      // Checked again on the row locked: the lock removed is the one checked.
      await db.transaction().execute(async (tx) => {
        const current = await nodes.lockRow(tx, node.id);
        if (!current) throw nodeErrors.notFound(node.id);
        await mayUnlock(current, tx);
        await nodes.setLock(tx, node.id, null);
      });
    },
  };
}

export type LocksService = ReturnType<typeof createLocksService>;
