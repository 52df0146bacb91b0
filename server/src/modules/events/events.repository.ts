import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NodeEventsTable } from '../../db/events-schema.ts';

/** An event as the log holds it, numbered (`seq`). */
export type LoggedEvent = Omit<Selectable<NodeEventsTable>, 'id' | 'seq'> & { seq: number };

/** What decides who may read a live node now: its owner and effective ACL. */
export interface LiveGuard {
  id: string;
  ownerId: string;
  aclId: string | null;
}

/** Same key on every instance: numbering the log's new rows is done by one transaction at a time. */
const NUMBERING_LOCK = 0x7175_6576; // "quev"
/** Rows numbered by one transaction. */
const NUMBERING_BATCH = 5000;

/** The largest `seq` written (for an emptied log, the last one pruned). */
async function latestSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('nodeEvents')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Math.max(Number(row?.seq ?? 0), await prunedThrough(db));
}

/** The last `seq` the prune removed: a resume from before it missed events. */
async function prunedThrough(db: Db): Promise<number> {
  const row = await db.selectFrom('nodeEventsHorizon').select('prunedThrough').where('id', '=', 1).executeTakeFirst();
  return Number(row?.prunedThrough ?? 0);
}

/** Events after `after` up to `upTo`, in order, at most `limit`. */
async function readAfter(db: Db, after: number, upTo: number, limit: number): Promise<LoggedEvent[]> {
  const rows = await db
    .selectFrom('nodeEvents')
    .select(['seq', 'type', 'nodeId', 'parentId', 'previousParentId', 'groupId', 'memberId', 'aclId', 'ownerId', 'at'])
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq), at: Number(r.at) }));
}

/**
 * PostgreSQL: numbers the committed rows that have no `seq` yet, under a transaction-scoped
 * advisory lock, so numbers are given in commit order of the numbering transactions and a reader
 * that sees a number sees every smaller one. SQLite numbers rows as they are written.
 */
async function numberNew(db: Db): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`.execute(tx);
    // In the order written (a node's creation before its first version).
    const result = await sql`update node_events e set seq = n.seq
      from (select id, nextval('node_events_seq') as seq
            from (select id from node_events where seq is null order by id limit ${NUMBERING_BATCH}) o) n
      where e.id = n.id`.execute(tx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/**
 * PostgreSQL: numbers the committed rows that have none yet and answers the events after `after`,
 * at most `limit`, in order: `numberNew` then `readAfter` in one statement (migration 0022's
 * `quire_number_events`, under the same lock), so one round trip where they took five.
 */
async function numberAndRead(db: Db, after: number, limit: number): Promise<LoggedEvent[]> {
  const result = await sql<Selectable<NodeEventsTable>>`select * from quire_number_events(${after}, ${limit})`.execute(
    db,
  );
  return result.rows.map((r) => ({
    type: r.type,
    nodeId: r.nodeId,
    parentId: r.parentId,
    previousParentId: r.previousParentId,
    groupId: r.groupId,
    memberId: r.memberId,
    aclId: r.aclId,
    ownerId: r.ownerId,
    seq: Number(r.seq),
    at: Number(r.at),
  }));
}

/** PostgreSQL: numbers every committed row that has none yet (an instance with no stream numbers none). */
async function numberAll(db: Db): Promise<void> {
  while ((await numberNew(db)) === NUMBERING_BATCH);
}

/** Owner and effective ACL of the live nodes among `ids` (trashed and purged ones are not returned). */
async function liveGuards(db: Db, ids: readonly string[]): Promise<LiveGuard[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('nodes as n')
    .leftJoin('nodes as p', 'p.id', 'n.parentId')
    .select(['n.id', 'n.ownerId'])
    .select((eb) => eb.fn.coalesce('n.aclId', 'p.aclId').as('aclId'))
    .where('n.id', 'in', [...new Set(ids)])
    .where('n.archivedRootId', 'is', null)
    .execute();
}

/**
 * At most this many secondary parents of a node are read for its events (ADR 0022): a node filed
 * in thousands of folders would otherwise make each of its events read, check and carry them all.
 */
export const SECONDARY_PARENTS_CAP = 100;

/** A live folder holding a node as a secondary child, with its owner and effective ACL. */
export interface SecondaryParent extends LiveGuard {
  childId: string;
}

/**
 * The first `SECONDARY_PARENTS_CAP` live secondary parents of each of these nodes, in the order
 * the node was filed in them (then by id), with each folder's owner and effective ACL: one query,
 * at most the cap's rows per node whatever the number of links.
 */
async function secondaryParents(db: Db, ids: readonly string[]): Promise<SecondaryParent[]> {
  if (ids.length === 0) return [];
  const ranked = db
    .selectFrom('secondaryChildren as s')
    .innerJoin('nodes as f', 'f.id', 's.parentId')
    .leftJoin('nodes as g', 'g.id', 'f.parentId')
    .select(['s.childId', 's.parentId as id', 'f.ownerId'])
    .select((eb) => eb.fn.coalesce('f.aclId', 'g.aclId').as('aclId'))
    .select(sql<number>`row_number() over (partition by s.child_id order by min(s.created_at), s.parent_id)`.as('rank'))
    .where('s.childId', 'in', [...new Set(ids)])
    .where('f.archivedRootId', 'is', null)
    // A folder can hold a node under more than one association type: one row per folder.
    .groupBy(['s.childId', 's.parentId', 'f.ownerId', 'f.aclId', 'g.aclId'])
    .as('r');
  return db
    .selectFrom(ranked)
    .select(['r.childId', 'r.id', 'r.ownerId', 'r.aclId'])
    .where('r.rank', '<=', SECONDARY_PARENTS_CAP)
    .orderBy('r.childId')
    .orderBy('r.rank')
    .execute();
}

/** Deletes events written before `before`, a batch at a time, and moves the horizon; returns how many. */
async function prune(db: Db, before: number, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('nodeEvents')
        .select('seq')
        .where('at', '<', before)
        .where('seq', 'is not', null)
        .orderBy('seq')
        .limit(batch)
        .execute();
      const last = rows.at(-1)?.seq;
      if (last === undefined || last === null) return 0;
      await tx.deleteFrom('nodeEvents').where('seq', '<=', last).execute();
      await tx
        .updateTable('nodeEventsHorizon')
        .set((eb) => ({
          prunedThrough: sql`case when ${eb.ref('prunedThrough')} > ${last} then ${eb.ref('prunedThrough')} else ${last} end`,
        }))
        .where('id', '=', 1)
        .execute();
      return rows.length;
    });
    total += removed;
    if (removed < batch) return total;
  }
}

export const eventsRepository = {
  latestSeq,
  prunedThrough,
  readAfter,
  numberNew,
  numberAndRead,
  numberAll,
  liveGuards,
  secondaryParents,
  prune,
};
export type EventsRepository = typeof eventsRepository;
