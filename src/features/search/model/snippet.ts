/**
 * Highlighted snippets, shown without ever reading them as HTML: the search asks the server to mark
 * each match with two private control characters (which no file name, title or text the server
 * indexes keeps as meaningful), and the snippet is split on them into plain text and matches.
 */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** The `highlight` part of a search request: markers, and short snippets of the fields people read. */
export const HIGHLIGHT = {
  prefix: MATCH_START,
  postfix: MATCH_END,
  mergeContiguous: true,
  fields: [
    { field: 'cm:name', fragmentSize: 200 },
    { field: 'cm:title', fragmentSize: 200 },
    { field: 'cm:description', fragmentSize: 160 },
    { field: 'cm:content', fragmentSize: 160 },
  ],
};

export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

/**
 * A snippet as parts: the text between the markers is a match, the rest is plain. A stray end
 * marker is dropped, an unclosed start runs to the end; empty parts are left out and neighbours of
 * the same kind joined. The parts are text only: whatever markup the snippet holds stays text.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, isMatch: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.isMatch === isMatch) last.text += text;
    else parts.push({ text, isMatch });
  };
  let isMatch = false;
  let current = '';
  for (const char of snippet) {
    if (char === MATCH_START || char === MATCH_END) {
      push(current, isMatch);
      current = '';
      isMatch = char === MATCH_START;
    } else {
      current += char;
    }
  }
  push(current, isMatch);
  return parts;
}

/** A snippet as plain text (markers removed), e.g. for a label. */
export const snippetText = (snippet: string) =>
  splitSnippet(snippet)
    .map((p) => p.text)
    .join('');

type Highlight = { field: string; snippets: string[] };

/** Which snippet a result shows: the content's (the words around the match) first, then description, title. */
export function bestSnippet(
  highlight: readonly Highlight[] | undefined,
): { field: string; snippet: string } | undefined {
  for (const field of ['cm:content', 'cm:description', 'cm:title']) {
    const snippet = highlight?.find((h) => h.field === field)?.snippets[0];
    if (snippet) return { field, snippet };
  }
  return undefined;
}

/** The name with its matches marked, when the server highlighted it. */
export const nameSnippet = (highlight: readonly Highlight[] | undefined) =>
  highlight?.find((h) => h.field === 'cm:name')?.snippets[0];
