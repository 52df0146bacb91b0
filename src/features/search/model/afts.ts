/**
 * What people type, made into AFTS (Alfresco Full Text Search) that means exactly the words typed:
 * every character the grammar reads as syntax is escaped, so a query can never become a field
 * search, a range, an operator or a wildcard the person did not write.
 */

/** The words the grammar reads as operators when they stand alone. */
const KEYWORDS = /^(and|or|not|to)$/i;

/** Characters that are letters, digits or `_`: never syntax. */
const PLAIN = /[\p{L}\p{N}_]/u;

/** One word, every character that could be syntax escaped with `\` (a trailing `*` kept as a prefix search when asked). */
export function escapeAftsWord(word: string, { allowTrailingWildcard = false } = {}): string {
  const isPrefix = allowTrailingWildcard && /[\p{L}\p{N}]\*$/u.test(word);
  const body = isPrefix ? word.slice(0, -1) : word;
  let out = '';
  for (const char of body) out += PLAIN.test(char) ? char : `\\${char}`;
  // A bare AND, OR, NOT or TO is an operator: escaping its first letter makes it a word again.
  if (KEYWORDS.test(body)) out = `\\${out}`;
  return isPrefix ? `${out}*` : out;
}

/**
 * Text in double quotes, as an AFTS phrase. Inside quotes only `"` and `\` are syntax; `*` and `?`
 * are wildcards even there (as Alfresco reads `"repo*"`), so they become blanks: they are not part
 * of any word the index holds.
 */
export function quoteAfts(text: string): string {
  return `"${text.replace(/[*?]/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** A value for a field search (`cm:creator:"…"`), quoted: quotes and backslashes escaped, wildcards kept out. */
export const aftsValue = quoteAfts;

/**
 * The search box's text as an AFTS query: `"quoted phrases"` stay phrases, other words are escaped
 * one by one (a trailing `*` on a word is a prefix search, as people expect). Empty text is `*`.
 */
export function userQuery(text: string): string {
  const parts: string[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const [, phrase, word] = match;
    if (phrase !== undefined) {
      if (phrase.trim()) parts.push(quoteAfts(phrase.trim()));
    } else if (word !== undefined) {
      parts.push(escapeAftsWord(word, { allowTrailingWildcard: true }));
    }
  }
  return parts.length ? parts.join(' ') : '*';
}

/** Names that start with the term (the suggestions as one types): `cm:name:"term*"`. */
export function namePrefixQuery(term: string): string {
  const quoted = quoteAfts(term.trim());
  return `cm:name:${quoted.slice(0, -1)}*"`;
}

/** Files and folders people keep, not sites' own folders or hidden system nodes. */
export const FILES_AND_FOLDERS =
  '(TYPE:"cm:content" OR TYPE:"cm:folder") AND -TYPE:"st:site" AND -ASPECT:"st:siteContainer" AND -ASPECT:"sys:hidden"';

/** What someone created or last changed (the Recent files query): `cm:modifier:"id" OR cm:creator:"id"`. */
export function touchedBy(userId: string): string {
  const who = aftsValue(userId);
  return `cm:modifier:${who} OR cm:creator:${who}`;
}
