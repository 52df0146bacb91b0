import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import { onPostgres } from '../../../db/row-locks.ts';
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
 * The statements of a page (`page`) and of its count, for `page` and for tests of their plans.
 * The node's associations and the live nodes at their other end (by primary key) come first, with
 * each node's owner and effective ACL; the readers' filter applies to those rows. On PostgreSQL
 * `offset 0` keeps it there: pushed down to the scan of `nodes`, it had the planner walk every
 * node in id order to merge them with the associations (cost estimates that then JIT-compiled the
 * statement too: 1.3-1.5 s a statement with 40,000 nodes and 4,000 associations).
 */
export function pageStatements(db: DbOrTx, end: AssocEnd, nodeId: string, options: AssocPageOptions) {
  const { table, node, other } = ENDS[end];
  const conditions = [sql`a.${sql.raw(node)} = ${nodeId}`];
  if (options.assocType) conditions.push(sql`a.assoc_type = ${options.assocType}`);
  // A file without an ACL of its own uses its primary parent's, as the node's record says (node-rows.ts).
  const linked = sql`
    select a.${sql.raw(other)} as node_id, a.assoc_type, a.created_at, n.owner_id,
      coalesce(n.acl_id, (select p.acl_id from nodes p where p.id = n.parent_id)) as acl_id
    from ${sql.raw(table)} a join nodes n on n.id = a.${sql.raw(other)} and n.archived_root_id is null
    where ${sql.join(conditions, sql` and `)}${onPostgres(db) ? sql` offset 0` : sql``}`;
  const readable = options.readers
    ? sql`where l.owner_id = ${options.readers.ownerId} or ${aclReadable(sql`l.acl_id`, options.readers.authorities)}`
    : sql``;
  return {
    page: sql<AssocPair>`
      select l.node_id, l.assoc_type from (${linked}) l ${readable}
      order by l.created_at, l.node_id, l.assoc_type limit ${options.limit} offset ${options.skip}`,
    count: sql<{ n: number | string }>`select count(*) as n from (${linked}) l ${readable}`,
  };
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
  const statements = pageStatements(db, end, nodeId, options);
  const { rows } = await statements.page.execute(db);
  // A short page tells the total, unless it is past the end.
  if (rows.length < options.limit && (options.skip === 0 || rows.length > 0)) {
    return { pairs: rows, total: options.skip + rows.length };
  }
  const { rows: counted } = await statements.count.execute(db);
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
