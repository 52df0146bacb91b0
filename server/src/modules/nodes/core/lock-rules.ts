import type { DbOrTx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { mayModify, type LockInfo } from './lock-state.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NodeRecord, NodesRepository, SubtreeRow } from './nodes.repository.ts';

/** 409 when the lock on the node does not let this user change it. */
export function assertMayModify(principal: Principal, node: Pick<NodeRecord, 'id' | 'lock'>): void {
  if (!mayModify(node.lock, principal.id, Date.now())) throw nodeErrors.locked(node.id);
}

/**
 * Locks the node's row in the writing transaction and checks the lock on the node as it is now
 * (404 when it is gone): the check and the writes that follow are one step, whatever commits
 * meanwhile on other connections or instances (issue 15, item 15). With `parentId`, the parent's
 * row is held first (key share: node-reads.repository.ts keyShareRow), for a write that may change
 * the node's row twice: a trash of the folder meanwhile then waits for it, or it for the trash.
 */
export async function lockForChange(
  nodes: Pick<NodesRepository, 'lockRow' | 'keyShareRow'>,
  tx: DbOrTx,
  principal: Principal,
  id: string,
  parentId?: string | null,
): Promise<NodeRecord> {
  if (parentId) await nodes.keyShareRow(tx, parentId);
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
    if (!mayModify(lock, principal.id, now)) throw nodeErrors.locked(row.id);
  }
}
