import type { DbOrTx } from '../../../db/database.ts';
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
 * A small plain-text content (up to INLINE_PLAIN_BYTES) is read in the transaction that stores it,
 * before its node points at it: the node's index document takes its words as it is written, and
 * no extraction job runs for it (issue 19: a job's claim, read and store cost several times the
 * reading). Larger ones and other formats stay 'pending' for the jobs. Reading cannot fail: any
 * bytes decode (invalid sequences as U+FFFD), and NULs are dropped.
 */
export function createInlineTextIndexer(maxTextChars = DEFAULT_EXTRACTION.maxTextChars): InlineTextIndexer {
  return async (tx, { contentId, bytes, mimeType, encoding }) => {
    if (bytes.byteLength > INLINE_PLAIN_BYTES || textFormatOf(mimeType) !== 'plain') return;
    const { text, truncated } = outcomeOf(decode(bytes, encoding), maxTextChars);
    await tx
      .updateTable('contentText')
      .set({ state: 'extracted', text, truncated: truncated ? 1 : 0, updatedAt: Date.now() })
      .where('contentId', '=', contentId)
      .where('state', '=', 'pending')
      .execute();
  };
}
