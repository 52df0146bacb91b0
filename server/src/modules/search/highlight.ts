import type { components } from '../../../../openapi/schema.gen.ts';
import type { QueryWords } from './query/query-words.ts';

type HighlightRequest = NonNullable<components['schemas']['SearchRequest']['highlight']>;

/** The fields snippets are made of, by the names a request gives them. */
export const HIGHLIGHT_FIELDS = ['cm:name', 'cm:title', 'cm:description', 'cm:content'] as const;
export type HighlightField = (typeof HIGHLIGHT_FIELDS)[number];

export interface HighlightSpec {
  field: HighlightField;
  prefix: string;
  postfix: string;
  snippetCount: number;
  fragmentSize: number;
}

/** The request's highlight as one spec per field (all four when it names none). */
export function highlightSpecs(request: HighlightRequest): HighlightSpec[] | { unknown: string } {
  type FieldSpec = NonNullable<HighlightRequest['fields']>[number];
  const fields: FieldSpec[] = request.fields?.length ? request.fields : HIGHLIGHT_FIELDS.map((field) => ({ field }));
  const specs: HighlightSpec[] = [];
  for (const f of fields) {
    const field = HIGHLIGHT_FIELDS.find((name) => name === f.field || name === `cm:${f.field}`);
    if (!field) return { unknown: f.field };
    specs.push({
      field,
      prefix: f.prefix ?? request.prefix ?? '<em>',
      postfix: f.postfix ?? request.postfix ?? '</em>',
      snippetCount: f.snippetCount ?? request.snippetCount ?? 1,
      fragmentSize: f.fragmentSize ?? request.fragmentSize ?? 100,
    });
  }
  return specs;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Snippets of `text` around the words of the query, each match wrapped in the spec's prefix and
 * postfix: at most `snippetCount` fragments of about `fragmentSize` characters, cut at blanks.
 * None when no word of the query is in the text.
 */
export function snippetsOf(text: string, words: QueryWords, spec: HighlightSpec): string[] {
  const matches = [...text.matchAll(WORD)]
    .filter((m) => isQueryWord(m[0].toLowerCase(), words))
    .map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const snippets: string[] = [];
  let covered = 0;
  for (const match of matches) {
    if (snippets.length >= spec.snippetCount) break;
    if (match.start < covered) continue;
    const { start, end } = fragmentAround(text, match.start, spec.fragmentSize);
    snippets.push(wrap(text, start, end, matches, spec));
    covered = end;
  }
  return snippets;
}

function isQueryWord(word: string, words: QueryWords): boolean {
  if (words.words.has(word)) return true;
  for (const prefix of words.prefixes) if (word.startsWith(prefix)) return true;
  return false;
}

/** About `size` characters with the match a little after the start, widened to whole words. */
function fragmentAround(text: string, at: number, size: number): { start: number; end: number } {
  if (text.length <= size) return { start: 0, end: text.length };
  let start = Math.max(0, Math.min(at - Math.floor(size / 4), text.length - size));
  let end = Math.min(text.length, start + size);
  while (start > 0 && /\S/.test(text[start - 1]!) && at - start < size / 2) start--;
  while (end < text.length && /\S/.test(text[end]!) && end - start < size * 1.5) end++;
  return { start, end };
}

function wrap(
  text: string,
  start: number,
  end: number,
  matches: { start: number; end: number }[],
  spec: HighlightSpec,
): string {
  let out = '';
  let at = start;
  for (const m of matches) {
    if (m.start < start || m.end > end) continue;
    out += `${text.slice(at, m.start)}${spec.prefix}${text.slice(m.start, m.end)}${spec.postfix}`;
    at = m.end;
  }
  return (out + text.slice(at, end)).trim();
}
