import type { DbOrTx } from '../../../db/database.ts';
import type { NodePermissions } from '../../permissions/permissions.ts';
import { listChildren } from './children.repository.ts';
import { createDisplayNames, type DisplayNames } from './display-names.ts';
import type { LockInfo } from './lock-state.ts';
import { createNodeReads, existing, takenNames } from './node-reads.repository.ts';
import { nodeWrites } from './node-writes.repository.ts';
import { trashQueries } from './trash.repository.ts';
import { treeQueries } from './tree.repository.ts';

export interface UserRef {
  id: string;
  displayName: string;
}

export interface NodeRecord {
  id: string;
  parentId: string | null;
  name: string;
  nodeType: string;
  isFolder: boolean;
  isFile: boolean;
  systemKey: string | null;
  contentId: string | null;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  createdBy: UserRef;
  modifiedAt: number;
  modifiedBy: UserRef;
  /** The lock, expired or not (an expired lock keeps its properties until unlock or relock). */
  lock: (LockInfo & { ownerDisplayName: string }) | null;
  permissions: NodePermissions;
  /** cm:owner when set, else the creator: owners have full control. */
  ownerId: string;
  /** The owner's display name, when the properties set cm:owner (shown as `{id, displayName}`). */
  ownerDisplayName?: string;
  /** The node whose ACL applies (this one or the nearest ancestor that defines one). */
  aclId: string;
}

/** A new row: names, flags and JSON columns are derived here. */
export interface NewNode {
  id: string;
  parentId: string | null;
  name: string;
  nodeType: string;
  isFolder: boolean;
  isFile: boolean;
  systemKey?: string | null;
  contentId?: string | null;
  mimeType?: string | null;
  encoding?: string | null;
  sizeInBytes?: number | null;
  aspects: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  createdBy: string;
  /** Defaults to createdBy. */
  ownerId?: string;
  /** Defaults to the parent's ACL (a root uses its own id); a node that defines one is set up by the ACL service. */
  aclId?: string;
}

export interface NodePatch {
  name?: string;
  ownerId?: string;
  permissions?: NodePermissions;
  /** The ACL the row ends with, written with the change that sets it (acls.service.ts). */
  aclId?: string | null;
  nodeType?: string;
  aspects?: string[];
  properties?: Record<string, unknown>;
  contentId?: string | null;
  mimeType?: string | null;
  encoding?: string | null;
  sizeInBytes?: number | null;
  modifiedAt: number;
  modifiedBy: string;
}

/** A node above another, for `path` (with what access checks need). */
export interface Ancestor {
  id: string;
  name: string;
  nodeType: string;
  aspects: string[];
  ownerId: string;
  aclId: string;
}

export interface SubtreeRow {
  id: string;
  parentId: string | null;
  contentId: string | null;
  systemKey: string | null;
  lockOwner: string | null;
  lockType: string | null;
  lockExpiresAt: number | null;
  /** The trash item the node is in (null: live). */
  archivedRootId: string | null;
  /** Levels below the subtree's root (0 for the root). */
  depth: number;
}

/**
 * The node rows, one repository assembled from its parts: reads (node-reads), listings
 * (children), walks of the tree (tree) and writes (node-writes). Every method takes the
 * connection or transaction it runs on first.
 */
export function createNodesRepository(names: DisplayNames = createDisplayNames()) {
  const { records, ...reads } = createNodeReads(names);
  return {
    ...reads,
    takenNames,
    existing,
    listChildren: (...args: DropFirst<Parameters<typeof listChildren>>) => listChildren(records, ...args),
    ...treeQueries,
    ...nodeWrites,
    trash: trashQueries,
    /** People's display names (the trash's archivedByUser). */
    displayNames: (db: DbOrTx, ids: Iterable<string>) => names.resolve(db, ids),
  };
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type NodesRepository = ReturnType<typeof createNodesRepository>;
