import type { ColumnType, Generated } from 'kysely';

/** The event log of live updates (migration 0021, ADR 0022), as Kysely sees it. */

export type NodeEventType =
  | 'created'
  | 'updated'
  | 'moved'
  | 'locked'
  | 'unlocked'
  | 'permissions'
  | 'deleted'
  | 'restored'
  | 'purged'
  | 'version'
  | 'membership'
  | 'linked'
  | 'unlinked';

/** One change, written by triggers in the transaction of the change. */
export interface NodeEventsTable {
  /** Order of writing. */
  id: Generated<number>;
  /** Order of delivery; on PostgreSQL null until the row is numbered after its commit. */
  seq: ColumnType<number | null, never, number>;
  type: NodeEventType;
  nodeId: string | null;
  /** The folder the node is in (deleted, purged: was in; linked, unlinked: the secondary parent). */
  parentId: string | null;
  /** moved: the folder the node left. */
  previousParentId: string | null;
  /** membership: the group, and the person or group added or removed. */
  groupId: string | null;
  memberId: string | null;
  /** The node's effective ACL and owner when the event was written (who may read it once the node is gone). */
  aclId: string | null;
  ownerId: string | null;
  at: number;
}

/** One row: the last `seq` the prune removed. */
export interface NodeEventsHorizonTable {
  id: number;
  prunedThrough: number;
}
