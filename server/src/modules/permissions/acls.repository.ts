import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { inBatches } from '../../db/batches.ts';
import { jsonList } from '../../db/json-list.ts';
import { onPostgres } from '../../db/row-locks.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import type { PermissionEntry } from './permissions.ts';

export interface Grant {
  authorityId: string;
  bits: number;
}

export interface AclNode {
  id: string;
  parentAclId: string | null;
  inherit: boolean;
  local: PermissionEntry[];
}

function toAclNode(r: {
  id: string;
  parentAclId: string | null;
  inheritPermissions: number;
  localPermissions: string;
}) {
  return {
    id: r.id,
    parentAclId: r.parentAclId,
    inherit: Number(r.inheritPermissions) === 1,
    local: JSON.parse(r.localPermissions) as PermissionEntry[],
  };
}

function dedupe(nodes: AclNode[]): AclNode[] {
  const seen = new Set<string>();
  return nodes.filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
}

/** The grants of these ACLs (as many as the nodes asked of: a recompute or a listing may name thousands). */
async function grantsOfMany(db: DbOrTx, aclIds: readonly string[]): Promise<Map<string, Grant[]>> {
  const result = new Map<string, Grant[]>(aclIds.map((id) => [id, []]));
  if (aclIds.length === 0) return result;
  const rows = await inBatches(aclIds, (batch) =>
    db.selectFrom('aclGrants').select(['aclId', 'authorityId', 'bits']).where('aclId', 'in', batch).execute(),
  );
  for (const r of rows) result.get(r.aclId)?.push({ authorityId: r.authorityId, bits: r.bits });
  return result;
}

/** Creates the ACL of a node, or changes the ACL it inherits from. */
async function define(db: DbOrTx, id: string, parentAclId: string | null): Promise<void> {
  await db
    .insertInto('acls')
    .values({ id, parentAclId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ parentAclId }))
    .execute();
}

async function remove(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('acls').where('id', '=', id).execute();
}

/** A folder's ACL, or a file's own one (null: the file uses its folder's). */
async function setNodeAcl(db: DbOrTx, nodeId: string, aclId: string | null): Promise<void> {
  await db.updateTable('nodes').set({ aclId }).where('id', '=', nodeId).execute();
}

/**
 * Below `rootId`, every folder that uses ACL `from` (reached through folders that use it)
 * switches to `to` (files without an ACL of their own follow their folder, so they are not
 * touched); the ACLs defined just below them that inherited `from` now inherit `to`. Returns
 * those re-parented ACLs.
 *
 * On PostgreSQL a folder created below meanwhile took `from` from its folder (a create holds its
 * folder in share mode and commits before this update of that folder goes on), unseen by the walk,
 * which began before: the walk runs again, through the folders switched to `to` too, until it
 * finds nothing left on `from` (SQLite's one writer runs it once).
 */
async function repoint(db: DbOrTx, rootId: string, from: string, to: string): Promise<string[]> {
  const walk = sql`with recursive s (id) as (
      select id from nodes where parent_id = ${rootId} and is_folder = 1 and acl_id in (${from}, ${to})
      union all
      select n.id from nodes n join s on n.parent_id = s.id where n.is_folder = 1 and n.acl_id in (${from}, ${to})
    )`;
  const reparented: string[] = [];
  for (;;) {
    const boundary = await sql<{ id: string }>`${walk}
      select a.id from acls a join nodes n on n.id = a.id
      where a.parent_acl_id = ${from} and a.id <> ${rootId}
        and (n.parent_id = ${rootId} or n.parent_id in (select id from s))`.execute(db);
    // acl_id = from in the update itself: a folder whose ACL changed since the walk read it is
    // left as it is now.
    const switched = await sql`${walk}
      update nodes set acl_id = ${to} where id in (select id from s) and acl_id = ${from}`.execute(db);
    const ids = boundary.rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('acls')
        .set({ parentAclId: to })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    reparented.push(...ids);
    const changed = ids.length > 0 || Number(switched.numAffectedRows ?? 0) > 0;
    if (!changed || !onPostgres(db)) return reparented;
  }
}

