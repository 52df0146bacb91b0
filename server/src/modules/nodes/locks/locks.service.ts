import type { components } from '../../../../../openapi/schema.gen.ts';
import type { Db, DbOrTx } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { badRequest, permissionDenied } from '../../../http/errors.ts';
import { lockErrors } from './locks.errors.ts';
import { nodeErrors } from '../core/nodes.errors.ts';
import type { NodeRecord, NodesRepository } from '../core/nodes.repository.ts';
import { isSpecialNode } from '../core/special-nodes.ts';
import type { NodeGate } from '../core/gate.service.ts';
import { isActive, mayLock, type LockInfo } from '../core/lock-state.ts';
import { Access } from '../../permissions/access.ts';
import type { AccessService } from '../../permissions/access.service.ts';

/** A lock request, as the contract has it (type and lifetime default when absent). */
export type LockRequest = Partial<components['schemas']['NodeBodyLock']>;

/** Alfresco keeps ephemeral locks at most two days. */
const MAX_EPHEMERAL_SECONDS = 172_800;

export interface LocksDeps {
  db: Db;
  nodes: NodesRepository;
  access: AccessService;
  gate: NodeGate;
  /** This server instance: an EPHEMERAL lock taken here ends with it (ADR 0005). */
  instanceId: string;
}

export function createLocksService(deps: LocksDeps) {
  const { db, nodes, access, gate, instanceId } = deps;
  return {
    /** Locks a file for the caller, or refreshes the caller's own lock. Special nodes: 403, before anything else. */
    async lock(principal: Principal, nodeId: string, request: LockRequest): Promise<NodeRecord> {
      const node = await gate.resolve(principal, nodeId);
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
      return db.transaction().execute(async (tx) => {
        // The row locked first: a change racing with this lock lands before it or sees it.
        const current = await nodes.lockRow(tx, node.id);
        if (!current) throw nodeErrors.notFound(node.id);
        if (!mayLock(current.lock, principal.id, now)) throw lockErrors.lockedByOther(node.id);
        await nodes.setLock(tx, node.id, lock, instanceId);
        // Read here: a delete right after the commit does not make a lock that was taken a 404.
        return gate.load(node.id, tx);
      });
    },

    /** Removes a lock: its owner may, and whoever has Unlock (Coordinator, the node's owner, administrators). */
    async unlock(principal: Principal, nodeId: string): Promise<NodeRecord> {
      const node = await gate.resolve(principal, nodeId);
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
      return db.transaction().execute(async (tx) => {
        const current = await nodes.lockRow(tx, node.id);
        if (!current) throw nodeErrors.notFound(node.id);
        await mayUnlock(current, tx);
        await nodes.setLock(tx, node.id, null);
        return gate.load(node.id, tx);
      });
    },
  };
}

export type LocksService = ReturnType<typeof createLocksService>;
