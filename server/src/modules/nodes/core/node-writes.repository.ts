import { PostgresAdapter, sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import { type Params, reusableWrite } from '../../../db/reusable-query.ts';
import type { NodesTable, VersionsTable } from '../../../db/schema.ts';
import type { LockInfo } from './lock-state.ts';
import { nameKey, newNodeValues } from './node-rows.ts';
import { nodeErrors } from './nodes.errors.ts';
import type { NewNode, NodePatch, NodeRecord, SubtreeRow } from './nodes.repository.ts';
import { insertVersionRow, VERSION_COLUMNS, versionRow, type NewVersion } from './versions.repository.ts';

/** Inserts, moves, updates and deletes of node rows; every one keeps the parents' child_count right. */

/** Ids deleted per statement when a subtree is deleted bottom-up. */
const DELETE_BATCH = 500;

const deleteOneNode = reusableWrite((db, p: Params<{ id: string }>) => db.deleteFrom('nodes').where('id', '=', p.id));

const addToChildCount = reusableWrite((db, p: Params<{ delta: number; parentId: string }>) =>
  db
    .updateTable('nodes')
    .set((eb) => ({ childCount: eb('childCount', '+', p.delta) }))
    .where('id', '=', p.parentId),
);

/** As addToChildCount, for a folder that is not in the trash (a create's). */
const addToLiveChildCount = reusableWrite((db, p: Params<{ delta: number; parentId: string }>) =>
  db
    .updateTable('nodes')
    .set((eb) => ({ childCount: eb('childCount', '+', p.delta) }))
    .where('id', '=', p.parentId)
    .where('archivedRootId', 'is', null),
);

async function adjustChildCount(db: DbOrTx, parentId: string, delta: number): Promise<void> {
  await addToChildCount(db, { delta, parentId });
}

/** The columns of a new node row, in the order of insertNodeRow's SQL. */
const NEW_NODE_COLUMNS = [
  'id',
  'parentId',
  'name',
  'nameKey',
  'nodeType',
  'isFolder',
  'isFile',
  'systemKey',
  'contentId',
  'mimeType',
  'encoding',
  'sizeInBytes',
  'aspects',
  'properties',
  'createdAt',
  'createdBy',
  'modifiedAt',
  'modifiedBy',
  'ownerId',
] as const;

/**
 * A new node row: the values of NEW_NODE_COLUMNS, the ACL it stores (or null), and the folder
 * whose ACL it takes instead (or null).
 */
type NewNodeRow = Pick<NodesTable, (typeof NEW_NODE_COLUMNS)[number]> & { aclId: string | null; aclOf: string | null };

const insertNodeRow = reusableWrite((db, p: Params<NewNodeRow>) => {
  const columns = Object.fromEntries(NEW_NODE_COLUMNS.map((column) => [column, p[column]]));
  const aclId = sql<string>`coalesce(${p.aclId}, (select acl_id from nodes where id = ${p.aclOf}))`;
  return db.insertInto('nodes').values({ ...columns, aclId } as never);
});

/** Connections' shards of a folder's count of created children (PostgreSQL, migration 0026). */
const CHILD_COUNT_SHARDS = 16;

/** A version row's values as parameters of a statement that also writes a node: `vNodeId`, `vLabel`, … */
type VersionParams = { [K in (typeof VERSION_COLUMNS)[number] as `v${Capitalize<K>}`]: VersionsTable[K] };
const versionParam = (column: string) => `v${column.charAt(0).toUpperCase()}${column.slice(1)}`;

/**
 * PostgreSQL, a node in a folder (and its first version, with `versioned`) in one statement. The
 * statement itself holds the folder's row in share mode and counts the node in this connection's
 * shard of the folder's count (no row when the folder is gone or in the trash: `insert` then
 * refuses the node and its transaction is rolled back). Creates in one folder do not wait for
 * each other; a change of the folder's own row (trash, move, delete, permissions) waits for them,
 * and they for it. The inserts are its common table expressions: they run once the count has,
 * their triggers and foreign-key checks when the statement ends. One round trip where there were
 * three: a create's statements are most of its cost on PostgreSQL.
 */
function countedInsert(versioned: boolean) {
  return reusableWrite((db, p: Params<NewNodeRow & VersionParams & { delta: number }>) => {
    const columns = Object.fromEntries(NEW_NODE_COLUMNS.map((column) => [column, p[column]]));
    // The inherited ACL as the folder's row is once held: the statement's snapshot is older when
    // the create waited for a change of the folder (its permissions) to commit.
    const aclId = sql<string>`coalesce(${p.aclId}, (select acl_id from folder where id = ${p.aclOf}))`;
    const version = Object.fromEntries(
      VERSION_COLUMNS.map((column) => [column, p[versionParam(column) as keyof VersionParams]]),
    );
    const withFolder = db.with('folder', (w) =>
      w
        .selectFrom('nodes')
        .select(['id', 'aclId'])
        .where('id', '=', p.parentId)
        .where('archivedRootId', 'is', null)
        .forShare(),
    );
    const withNode = withFolder.with('node', (w) => w.insertInto('nodes').values({ ...columns, aclId } as never));
    // (The version's table expression adds nothing the rest reads: typed as the node's alone.)
    const withVersion = versioned
      ? (withNode.with('version', (w) =>
          w.insertInto('versions').values(version as never),
        ) as unknown as typeof withNode)
      : withNode;
    return withVersion
      .insertInto('childCountShards')
      .columns(['parentId', 'shard', 'n'])
      .expression((eb) =>
        eb
          .selectFrom('folder')
          .select([
            'id',
            sql<number>`pg_backend_pid() % ${sql.lit(CHILD_COUNT_SHARDS)}`.as('shard'),
            sql<number>`cast(${p.delta} as bigint)`.as('n'),
          ]),
      )
      .onConflict((c) => c.columns(['parentId', 'shard']).doUpdateSet({ n: sql`child_count_shards.n + excluded.n` }));
  });
}
const insertCounted = countedInsert(false);
const insertCountedVersioned = countedInsert(true);

/**
 * Inserts a node, with its first version when given, and counts it in its parent's count (same
 * transaction as the caller's). The count comes first: it locks the parent's row (PostgreSQL: in
 * share mode, see countedInsert) before the insert's foreign key check does, as a delete of the
 * parent locks it before its children (one order, no deadlock). SQLite's one writer adds to
 * `child_count` itself.
 */
export async function insert(db: DbOrTx, node: NewNode, firstVersion?: NewVersion): Promise<void> {
  // A folder stores the ACL it inherits; a file inherits its folder's without storing it.
  const inheritsFrom = node.aclId === undefined && node.parentId && node.isFolder ? node.parentId : null;
  const row: NewNodeRow = {
    ...newNodeValues(node),
    aclId: node.aclId ?? (node.parentId ? null : node.id),
    aclOf: inheritsFrom,
  };
  const version = firstVersion && versionRow(firstVersion);
  if (node.parentId && onPostgres(db)) {
    const values = { ...row, delta: 1 };
    // A folder deleted for good meanwhile fails the node's foreign key (answered 404, as every
    // reference to a node gone is: http/error-handler.ts).
    const counted = version
      ? await insertCountedVersioned(db, { ...values, ...versionParams(version) })
      : await insertCounted(db, values as never);
    // The folder went into the trash since the caller found it, or while this waited for its row:
    // nothing was counted, and the caller's transaction is rolled back with the node.
    if (!counted.numAffectedRows) throw nodeErrors.notFound(node.parentId);
    return;
  }
  if (node.parentId) {
    const counted = await addToLiveChildCount(db, { delta: 1, parentId: node.parentId });
    // The folder went into the trash (or away) since the caller found it: the foreign key alone
    // would let the node in, alive under a trashed folder.
    if (!counted.numAffectedRows) throw nodeErrors.notFound(node.parentId);
  }
  await insertNodeRow(db, row);
  if (version) await insertVersionRow(db, version);
}

function versionParams(version: VersionsTable): VersionParams {
  return Object.fromEntries(
    VERSION_COLUMNS.map((column) => [versionParam(column), version[column]]),
  ) as unknown as VersionParams;
}

/** The raw rows of the children of these folders (for copying a tree level by level). */
export async function childRows(db: DbOrTx, parentIds: readonly string[]): Promise<Selectable<NodesTable>[]> {
  if (parentIds.length === 0) return [];
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('parentId', 'in', [...parentIds])
    .execute();
}

/**
 * Inserts copied rows as they are, in batches. The caller counts them in their parents
 * (child_count).
 */
export async function insertRows(db: DbOrTx, rows: Selectable<NodesTable>[]): Promise<void> {
  // SQLite allows 32,766 bound values per statement; 24 columns a row.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('nodes')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Moves a node under another parent (optionally renamed), keeping both child counts right. */
export async function move(
  db: DbOrTx,
  node: NodeRecord,
  newParentId: string,
  newName: string,
  now: number,
  by: string,
  /** The ACL the node ends with there (acls.service.ts `aclAfterMove`): its moved event records it. */
  acl: { aclId?: string | null } = {},
): Promise<void> {
  await db
    .updateTable('nodes')
    .set({ parentId: newParentId, name: newName, nameKey: nameKey(newName), modifiedAt: now, modifiedBy: by, ...acl })
    .where('id', '=', node.id)
    .execute();
  if (node.parentId !== newParentId) {
    if (node.parentId) await adjustChildCount(db, node.parentId, -1);
    await adjustChildCount(db, newParentId, 1);
  }
}

export async function countIn(db: DbOrTx, parentId: string, delta: number): Promise<void> {
  await adjustChildCount(db, parentId, delta);
}

export async function update(db: DbOrTx, id: string, patch: NodePatch): Promise<void> {
  const { name, aspects, properties, permissions, ...rest } = patch;
  await db
    .updateTable('nodes')
    .set({
      ...rest,
      ...(permissions !== undefined
        ? { inheritPermissions: permissions.inherit ? 1 : 0, localPermissions: JSON.stringify(permissions.local) }
        : {}),
      ...(name !== undefined ? { name, nameKey: nameKey(name) } : {}),
      ...(aspects !== undefined ? { aspects: JSON.stringify(aspects) } : {}),
      ...(properties !== undefined ? { properties: JSON.stringify(properties) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Sets or removes a node's lock; an EPHEMERAL one belongs to the server instance `instanceId`. */
export async function setLock(
  db: DbOrTx,
  id: string,
  lock: LockInfo | null,
  instanceId: string | null = null,
): Promise<void> {
  await db
    .updateTable('nodes')
    .set({
      lockOwner: lock?.owner ?? null,
      lockType: lock?.type ?? null,
      lockLifetime: lock?.lifetime ?? null,
      lockExpiresAt: lock?.expiresAt ?? null,
      lockInstanceId: lock?.lifetime === 'EPHEMERAL' ? instanceId : null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Which EPHEMERAL locks to end: those of one instance (it stops), those of no running instance
 * (their instance's lease ran out, or they name none), or all of them (SQLite's one process starts).
 */
export type EphemeralLocksOf = { instanceId: string } | 'orphaned' | 'all';

/** Ephemeral locks live only as long as the instance they were taken through (ADR 0005). */
export async function clearEphemeralLocks(db: DbOrTx, of: EphemeralLocksOf): Promise<number> {
  const result = await db
    .updateTable('nodes')
    .set({ lockOwner: null, lockType: null, lockLifetime: null, lockExpiresAt: null, lockInstanceId: null })
    .where('lockLifetime', '=', 'EPHEMERAL')
    .$if(typeof of === 'object', (q) => q.where('lockInstanceId', '=', (of as { instanceId: string }).instanceId))
    .$if(of === 'orphaned', (q) =>
      q.where((eb) =>
        eb.or([
          eb('lockInstanceId', 'is', null),
          eb('lockInstanceId', 'not in', eb.selectFrom('serverInstances').select('id')),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the node; its descendants go with it (ON DELETE CASCADE: for a leaf or a shallow tree). */
export async function deleteNode(db: DbOrTx, id: string, parentId: string | null): Promise<void> {
  await db.deleteFrom('nodes').where('id', '=', id).execute();
  if (parentId) await adjustChildCount(db, parentId, -1);
}

/**
 * Deletes a subtree (its rows as `subtree` read them) bottom-up, the deepest level first, so
 * that no delete finds children to cascade to. Left to ON DELETE CASCADE, each level of a chain
 * is a nested trigger program on SQLite: 1,000 levels is its limit ("too many levels of trigger
 * recursion"), and the time grows with the cube of the depth (600 levels: 10.7 s, on the
 * writer); PostgreSQL nests a foreign-key action per level too. Here every statement deletes
 * nodes whose children are gone already or deleted by the same statement: on SQLite one level
 * per statement (it may delete a parent before its child within one statement, which
 * cascades), on PostgreSQL any deepest-first batch (its foreign-key actions run after the
 * statement, when the children are gone). Related rows (versions, associations, ACLs,
 * favorites, renditions) still go by their own cascades, one level deep.
 */
export async function deleteSubtree(
  db: DbOrTx,
  root: { id: string; parentId: string | null },
  rows: readonly Pick<SubtreeRow, 'id' | 'depth'>[],
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const ordered = [...rows].sort((a, b) => b.depth - a.depth);
  for (let i = 0; i < ordered.length; ) {
    const level = ordered[i]!.depth;
    let end = i + 1;
    while (end < ordered.length && end - i < DELETE_BATCH && (postgres || ordered[end]!.depth === level)) end += 1;
    if (end - i === 1) await deleteOneNode(db, { id: ordered[i]!.id });
    else
      await db
        .deleteFrom('nodes')
        .where(
          'id',
          'in',
          ordered.slice(i, end).map((r) => r.id),
        )
        .execute();
    i = end;
  }
  if (root.parentId) await adjustChildCount(db, root.parentId, -1);
}

/** The writes, as the repository assembles them. */
export const nodeWrites = {
  insert,
  childRows,
  insertRows,
  move,
  countIn,
  update,
  setLock,
  clearEphemeralLocks,
  delete: deleteNode,
  deleteSubtree,
};
