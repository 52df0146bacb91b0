import type { DbOrTx } from '../../../db/database.ts';
import { inBatches } from '../../../db/batches.ts';
import { type Params, reusableQuery } from '../../../db/reusable-query.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import type { DisplayNames } from './display-names.ts';
import { insertedRow, nameKey, recordsNow, selectNodes, toRecords, type Row } from './node-rows.ts';
import type { NewNode, NodeRecord } from './nodes.repository.ts';

/**
 * The hot lookups, compiled once per repository. `byId`, the hottest of all, remembers its rows
 * until the database changes (records are built afresh from them each time, so no caller shares
 * an object with another).
 */
function hotLookups() {
  return {
    // Live nodes only: a node in the trash (archived_root_id set) is found by archivedById alone.
    byId: reusableQuery(
      (db, p: Params<{ id: string }>) =>
        selectNodes(db).where('nodes.id', '=', p.id).where('nodes.archivedRootId', 'is', null),
      { remember: true },
    ),
    archivedById: reusableQuery((db, p: Params<{ id: string }>) =>
      selectNodes(db).where('nodes.id', '=', p.id).where('nodes.archivedRootId', 'is not', null),
    ),
    bySystemKey: reusableQuery((db, p: Params<{ key: string }>) =>
      selectNodes(db).where('nodes.systemKey', '=', p.key),
    ),
    childByName: reusableQuery((db, p: Params<{ parentId: string; key: string }>) =>
      selectNodes(db).where('nodes.parentId', '=', p.parentId).where('nodes.nameKey', '=', p.key),
    ),
    // PostgreSQL only (SQLite's one writer already runs transactions one by one): the live node's
    // row locked with its record read, in one statement; and the lock alone.
    byIdLocked: reusableQuery((db, p: Params<{ id: string }>) =>
      selectNodes(db).where('nodes.id', '=', p.id).where('nodes.archivedRootId', 'is', null).forNoKeyUpdate('nodes'),
    ),
    lockById: reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('nodes').select('id').where('id', '=', p.id).forNoKeyUpdate(),
    ),
    keyShareById: reusableQuery((db, p: Params<{ id: string }>) =>
      db.selectFrom('nodes').select('id').where('id', '=', p.id).forKeyShare(),
    ),
  };
}

/**
 * Nodes by id, by system key, by name under a parent. A factory, not plain functions: the hot
 * lookups are compiled once per repository, and `findById` remembers its rows (per repository, so
 * two servers in one process never share them).
 */
export function createNodeReads(names: DisplayNames) {
  const records = (db: DbOrTx, rows: Row[]) => toRecords(names, db, rows);
  const { byId, archivedById, bySystemKey, childByName, byIdLocked, lockById, keyShareById } = hotLookups();
  const first = async (db: DbOrTx, result: { rows: Row[] }) => {
    const rows = result.rows.slice(0, 1);
    return (recordsNow(names, rows) ?? (await records(db, rows)))[0];
  };

  return {
    /** Rows to records (for the listings of children.repository.ts). */
    records,

    /** The live node with this id (not one in the trash). */
    async findById(db: DbOrTx, id: string): Promise<NodeRecord | undefined> {
      return first(db, await byId(db, { id }));
    },

    /** A node in the trash (a trash item or a node below one) by id. */
    async findArchived(db: DbOrTx, id: string): Promise<NodeRecord | undefined> {
      return first(db, await archivedById(db, { id }));
    },

    /**
     * The node as it is now, its row locked until the transaction ends (PostgreSQL: changes and
     * locks of the node on any instance wait for each other, so a check made on this record holds
     * for the writes that follow; SQLite's one writer already runs transactions one by one).
     */
    async lockRow(tx: DbOrTx, id: string): Promise<NodeRecord | undefined> {
      return first(tx, await (onPostgres(tx) ? byIdLocked : byId)(tx, { id }));
    },

    /** As lockRow, for a caller that needs the lock and not the record (no read on SQLite). */
    async holdRow(tx: DbOrTx, id: string): Promise<void> {
      if (onPostgres(tx)) await lockById(tx, { id });
    },

    /**
     * The weakest hold of a row (PostgreSQL): only a trash or delete of the node (which hold its
     * row for update) waits for it, and it for them. A write that changes a node's row twice in
     * its transaction (a content change and the history trigger of migration 0014, a version
     * recorded) has PostgreSQL check the foreign key to the parent the second time, which holds the
     * parent's row so: a write takes this hold on the parent before it holds the node, top-down,
     * as a trash of the folder does (else each waits for the other, and one gets 503).
     */
    async keyShareRow(tx: DbOrTx, id: string): Promise<void> {
      if (onPostgres(tx)) await keyShareById(tx, { id });
    },

    /**
     * The record of a file just inserted by `insert` (same transaction), as findById would read it
     * back: what insert wrote and the columns' defaults. Spares a create reading its node again.
     */
    async inserted(db: DbOrTx, node: NewNode, effectiveAclId: string): Promise<NodeRecord> {
      return (await records(db, [insertedRow(node, effectiveAclId)]))[0]!;
    },

    /**
     * Live nodes by id, in the order of the ids (unknown ids and nodes in the trash are skipped).
     * The ids may be many (a download of many nodes, say): read in batches.
     */
    async findMany(db: DbOrTx, ids: readonly string[]): Promise<NodeRecord[]> {
      if (ids.length === 0) return [];
      const rows = await inBatches(ids, (batch) =>
        selectNodes(db).where('nodes.id', 'in', batch).where('nodes.archivedRootId', 'is', null).execute(),
      );
      const found = new Map((await records(db, rows as Row[])).map((r) => [r.id, r]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    async findBySystemKey(db: DbOrTx, key: string): Promise<NodeRecord | undefined> {
      return first(db, await bySystemKey(db, { key }));
    },

    async findChildByName(db: DbOrTx, parentId: string, name: string): Promise<NodeRecord | undefined> {
      return first(db, await childByName(db, { parentId, key: nameKey(name) }));
    },
  };
}

/** Which of these names (compared case-insensitively) are taken under the parent. */
export async function takenNames(db: DbOrTx, parentId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('nodes')
    .select('nameKey')
    .where('parentId', '=', parentId)
    .where('nameKey', 'in', names.map(nameKey))
    .execute();
  return new Set(rows.map((r) => r.nameKey));
}

/** Those of the ids that name an existing node. */
export async function existing(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('nodes')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
