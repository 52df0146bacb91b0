import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import type { Readers } from '../../permissions/access.service.ts';
import { aclReadable } from '../../permissions/acl-sql.ts';

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

/** Whether the child is filed under the parent as a secondary child (of that type, when given). */
async function isSecondaryChild(db: DbOrTx, parentId: string, childId: string, assocType?: string): Promise<boolean> {
  let query = db
    .selectFrom('secondaryChildren')
    .select('childId')
    .where('parentId', '=', parentId)
    .where('childId', '=', childId);
  if (assocType) query = query.where('assocType', '=', assocType);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
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

/** The associations a listing pages through, seen from the node it is asked of: its table, the node's end and the other. */
const ENDS = {
  targets: { table: 'peer_assocs', node: 'source_id', other: 'target_id' },
  sources: { table: 'peer_assocs', node: 'target_id', other: 'source_id' },
  secondaryChildren: { table: 'secondary_children', node: 'parent_id', other: 'child_id' },
  secondaryParents: { table: 'secondary_children', node: 'child_id', other: 'parent_id' },
} as const;

export type AssocEnd = keyof typeof ENDS;

export interface AssocPageOptions {
  assocType?: string;
  /** Only nodes these readers may read (owned, or an effective ACL letting them); every node when undefined. */
  readers?: Readers;
  skip: number;
  limit: number;
}

/**
 * A page of the live nodes at the other end of a node's associations of one kind that the readers
 * may read, oldest association first, and how many there are. Filtered, ordered and paged in SQL:
 * a node may have any number of associations, and a page reads only its own nodes.
 */
async function page(
  db: DbOrTx,
  end: AssocEnd,
  nodeId: string,
  options: AssocPageOptions,
): Promise<{ pairs: AssocPair[]; total: number }> {
  const { table, node, other } = ENDS[end];
  const from = sql`${sql.raw(table)} a join nodes n on n.id = a.${sql.raw(other)} and n.archived_root_id is null`;
  const conditions = [sql`a.${sql.raw(node)} = ${nodeId}`];
  if (options.assocType) conditions.push(sql`a.assoc_type = ${options.assocType}`);
  if (options.readers) {
    // A file without an ACL of its own uses its primary parent's, as the node's record says (node-rows.ts).
    const effective = sql`coalesce(n.acl_id, (select p.acl_id from nodes p where p.id = n.parent_id))`;
    conditions.push(
      sql`(n.owner_id = ${options.readers.ownerId} or ${aclReadable(effective, options.readers.authorities)})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const { rows } = await sql<AssocPair>`
    select a.${sql.raw(other)} as node_id, a.assoc_type from ${from} where ${where}
    order by a.created_at, a.${sql.raw(other)}, a.assoc_type limit ${options.limit} offset ${options.skip}`.execute(db);
  // A short page tells the total, unless it is past the end.
  if (rows.length < options.limit && (options.skip === 0 || rows.length > 0)) {
    return { pairs: rows, total: options.skip + rows.length };
  }
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from ${from} where ${where}`.execute(
    db,
  );
  return { pairs: rows, total: Number(counted[0]!.n) };
}

/** Secondary child associations and peer associations. */
export function createAssociationsRepository() {
  return {
    addSecondary,
    isAncestorOrSelf,
    removeSecondary,
    isSecondaryChild,
    addPeer,
    removePeer,
    linksOf,
    insertLinks,
    page,
  };
}

export type AssociationsRepository = ReturnType<typeof createAssociationsRepository>;
