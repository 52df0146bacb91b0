import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';
import type { AclGrantsTable } from '../../db/schema.ts';
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

/** SQL of access control lists: the acls tree, its derived grants, and re-pointing subtrees. */
export function createAclsRepository() {
  const grantsOfOne = reusableQuery<Pick<AclGrantsTable, 'authorityId' | 'bits'>, [string]>(1, (db, aclId) =>
    db.selectFrom('aclGrants').select(['authorityId', 'bits']).where('aclId', '=', aclId!),
  );

  return {
    async grantsOf(db: DbOrTx, aclId: string): Promise<Grant[]> {
      return (await grantsOfOne(db, aclId)).rows;
    },

    async grantsOfMany(db: DbOrTx, aclIds: readonly string[]): Promise<Map<string, Grant[]>> {
      const result = new Map<string, Grant[]>(aclIds.map((id) => [id, []]));
      if (aclIds.length === 0) return result;
      const rows = await db
        .selectFrom('aclGrants')
        .select(['aclId', 'authorityId', 'bits'])
        .where('aclId', 'in', [...new Set(aclIds)])
        .execute();
      for (const r of rows) result.get(r.aclId)?.push({ authorityId: r.authorityId, bits: r.bits });
      return result;
    },

    /** Creates the ACL of a node, or changes the ACL it inherits from. */
    async define(db: DbOrTx, id: string, parentAclId: string | null): Promise<void> {
      await db
        .insertInto('acls')
        .values({ id, parentAclId })
        .onConflict((oc) => oc.column('id').doUpdateSet({ parentAclId }))
        .execute();
    },

    async remove(db: DbOrTx, id: string): Promise<void> {
      await db.deleteFrom('acls').where('id', '=', id).execute();
    },

    async setNodeAcl(db: DbOrTx, nodeId: string, aclId: string): Promise<void> {
      await db.updateTable('nodes').set({ aclId }).where('id', '=', nodeId).execute();
    },

    /**
     * Below `rootId`, every node that uses ACL `from` (reached through nodes that use it) switches
     * to `to`; the ACLs defined just below them that inherited `from` now inherit `to`. Returns
     * those re-parented ACLs.
     */
    async repoint(db: DbOrTx, rootId: string, from: string, to: string): Promise<string[]> {
      const walk = sql`with recursive s (id) as (
          select id from nodes where parent_id = ${rootId} and acl_id = ${from}
          union all
          select n.id from nodes n join s on n.parent_id = s.id where n.acl_id = ${from}
        )`;
      const boundary = await sql<{ id: string }>`${walk}
        select a.id from acls a join nodes n on n.id = a.id
        where a.parent_acl_id = ${from} and a.id <> ${rootId}
          and (n.parent_id = ${rootId} or n.parent_id in (select id from s))`.execute(db);
      await sql`${walk} update nodes set acl_id = ${to} where id in (select id from s)`.execute(db);
      const ids = boundary.rows.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .updateTable('acls')
          .set({ parentAclId: to })
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
      }
      return ids;
    },

    /** These ACLs and every ACL inheriting from them, parents before children, with their entries. */
    async descendants(db: DbOrTx, roots: readonly string[]): Promise<AclNode[]> {
      if (roots.length === 0) return [];
      const rows = await sql<{
        id: string;
        parentAclId: string | null;
        inheritPermissions: number;
        localPermissions: string;
      }>`
        with recursive d (id, parent_acl_id, depth) as (
          select id, parent_acl_id, 0 from acls where id in (${sql.join([...roots])})
          union all
          select a.id, a.parent_acl_id, d.depth + 1 from acls a join d on a.parent_acl_id = d.id
        )
        select d.id, d.parent_acl_id, n.inherit_permissions, n.local_permissions
        from d join nodes n on n.id = d.id order by d.depth`.execute(db);
      return dedupe(rows.rows.map(toAclNode));
    },

    /** The ACLs a node's ACL inherits from, nearest first (up to the first that does not inherit). */
    async ancestors(db: DbOrTx, aclId: string): Promise<AclNode[]> {
      const rows = await sql<{
        id: string;
        parentAclId: string | null;
        inheritPermissions: number;
        localPermissions: string;
      }>`
        with recursive u (id, parent_acl_id, depth) as (
          select id, parent_acl_id, 0 from acls where id = ${aclId}
          union all
          select a.id, a.parent_acl_id, u.depth + 1 from acls a join u on a.id = u.parent_acl_id
        )
        select u.id, u.parent_acl_id, n.inherit_permissions, n.local_permissions
        from u join nodes n on n.id = u.id where u.depth > 0 order by u.depth`.execute(db);
      return rows.rows.map(toAclNode);
    },

    /** The nodes whose own entries name this authority. */
    async nodesNaming(
      db: DbOrTx,
      authorityId: string,
    ): Promise<(AclNode & { parentId: string | null; aclId: string })[]> {
      // LIKE narrows the rows (its _ may match more); the entries are then compared exactly.
      const pattern = `%${JSON.stringify({ authorityId }).slice(1, -1)}%`;
      const rows = await db
        .selectFrom('nodes')
        .select(['id', 'parentId', 'aclId', 'inheritPermissions', 'localPermissions'])
        .where('localPermissions', 'like', pattern)
        .execute();
      return rows
        .map((r) => ({ ...toAclNode({ ...r, parentAclId: null }), parentId: r.parentId, aclId: r.aclId }))
        .filter((n) => n.local.some((e) => e.authorityId === authorityId));
    },

    async setLocalEntries(db: DbOrTx, nodeId: string, local: PermissionEntry[]): Promise<void> {
      await db
        .updateTable('nodes')
        .set({ localPermissions: JSON.stringify(local) })
        .where('id', '=', nodeId)
        .execute();
    },

    async replaceGrants(db: DbOrTx, aclIds: readonly string[], grants: (Grant & { aclId: string })[]): Promise<void> {
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
    },
  };
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

export type AclsRepository = ReturnType<typeof createAclsRepository>;
