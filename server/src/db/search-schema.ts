import type { ColumnType } from 'kysely';
import type { Flag } from './schema.ts';

/** The search index's tables (migrations 0017, 0018, 0032), as Kysely sees them. */

export type TextState = 'pending' | 'extracted' | 'none' | 'failed';

/**
 * The text of a content object, for the search index (migration 0017): a row is created with the
 * content ('pending'); an extraction job fills in the rest.
 */
export interface ContentTextTable {
  contentId: string;
  state: TextState;
  text: string | null;
  /** Why a text could not be read (state failed), or what was cut. */
  reason: string | null;
  truncated: ColumnType<Flag, Flag | undefined, Flag>;
  attempts: ColumnType<number, number | undefined, number>;
  /** A running job holds a pending row until then. */
  claimedUntil: number | null;
  updatedAt: number | null;
}

/**
 * One search document per node, kept by triggers (migrations 0017, 0018). SQLite: `id` keys the
 * FTS5 table search_fts; PostgreSQL: `terms` is the tsvector (no `id`). The node's attributes that
 * searches filter, count and order by are copied here: `live` (1: not in the trash), `aclId` (the
 * ACL that decides who reads it: its own, or its folder's for a file without one) and the columns
 * of the same names in `nodes`.
 */
export interface SearchDocsTable {
  nodeId: string;
  live: number;
  aclId: string | null;
  ownerId: string | null;
  parentId: string | null;
  nodeType: string;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
  mimeType: string | null;
  sizeInBytes: number | null;
  /** The node's aspects, the JSON text of `nodes.aspects` (migration 0032). */
  aspects: ColumnType<string, string | undefined, string>;
}