/**
 * These ACLs and every ACL inheriting from them, each once, with their entries (in no
 * particular order). A root below another root is reached from there only: the walk does not
 * descend into roots, so nested roots (a copied tree's ACLs) cost no more than one. The roots may
 * be as many as the ACLs defined just below a folder whose own one goes (`repoint`).
 */
async function descendants(db: DbOrTx, roots: readonly string[]): Promise<AclNode[]> {
  if (roots.length === 0) return [];
  const list = jsonList(roots);
  const rows = await sql<{
    id: string;
    parentAclId: string | null;
    inheritPermissions: number;
    localPermissions: string;
  }>`
    with recursive d (id, parent_acl_id) as (
      select id, parent_acl_id from acls where id in ${list}
      union all
      select a.id, a.parent_acl_id from acls a join d on a.parent_acl_id = d.id
      where a.id not in ${list}
    )
    select d.id, d.parent_acl_id, n.inherit_permissions, n.local_permissions
    from d join nodes n on n.id = d.id`.execute(db);
  return dedupe(rows.rows.map(toAclNode));
}

/**
 * Authorities per look for the nodes naming them: a condition each, and SQLite parses `a or b or …`
 * as a tree at most 1,000 deep (an import removing a thousand units failed).
 */
const NAMING_BATCH = 100;

type NamingNode = AclNode & { parentId: string | null; aclId: string; isFolder: boolean };

/** Nodes whose own entries name one of these authorities (each once), looked for a batch of authorities at a time. */
async function nodesNaming(db: DbOrTx, authorityIds: readonly string[]): Promise<NamingNode[]> {
  const found = new Map<string, NamingNode>();
  for (let i = 0; i < authorityIds.length; i += NAMING_BATCH) {
    for (const node of await nodesNamingAny(db, authorityIds.slice(i, i + NAMING_BATCH))) {
      if (!found.has(node.id)) found.set(node.id, node);
    }
  }
  return [...found.values()];
}

async function nodesNamingAny(db: DbOrTx, authorityIds: readonly string[]): Promise<NamingNode[]> {
  const like = (id: string) => `%"authorityId":${JSON.stringify(id).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('nodes as n')
    .leftJoin('nodes as p', 'p.id', 'n.parentId')
    .select([
      'n.id',
      'n.parentId',
      'n.isFolder',
      'n.inheritPermissions',
      'n.localPermissions',
      sql<string>`coalesce(n.acl_id, p.acl_id)`.as('aclId'),
    ])
    .where((eb) => eb.or(authorityIds.map((id) => sql<boolean>`n.local_permissions like ${like(id)} escape '\\'`)))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    aclId: r.aclId,
    isFolder: r.isFolder === 1,
    parentAclId: null,
    inherit: Number(r.inheritPermissions) === 1,
    local: JSON.parse(r.localPermissions) as PermissionEntry[],
  }));
}

async function replaceGrants(
  db: DbOrTx,
  aclIds: readonly string[],
  grants: (Grant & { aclId: string })[],
): Promise<void> {
  for (let i = 0; i < aclIds.length; i += 500) {
    await db
      .deleteFrom('aclGrants')
      .where('aclId', 'in', aclIds.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < grants.length; i += 500) {
    await db
      .insertInto('aclGrants')
      .values(grants.slice(i, i + 500))
      .execute();
  }
}

/** SQL of access control lists: the acls tree, its derived grants, and re-pointing subtrees. */
export function createAclsRepository() {
  // The hot lookup, compiled once per repository.
  const grantsOfOne = reusableQuery((db, p: Params<{ aclId: string }>) =>
    db.selectFrom('aclGrants').select(['authorityId', 'bits']).where('aclId', '=', p.aclId),
  );
  return {
    async grantsOf(db: DbOrTx, aclId: string): Promise<Grant[]> {
      return (await grantsOfOne(db, { aclId })).rows;
    },
    grantsOfMany,
    define,
    remove,
    setNodeAcl,
    repoint,
    descendants,
    nodesNaming,
    replaceGrants,
  };
}

export type AclsRepository = ReturnType<typeof createAclsRepository>;
