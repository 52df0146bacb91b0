import type { DbOrTx } from '../../../db/database.ts';
import { type Params, reusableWrite } from '../../../db/reusable-query.ts';
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

/** Writes the text row of a content stored in the database, in the caller's transaction. */
export type InlineTextIndexer = (tx: DbOrTx, content: InlineContent) => Promise<void>;

/** The text row of a content, written once (compiled once: building a Kysely query costs more than running it). */
function statements() {
  return {
    insertText: reusableWrite(
      (db, p: Params<{ id: string; state: TextState; text: string | null; truncated: 0 | 1; now: number | null }>) =>
        db
          .insertInto('contentText')
          .values({ contentId: p.id, state: p.state, text: p.text, truncated: p.truncated, updatedAt: p.now })
          .onConflict((c) => c.column('contentId').doNothing()),
    ),
  };
}

/**
 * Writes the text row of a content stored in the database (a small one), in the transaction that
 * stores it, before its node points at it (migration 0024: the content's insert writes none for
 * these). A plain-text content up to INLINE_PLAIN_BYTES is read there and then: the node's index
 * document takes its words as it is written, and no extraction job runs for it (issue 19: a job's
 * claim, read and store cost several times the reading). Other formats are 'pending', for the
 * jobs. Reading cannot fail: any bytes decode (invalid sequences as U+FFFD), and NULs are dropped.
 */
export function createInlineTextIndexer(maxTextChars = DEFAULT_EXTRACTION.maxTextChars): InlineTextIndexer {
  const q = statements();
  return async (tx, { contentId, bytes, mimeType, encoding }) => {
    if (bytes.byteLength > INLINE_PLAIN_BYTES || textFormatOf(mimeType) !== 'plain') {
      await q.insertText(tx, { id: contentId, state: 'pending', text: null, truncated: 0, now: null });
      return;
    }
    const { text, truncated } = outcomeOf(decode(bytes, encoding), maxTextChars);
    await q.insertText(tx, { id: contentId, state: 'extracted', text, truncated: truncated ? 1 : 0, now: Date.now() });
  };
}
