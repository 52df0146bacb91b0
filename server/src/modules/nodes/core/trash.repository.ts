import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import type { NodesTable } from '../../../db/schema.ts';
import { nameKey } from './node-rows.ts';

/**
 * The trashcan's rows (migration 0016): a trash item is a deleted node moved under the archive
 * root with where it came from, when and by whom; every node below it names it in
 * archived_root_id. Reads by id elsewhere see live nodes only (node-reads.repository.ts).
 */

/** Ids updated per statement (SQLite allows 32,766 bound values). */
const BATCH = 500;

export interface TrashItemRow {
  id: string;
  archivedFrom: string | null;
  archivedAt: number;
  archivedBy: string;
}

/** Moves a node and its subtree (all ids, the node's included) into the trash, one transaction with the caller. */
export async function archive(
  tx: DbOrTx,
  item: { id: string; parentId: string | null },
  subtreeIds: readonly string[],
  archiveRootId: string,
  by: string,
  now: number,
): Promise<void> {
  for (let i = 0; i < subtreeIds.length; i += BATCH) {
    await tx
      .updateTable('nodes')
      .set({ archivedRootId: item.id })
      .where('id', 'in', subtreeIds.slice(i, i + BATCH))
      .execute();
  }
  await tx
    .updateTable('nodes')
    .set({
      parentId: archiveRootId,
      // ':' is never in a name: no live name clashes with it, and many items may share a name.
      nameKey: `:${item.id}`,
      archivedFrom: item.parentId,
      archivedAt: now,
      archivedBy: by,
    })
    .where('id', '=', item.id)
    .execute();
  // The archive root's child count is not kept: nothing lists it, and every delete would wait for its row.
  if (item.parentId) await addChildren(tx, item.parentId, -1);
}

/** Puts a trash item back under a live folder with its name; every node below it is live again. */
export async function restore(
  tx: DbOrTx,
  item: { id: string; name: string },
  parentId: string,
  /** The ACL the item ends with there (acls.service.ts `aclAfterMove`): its restored event records it. */
  acl: { aclId?: string | null } = {},
): Promise<void> {
  await tx
    .updateTable('nodes')
    .set({ parentId, nameKey: nameKey(item.name), archivedFrom: null, archivedAt: null, archivedBy: null, ...acl })
    .where('id', '=', item.id)
    .execute();
  await tx.updateTable('nodes').set({ archivedRootId: null }).where('archivedRootId', '=', item.id).execute();
  await addChildren(tx, parentId, 1);
}

async function addChildren(tx: DbOrTx, parentId: string, delta: number): Promise<void> {
  await tx
    .updateTable('nodes')
    .set({ childCount: sql<number>`child_count + ${delta}` })
    .where('id', '=', parentId)
    .execute();
}

/** A trash item (not a node below one) by id. */
export async function findItem(db: DbOrTx, id: string): Promise<TrashItemRow | undefined> {
  const row = await db
    .selectFrom('nodes')
    .select(['id', 'archivedFrom', 'archivedAt', 'archivedBy'])
    .where('id', '=', id)
    .where('archivedAt', 'is not', null)
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** A page of trash items, newest first: one person's (`by`) or everyone's. */
export async function listItems(
  db: DbOrTx,
  by: string | undefined,
  page: { skipCount: number; maxItems: number },
): Promise<{ items: TrashItemRow[]; totalItems: number }> {
  let query = db.selectFrom('nodes').where('archivedAt', 'is not', null);
  if (by !== undefined) query = query.where('archivedBy', '=', by);
  const rows = await query
    .select(['id', 'archivedFrom', 'archivedAt', 'archivedBy'])
    .orderBy('archivedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.maxItems)
    .offset(page.skipCount)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map(toItem), totalItems: Number(count.n) };
}

/** Trash items deleted before `cutoff`, oldest first (the retention purger's batch). */
export async function itemsOlderThan(db: DbOrTx, cutoff: number, limit: number): Promise<TrashItemRow[]> {
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'archivedFrom', 'archivedAt', 'archivedBy'])
    .where('archivedAt', 'is not', null)
    .where('archivedAt', '<', cutoff)
    .orderBy('archivedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toItem);
}

function toItem(row: Pick<Selectable<NodesTable>, 'id' | 'archivedFrom' | 'archivedAt' | 'archivedBy'>): TrashItemRow {
  return {
    id: row.id,
    archivedFrom: row.archivedFrom,
    archivedAt: Number(row.archivedAt),
    archivedBy: row.archivedBy ?? '',
  };
}

export const trashQueries = { archive, restore, findItem, listItems, itemsOlderThan };
