import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { onPostgres } from '../../db/row-locks.ts';
import { aclReadable } from '../permissions/acl-sql.ts';
import type { Readers } from '../permissions/access.service.ts';
import { SITE_TYPE } from './sites.model.ts';
import type { SiteSort } from './sites.repository.ts';

/** A search of sites: each word a part of the id, title or description. */
export interface SitesSearch {
  sitesFolderId: string;
  /** Lower-cased words, at least one. */
  words: readonly string[];
  /** Who may read which site nodes; undefined: every site (administrators). */
  readable: Readers | undefined;
  sort: SiteSort[];
  skip: number;
  limit: number;
}

/** A site node as siteFromNode (sites.mappers.ts) reads it. */
export interface FoundSite {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  ownerId: string;
  aclId: string;
  parentId: string | null;
}

/** `%word%` for LIKE with `\` escaping. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the sites the reader may read whose id, title or description contain every word
 * (any case; a word may be in any of them), in the order asked, then by id; and their number.
 */
export async function findSitesPage(db: DbOrTx, search: SitesSearch): Promise<{ items: FoundSite[]; total: number }> {
  const postgres = onPostgres(db);
  const property = (name: string): Expression<string | null> =>
    postgres
      ? sql<string | null>`(${sql.ref('nodes.properties')}::json ->> ${sql.lit(name)})`
      : sql<string | null>`json_extract(${sql.ref('nodes.properties')}, ${sql.lit(`$."${name}"`)})`;
  const lowered = (e: Expression<unknown>) => sql`lower(coalesce(${e}, ''))`;
  const searched = [sql.ref('nodes.nameKey'), lowered(property('cm:title')), lowered(property('cm:description'))];
  const sortKeys = {
    id: sql.ref('nodes.nameKey'),
    title: lowered(property('cm:title')),
    description: lowered(property('cm:description')),
  };
  const { readable } = search;
  const query = db
    .selectFrom('nodes')
    .where('nodes.parentId', '=', search.sitesFolderId)
    .where('nodes.nodeType', '=', SITE_TYPE)
    .where((eb) =>
      eb.and(
        search.words.map((word) =>
          eb.or(searched.map((column) => sql<SqlBool>`${column} like ${containing(word)} escape '\\'`)),
        ),
      ),
    )
    .$if(readable !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('nodes.ownerId', '=', readable!.ownerId),
          aclReadable(sql.ref('nodes.aclId'), readable!.authorities),
        ]),
      ),
    );
  let ordered = query.select(['id', 'name', 'properties', 'ownerId', 'aclId', 'parentId']);
  for (const s of search.sort) ordered = ordered.orderBy(sortKeys[s.field], s.ascending ? 'asc' : 'desc');
  const rows = await ordered.orderBy('nodes.nameKey').limit(search.limit).offset(search.skip).execute();
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = rows.map((r) => ({
    ...r,
    properties: JSON.parse(r.properties) as Record<string, unknown>,
    // A site node is a folder that defines its own ACL: the column is always set.
    aclId: r.aclId ?? r.id,
  }));
  return { items, total: Number(n) };
}
