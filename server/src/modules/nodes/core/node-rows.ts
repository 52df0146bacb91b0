import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import type { NodesTable } from '../../../db/schema.ts';
import type { PermissionEntry } from '../../permissions/permissions.ts';
import type { DisplayNames } from './display-names.ts';
import type { NewNode, NodeRecord } from './nodes.repository.ts';

/** The rows of `nodes` as the repositories read them, and the records they become. */

export const nameKey = (name: string): string => name.toLowerCase();

export function selectNodes(db: DbOrTx) {
  return db
    .selectFrom('nodes')
    .leftJoin('nodes as parent', 'parent.id', 'nodes.parentId')
    .selectAll('nodes')
    .select([
      // A file without an ACL of its own uses its folder's.
      sql<string>`coalesce(${sql.ref('nodes.aclId')}, ${sql.ref('parent.aclId')})`.as('effectiveAclId'),
    ]);
}

export type Row = Selectable<NodesTable> & { effectiveAclId: string };

/** Display name by person id (people's names come from a cache, not a join: display-names.ts). */
export type Names = (id: string) => string;

export function toRecord(row: Row, name: Names): NodeRecord {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    nodeType: row.nodeType,
    isFolder: row.isFolder === 1,
    isFile: row.isFile === 1,
    systemKey: row.systemKey,
    contentId: row.contentId,
    mimeType: row.mimeType,
    encoding: row.encoding,
    sizeInBytes: row.sizeInBytes,
    aspects: JSON.parse(row.aspects) as string[],
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    createdAt: row.createdAt,
    createdBy: { id: row.createdBy, displayName: name(row.createdBy) },
    modifiedAt: row.modifiedAt,
    modifiedBy: { id: row.modifiedBy, displayName: name(row.modifiedBy) },
    lock:
      row.lockOwner === null
        ? null
        : {
            owner: row.lockOwner,
            ownerDisplayName: name(row.lockOwner),
            type: row.lockType === 'FULL' ? 'FULL' : 'ALLOW_OWNER_CHANGES',
            lifetime: row.lockLifetime === 'EPHEMERAL' ? 'EPHEMERAL' : 'PERSISTENT',
            expiresAt: row.lockExpiresAt,
          },
    permissions: {
      inherit: row.inheritPermissions === 1,
      local: JSON.parse(row.localPermissions) as PermissionEntry[],
    },
    ownerId: row.ownerId,
    ...(setsOwner(row) ? { ownerDisplayName: name(row.ownerId) } : {}),
    aclId: row.effectiveAclId,
  };
}

/** Whether the stored properties hold cm:owner (a text search: cheaper than parsing them twice). */
export const setsOwner = (row: Row) => row.properties.includes('"cm:owner"');

/** The people a row mentions: creator, modifier, lock owner, owner (when set apart from the creator). */
function peopleOf(rows: readonly Row[]): string[] {
  const ids: string[] = [];
  for (const r of rows) {
    ids.push(r.createdBy, r.modifiedBy);
    if (r.lockOwner) ids.push(r.lockOwner);
    if (setsOwner(r)) ids.push(r.ownerId);
  }
  return ids;
}

/**
 * Rows to records when the display names of everyone they mention are remembered (no database
 * read, nothing awaited: the hot path of a node read); undefined otherwise.
 */
export function recordsNow(names: DisplayNames, rows: readonly Row[]): NodeRecord[] | undefined {
  if (rows.length === 0) return [];
  const name = names.known(peopleOf(rows));
  return name && rows.map((r) => toRecord(r, name));
}

/** Rows to records, with the display names of the people they mention. */
export async function toRecords(names: DisplayNames, db: DbOrTx, rows: Row[]): Promise<NodeRecord[]> {
  const now = recordsNow(names, rows);
  if (now) return now;
  const name = await names.resolve(db, peopleOf(rows));
  return rows.map((r) => toRecord(r, name));
}

/** The columns `insert` writes for a new node (the others take their defaults). */
export function newNodeValues(node: NewNode) {
  return {
    id: node.id,
    parentId: node.parentId,
    name: node.name,
    nameKey: nameKey(node.name),
    nodeType: node.nodeType,
    isFolder: node.isFolder ? (1 as const) : (0 as const),
    isFile: node.isFile ? (1 as const) : (0 as const),
    systemKey: node.systemKey ?? null,
    contentId: node.contentId ?? null,
    mimeType: node.mimeType ?? null,
    encoding: node.encoding ?? null,
    sizeInBytes: node.sizeInBytes ?? null,
    aspects: JSON.stringify(node.aspects),
    properties: JSON.stringify(node.properties),
    createdAt: node.createdAt,
    createdBy: node.createdBy,
    modifiedAt: node.createdAt,
    modifiedBy: node.createdBy,
    ownerId: node.ownerId ?? node.createdBy,
  };
}

/** The row `insert` writes for a new node, with the columns' defaults (the record of a node just inserted). */
export function insertedRow(node: NewNode, effectiveAclId: string): Row {
  return {
    ...newNodeValues(node),
    childCount: 0,
    lockOwner: null,
    lockType: null,
    lockLifetime: null,
    lockExpiresAt: null,
    lockInstanceId: null,
    inheritPermissions: 1,
    localPermissions: '[]',
    historyBytes: 0,
    archivedRootId: null,
    archivedFrom: null,
    archivedAt: null,
    archivedBy: null,
    aclId: node.aclId ?? null,
    effectiveAclId: node.aclId ?? effectiveAclId,
  };
}
