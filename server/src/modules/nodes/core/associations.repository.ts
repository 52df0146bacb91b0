import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';

/** One association of either kind, seen from its owner: peer source -> target, or parent -> secondary child. */
export interface AssocLink {
  kind: 'peer' | 'secondary';
  fromId: string;
  toId: string;
  assocType: string;
}

/** Ids per `in (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface AssocPair {
  /** The node at the other end. */
  nodeId: string;
  assocType: string;
}

async function addSecondary(db: DbOrTx, parentId: string, childId: string, assocType: string): Promise<void> {
  await db.insertInto('secondaryChildren').values({ parentId, childId, assocType, createdAt: Date.now() }).execute();
}

/**
 * True when `candidateId` is `nodeId` or one of its parents, primary or secondary, at any depth:
 * filing `candidateId` under `nodeId` would then make a cycle.
 */
async function isAncestorOrSelf(db: DbOrTx, candidateId: string, nodeId: string): Promise<boolean> {
  // Walked a level at a time (each an index seek per node): ancestors are few, however many nodes.
  const seen = new Set([nodeId]);
  let level = [nodeId];
  while (level.length > 0) {
    if (level.includes(candidateId)) return true;
    const parents = new Set<string>();
    for (const ids of chunks(level)) {
      const { rows } = await sql<{ parentId: string }>`
            select parent_id from nodes where id in (${sql.join(ids)}) and parent_id is not null
            union
            select parent_id from secondary_children where child_id in (${sql.join(ids)})`.execute(db);
      for (const row of rows) if (!seen.has(row.parentId)) parents.add(row.parentId);
    }
    for (const id of parents) seen.add(id);
    level = [...parents];
  }
  return false;
}

async function removeSecondary(db: DbOrTx, parentId: string, childId: string, assocType?: string): Promise<number> {
  let query = db.deleteFrom('secondaryChildren').where('parentId', '=', parentId).where('childId', '=', childId);
  if (assocType) query = query.where('assocType', '=', assocType);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function secondaryChildren(db: DbOrTx, parentId: string, assocType?: string): Promise<AssocPair[]> {
  let query = db
    .selectFrom('secondaryChildren')
    .select(['childId as nodeId', 'assocType'])
    .where('parentId', '=', parentId);
  if (assocType) query = query.where('assocType', '=', assocType);
  return query.orderBy('createdAt').orderBy('childId').execute();
}

async function secondaryParents(db: DbOrTx, childId: string, assocType?: string): Promise<AssocPair[]> {
  let query = db
    .selectFrom('secondaryChildren')
    .select(['parentId as nodeId', 'assocType'])
    .where('childId', '=', childId);
  if (assocType) query = query.where('assocType', '=', assocType);
  return query.orderBy('createdAt').orderBy('parentId').execute();
}

async function addPeer(db: DbOrTx, sourceId: string, targetId: string, assocType: string): Promise<void> {
  await db.insertInto('peerAssocs').values({ sourceId, targetId, assocType, createdAt: Date.now() }).execute();
}

async function removePeer(db: DbOrTx, sourceId: string, targetId: string, assocType?: string): Promise<number> {
  let query = db.deleteFrom('peerAssocs').where('sourceId', '=', sourceId).where('targetId', '=', targetId);
  if (assocType) query = query.where('assocType', '=', assocType);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The associations these nodes own (the peer associations they are the source of and the
 * secondary children they hold) or, with `end: 'to'`, those that point at them.
 */
async function linksOf(db: DbOrTx, nodeIds: readonly string[], end: 'from' | 'to'): Promise<AssocLink[]> {
  const links: AssocLink[] = [];
  for (const ids of chunks(nodeIds)) {
    const rows = await db
      .selectFrom('peerAssocs')
      .select([sql.lit('peer').as('kind'), 'sourceId as fromId', 'targetId as toId', 'assocType'])
      .where(end === 'from' ? 'sourceId' : 'targetId', 'in', ids)
      .unionAll((eb) =>
        eb
          .selectFrom('secondaryChildren')
          .select([sql.lit('secondary').as('kind'), 'parentId as fromId', 'childId as toId', 'assocType'])
          .where(end === 'from' ? 'parentId' : 'childId', 'in', ids),
      )
      .execute();
    for (const row of rows) links.push({ ...row, kind: row.kind === 'peer' ? 'peer' : 'secondary' });
  }
  return links;
}

/** Inserts associations of both kinds (a copy's), in batches. */
async function insertLinks(db: DbOrTx, links: readonly AssocLink[], now: number): Promise<void> {
  const peers = links.filter((l) => l.kind === 'peer');
  const secondary = links.filter((l) => l.kind === 'secondary');
  for (const batch of chunks(peers)) {
    await db
      .insertInto('peerAssocs')
      .values(batch.map((l) => ({ sourceId: l.fromId, targetId: l.toId, assocType: l.assocType, createdAt: now })))
      .execute();
  }
  for (const batch of chunks(secondary)) {
    await db
      .insertInto('secondaryChildren')
      .values(batch.map((l) => ({ parentId: l.fromId, childId: l.toId, assocType: l.assocType, createdAt: now })))
      .execute();
  }
}

async function targets(db: DbOrTx, sourceId: string, assocType?: string): Promise<AssocPair[]> {
  let query = db.selectFrom('peerAssocs').select(['targetId as nodeId', 'assocType']).where('sourceId', '=', sourceId);
  if (assocType) query = query.where('assocType', '=', assocType);
  return query.orderBy('createdAt').orderBy('targetId').execute();
}

async function sources(db: DbOrTx, targetId: string, assocType?: string): Promise<AssocPair[]> {
  let query = db.selectFrom('peerAssocs').select(['sourceId as nodeId', 'assocType']).where('targetId', '=', targetId);
  if (assocType) query = query.where('assocType', '=', assocType);
  return query.orderBy('createdAt').orderBy('sourceId').execute();
}

/** Secondary child associations and peer associations; paging is done by the caller. */
export function createAssociationsRepository() {
  return {
    addSecondary,
    isAncestorOrSelf,
    removeSecondary,
    secondaryChildren,
    secondaryParents,
    addPeer,
    removePeer,
    linksOf,
    insertLinks,
    targets,
    sources,
  };
}

export type AssociationsRepository = ReturnType<typeof createAssociationsRepository>;
