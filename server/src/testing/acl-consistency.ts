import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../db/database.ts';

interface Row {
  id: string;
  parentId: string | null;
  isFolder: number;
  inheritPermissions: number;
  localPermissions: string;
  aclId: string | null;
  parentAcl: string | null;
  aclParent: string | null | undefined;
  docAcl: string | null;
  docLive: number;
  eventAcl: string | null;
}

/**
 * Each of these nodes uses the ACL its permissions and its folder's give it (its own, with an acls row
 * inheriting its folder's when it inherits; else its folder's, stored for a folder, not for a file),
 * and the search index's copy of its ACL, and that of the last event of those in `withEvent`, agree.
 */
export async function consistentAcls(
  server: { app: { database: { db: Db } } },
  ids: string[],
  withEvent: string[] = [],
) {
  const rows = await sql<Row>`
    select n.id, n.parent_id, n.is_folder, n.inherit_permissions, n.local_permissions, n.acl_id,
           p.acl_id as parent_acl, a.id as has_acl, a.parent_acl_id as acl_parent,
           d.acl_id as doc_acl, d.live as doc_live,
           (select e.acl_id from node_events e where e.node_id = n.id order by e.id desc limit 1) as event_acl
    from nodes n left join nodes p on p.id = n.parent_id left join acls a on a.id = n.id
    left join search_docs d on d.node_id = n.id
    where n.id in (${sql.join(ids)})`.execute(server.app.database.db);
  expect(rows.rows).toHaveLength(ids.length);
  for (const r of rows.rows as (Row & { hasAcl: string | null })[]) {
    const defines = Number(r.inheritPermissions) === 0 || r.localPermissions !== '[]';
    const effective = r.aclId ?? r.parentAcl;
    if (defines) {
      expect(r.aclId, `${r.id} defines its ACL`).toBe(r.id);
      expect(r.hasAcl, `${r.id}'s acls row`).toBe(r.id);
      expect(r.aclParent, `${r.id}'s ACL inherits`).toBe(Number(r.inheritPermissions) === 1 ? r.parentAcl : null);
    } else {
      expect(r.aclId, `${r.id} uses its folder's ACL`).toBe(Number(r.isFolder) === 1 ? r.parentAcl : null);
      expect(r.hasAcl, `${r.id} has no ACL of its own`).toBeNull();
    }
    expect(r.docAcl, `${r.id}: search_docs ACL`).toBe(effective);
    expect(Number(r.docLive), `${r.id}: search_docs live`).toBe(1);
    if (withEvent.includes(r.id)) expect(r.eventAcl, `${r.id}: last event's ACL`).toBe(effective);
  }
}
