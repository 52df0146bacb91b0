/**
 * The words of a text as the index holds them (migration 0017): runs of letters and digits,
 * lower-cased; everything else separates words (FTS5's unicode61 tokenizer, and PostgreSQL's
 * 'simple' configuration over text whose punctuation became blanks).
 */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}
