import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { aclReadable } from '../permissions/acl-sql.ts';

/** Who is searching: an administrator reads everything; anyone else what they own or may read. */
export type SearchReader = { all: true } | { all: false; personId: string; authorities: readonly string[] };

export interface SearchPage {
  /** The condition of the query and its filters (search/query/afts-sql.ts), over `nodes`. */
  where: RawBuilder<SqlBool>;
  reader: SearchReader;
  order: { by: Expression<unknown>; ascending: boolean }[];
  skip: number;
  limit: number;
}

/** Live nodes that match and that the reader may read: `nodes` joined to its primary parent. */
function matching(db: DbOrTx, page: SearchPage) {
  let query = db
    .selectFrom('nodes')
    .leftJoin('nodes as parent', 'parent.id', 'nodes.parentId')
    .where('nodes.archivedRootId', 'is', null)
    .where(page.where);
  if (!page.reader.all) {
    // A file without an ACL of its own uses its folder's.
    const acl = sql`coalesce(${sql.ref('nodes.aclId')}, ${sql.ref('parent.aclId')})`;
    const { personId, authorities } = page.reader;
    query = query.where((eb) => eb.or([eb('nodes.ownerId', '=', personId), aclReadable(acl, authorities)]));
  }
  return query;
}

/** The ids of one page of the matches, in order (then by id: pages never overlap), and their number. */
export async function searchPage(db: DbOrTx, page: SearchPage): Promise<{ ids: string[]; total: number }> {
  let ids = matching(db, page).select('nodes.id');
  for (const { by, ascending } of page.order) ids = ids.orderBy(by, ascending ? 'asc' : 'desc');
  const rows = await ids.orderBy('nodes.id', 'asc').limit(page.limit).offset(page.skip).execute();
  const found = rows.map((r) => r.id);
  if (found.length < page.limit && (page.skip === 0 || found.length > 0))
    return { ids: found, total: page.skip + found.length };
  const counted = await matching(db, page)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ids: found, total: Number(counted.n) };
}
