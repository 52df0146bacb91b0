import type { DbOrTx } from '../../../db/database.ts';
import { type Params, reusableWrite } from '../../../db/reusable-query.ts';
import { onPostgres } from '../../../db/row-locks.ts';
import type { TextState } from '../../../db/search-schema.ts';
import { decode, INLINE_PLAIN_BYTES, outcomeOf } from './plain-text.ts';
import { DEFAULT_EXTRACTION } from './text-extractor.ts';
import { textFormatOf } from './text-formats.ts';

/** A small content's bytes with the type and encoding its node records (as the jobs would read them). */
export interface InlineContent {
  readonly contentId: string;
  readonly bytes: Buffer;
  readonly mimeType: string;
  readonly encoding: string;
}

/** Stores a content's text in the caller's transaction when it is cheap to read there. */
export type InlineTextIndexer = (tx: DbOrTx, content: InlineContent) => Promise<void>;

/**
 * The text takes the place of the 'pending' row that the content's insert made (migration 0017's
 * trigger). On SQLite by a delete and an insert, not an update, whose trigger would run the FTS
 * statements that look for nodes to reindex (there are none yet); on PostgreSQL by an update,
 * one round trip, whose trigger finds no node by an index. Compiled once: building a Kysely
 * query costs more than running it.
 */
function statements() {
  return {
    setText: reusableWrite(
      (
        db,
        p: Params<{ id: string; pending: TextState; state: TextState; text: string; truncated: 0 | 1; now: number }>,
      ) =>
        db
          .updateTable('contentText')
          .set({ state: p.state, text: p.text, truncated: p.truncated, updatedAt: p.now })
          .where('contentId', '=', p.id)
          .where('state', '=', p.pending),
    ),
    dropPending: reusableWrite((db, p: Params<{ id: string; pending: TextState }>) =>
      db.deleteFrom('contentText').where('contentId', '=', p.id).where('state', '=', p.pending),
    ),
    insertText: reusableWrite(
      (db, p: Params<{ id: string; state: TextState; text: string; truncated: 0 | 1; now: number }>) =>
        db
          .insertInto('contentText')
          .values({ contentId: p.id, state: p.state, text: p.text, truncated: p.truncated, updatedAt: p.now })
          .onConflict((c) => c.column('contentId').doNothing()),
    ),
  };
}

/**
 * A small plain-text content (up to INLINE_PLAIN_BYTES) is read in the transaction that stores it,
 * before its node points at it: the node's index document takes its words as it is written, and
 * no extraction job runs for it (issue 19: a job's claim, read and store cost several times the
 * reading). Larger ones and other formats stay 'pending' for the jobs. Reading cannot fail: any
 * bytes decode (invalid sequences as U+FFFD), and NULs are dropped.
 */
export function createInlineTextIndexer(maxTextChars = DEFAULT_EXTRACTION.maxTextChars): InlineTextIndexer {
  const q = statements();
  return async (tx, { contentId, bytes, mimeType, encoding }) => {
    if (bytes.byteLength > INLINE_PLAIN_BYTES || textFormatOf(mimeType) !== 'plain') return;
    const { text, truncated } = outcomeOf(decode(bytes, encoding), maxTextChars);
    const row = {
      id: contentId,
      state: 'extracted' as const,
      text,
      truncated: truncated ? 1 : 0,
      now: Date.now(),
    } as const;
    if (onPostgres(tx)) {
      await q.setText(tx, { ...row, pending: 'pending' });
      return;
    }
    await q.dropPending(tx, { id: contentId, pending: 'pending' });
    await q.insertText(tx, row);
  };
}
