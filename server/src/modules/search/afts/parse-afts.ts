import type { AftsNode } from './afts.ast.ts';
import { AftsQueryError } from './afts.errors.ts';
import { parse, SyntaxError as GrammarError } from './afts.parser.generated.js';

/** The query languages of Alfresco's search API that Quire reads: one grammar for both. */
export type AftsLanguage = 'afts' | 'lucene';

export interface AftsParseOptions {
  readonly language?: AftsLanguage;
  /** The connective between clauses that have none written; Alfresco's default is AND for AFTS, OR for Lucene. */
  readonly defaultOperator?: 'AND' | 'OR';
}

/** Longest query text read: a bound on the parser's work (its time is linear in the length). */
export const MAX_QUERY_LENGTH = 16_384;

/** Deepest nesting of parentheses: a bound on the recursion of everything that walks the tree. */
export const MAX_QUERY_DEPTH = 32;

/** Parses an AFTS (or Lucene-subset) query into its syntax tree, or throws AftsQueryError. */
export function parseAfts(text: string, options: AftsParseOptions = {}): AftsNode {
  if (text.trim() === '') throw new AftsQueryError('The query is empty.', 1);
  if (text.length > MAX_QUERY_LENGTH) {
    throw new AftsQueryError(`The query is longer than ${MAX_QUERY_LENGTH} characters.`, MAX_QUERY_LENGTH + 1);
  }
  // SQLite reads a text only up to a NUL (`*\0*` became `*`, matching everything), PostgreSQL refuses it.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new AftsQueryError('The query holds a NUL character.', nul + 1);
  assertNesting(text);
  const defaultOperator = options.defaultOperator ?? (options.language === 'lucene' ? 'OR' : 'AND');
  try {
    return parse(text, { defaultOperator });
  } catch (error) {
    if (!(error instanceof GrammarError)) throw error;
    throw new AftsQueryError(describe(error), error.location.start.offset + 1);
  }
}

function describe(error: GrammarError): string {
  const at = `at character ${error.location.start.offset + 1} of the query`;
  // error() in a grammar action: its own words, no expectations.
  if (!error.expected) return `${error.message.replace(/\.$/, '')} (${at}).`;
  if (error.found === null || error.found === undefined) return `The query ends too early: more was expected ${at}.`;
  return `Unexpected ${JSON.stringify(error.found)} ${at}.`;
}

/** Refuses parentheses nested deeper than MAX_QUERY_DEPTH (escaped and quoted ones do not count). */
function assertNesting(text: string): void {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (quote) quote = char === quote ? null : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ')') depth--;
    else if (char === '(' && ++depth > MAX_QUERY_DEPTH) {
      throw new AftsQueryError(`Parentheses are nested deeper than ${MAX_QUERY_DEPTH} levels.`, i + 1);
    }
  }
}
