import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';
import type { NodePermissions, PermissionEntry } from '../../permissions/permissions.ts';
import type { Ancestor, SubtreeRow } from './nodes.repository.ts';

/** Walks up and down the primary parents (recursive queries). */

/** Ancestors from the root down to the parent (the node itself excluded). */
export async function ancestors(db: DbOrTx, id: string): Promise<Ancestor[]> {
  const result = await sql<Omit<Ancestor, 'aspects'> & { aspects: string; depth: number }>`
    with recursive anc (id, parent_id, name, node_type, aspects, owner_id, acl_id, depth) as (
      select id, parent_id, name, node_type, aspects, owner_id, acl_id, 0 from nodes where id = ${id}
      union all
      select n.id, n.parent_id, n.name, n.node_type, n.aspects, n.owner_id, n.acl_id, anc.depth + 1
      from nodes n join anc on n.id = anc.parent_id
    )
    select id, name, node_type, aspects, owner_id, acl_id, depth from anc where depth > 0 order by depth desc`.execute(
    db,
  );
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    nodeType: r.nodeType,
    aspects: JSON.parse(r.aspects) as string[],
    ownerId: r.ownerId,
    aclId: r.aclId,
  }));
}

/** The permissions set on each ancestor, nearest first (for inherited permissions). */
export async function permissionChain(db: DbOrTx, id: string): Promise<NodePermissions[]> {
  const result = await sql<{ inheritPermissions: number; localPermissions: string }>`
    with recursive anc (id, parent_id, inherit_permissions, local_permissions, depth) as (
      select id, parent_id, inherit_permissions, local_permissions, 0 from nodes where id = ${id}
      union all
      select n.id, n.parent_id, n.inherit_permissions, n.local_permissions, anc.depth + 1
      from nodes n join anc on n.id = anc.parent_id
    )
    select inherit_permissions, local_permissions from anc where depth > 0 order by depth`.execute(db);
  return result.rows.map((r) => ({
    inherit: Number(r.inheritPermissions) === 1,
    local: JSON.parse(r.localPermissions) as PermissionEntry[],
  }));
}

/**
 * Ids of the node and all its descendants (with their depth below it), with the content they
 * reference and their locks. On PostgreSQL the rows are locked for the caller's transaction
 * (it deletes them): a lock being taken inside the tree is waited for and then seen.
 */
export async function subtree(db: DbOrTx, id: string): Promise<SubtreeRow[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const forUpdate = postgres ? sql`for update of n` : sql``;
  const read = async () => {
    const result = await sql<SubtreeRow>`
      with recursive sub (id, depth) as (
        select id, 0 from nodes where id = ${id}
        union all
        select n.id, sub.depth + 1 from nodes n join sub on n.parent_id = sub.id
      )
      select n.id, n.parent_id, n.content_id, n.system_key, n.lock_owner, n.lock_type, n.lock_expires_at, n.archived_root_id,
        sub.depth
      from nodes n join sub on n.id = sub.id ${forUpdate}`.execute(db);
    return result.rows.map((r) => ({ ...r, depth: Number(r.depth) }));
  };
  let rows = await read();
  if (!postgres) return rows;
  // A create holding a folder of the tree (share mode) when the statement began commits its child
  // while the statement waits for that folder's row, and the statement's snapshot does not show it.
  // Read again until nothing new appears: every folder read is held now, so later creates wait.
  for (;;) {
    const known = new Set(rows.map((r) => r.id));
    const again = await read();
    if (again.every((r) => known.has(r.id))) return again;
    rows = again;
  }
}

/**
 * How many levels below the root (Company Home: 0) the node is, counted up to `bound` at most:
 * a walk up the primary parents that stops there, so it costs the same in a tree of any depth.
 */
export async function depth(db: DbOrTx, id: string, bound: number): Promise<number> {
  const result = await sql<{ d: number | string | null }>`
    with recursive up (parent_id, d) as (
      select parent_id, 0 from nodes where id = ${id}
      union all
      select n.parent_id, up.d + 1 from nodes n join up on n.id = up.parent_id where up.d < ${bound}
    )
    select max(d) as d from up`.execute(db);
  return Number(result.rows[0]?.d ?? 0);
}

/**
 * How many levels of folders lie below a folder (0 without subfolders), counted up to `bound`
 * at most: the walk goes through folders only and stops there.
 */
export async function folderHeight(db: DbOrTx, id: string, bound: number): Promise<number> {
  const result = await sql<{ d: number | string | null }>`
    with recursive down (id, d) as (
      select id, 0 from nodes where id = ${id} and is_folder = 1
      union all
      select n.id, down.d + 1 from nodes n join down on n.parent_id = down.id
      where n.is_folder = 1 and down.d < ${bound}
    )
    select max(d) as d from down`.execute(db);
  return Number(result.rows[0]?.d ?? 0);
}

/** Whether `candidate` is `ancestor` or lies below it. */
export async function isInSubtree(db: DbOrTx, candidate: string, ancestor: string): Promise<boolean> {
  const result = await sql<{ id: string }>`
    with recursive up (id, parent_id) as (
      select id, parent_id from nodes where id = ${candidate}
      union all
      select n.id, n.parent_id from nodes n join up on n.id = up.parent_id
    )
    select id from up where id = ${ancestor}`.execute(db);
  return result.rows.length > 0;
}

/** Those of the candidates that are the ancestor or below it (by primary parents). */
export async function inSubtree(db: DbOrTx, candidates: readonly string[], ancestor: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const ids = candidates.slice(i, i + 500);
    const result = await sql<{ startId: string }>`
      with recursive up (start_id, id, parent_id) as (
        select id, id, parent_id from nodes where id in (${sql.join(ids)})
        union all
        select up.start_id, n.id, n.parent_id from nodes n join up on n.id = up.parent_id
        where up.id <> ${ancestor}
      )
      select distinct start_id from up where id = ${ancestor}`.execute(db);
    for (const row of result.rows) found.add(row.startId);
  }
  return found;
}

/** The tree queries, as the repository assembles them. */
export const treeQueries = { ancestors, permissionChain, subtree, depth, folderHeight, isInSubtree, inSubtree };
