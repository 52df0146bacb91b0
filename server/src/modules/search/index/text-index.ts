import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../../db/database.ts';

/** The parts of a node the index holds words of (migration 0017). */
export type TextColumn = 'name' | 'title' | 'description' | 'content';

export const TEXT_COLUMNS: readonly TextColumn[] = ['name', 'title', 'description', 'content'];

/** Words to find in some parts of a node: all of them, or in this order (a phrase). */
export interface TextMatch {
  readonly columns: readonly TextColumn[];
  /** Lower-cased words (wordsOf); at least one. */
  readonly words: readonly string[];
  /** The last word is a prefix (`repo*`). */
  readonly prefix: boolean;
  readonly phrase: boolean;
  /** Any of the words (each a prefix when `prefix`) instead of all of them; not with `phrase`. */
  readonly any?: boolean;
}

/**
 * The full-text index behind search, one per database: what it answers is a condition on the
 * search document `doc` (search_docs) that its words match, which the search composes with its
 * other conditions. Trashed nodes are in the index too; the search keeps live ones.
 */
export interface TextIndex {
  matching(match: TextMatch): RawBuilder<SqlBool>;
}

export function textIndexFor(db: DbOrTx): TextIndex {
  return db.getExecutor().adapter instanceof PostgresAdapter ? tsvectorIndex : fts5Index;
}

/** SQLite: an FTS5 query with a column filter: `{name title} : ("annual" "repo" *)`. */
const fts5Index: TextIndex = {
  matching({ columns, words, prefix, phrase, any }) {
    const quoted = (w: string) => `"${w.replaceAll('"', '""')}"`;
    const star = prefix ? ' *' : '';
    const body = phrase
      ? `${quoted(words.join(' '))}${star}`
      : any
        ? words.map((w) => `${quoted(w)}${star}`).join(' OR ')
        : words.map((w, i) => `${quoted(w)}${i === words.length - 1 ? star : ''}`).join(' AND ');
    const query = `{${columns.join(' ')}} : (${body})`;
    return sql<SqlBool>`doc.id in (select rowid from search_fts where search_fts match ${query})`;
  },
};

const WEIGHTS: Record<TextColumn, string> = { name: 'A', title: 'B', description: 'C', content: 'D' };

/**
 * Words PostgreSQL's parser splits where wordsOf does not: a run of digits, e, digits is a number
 * of its own there (`9e4f2a` is indexed as `9e4` and `f2a`, next to each other).
 */
export const PARSER_SPLITS = /\de\d/i;

/**
 * PostgreSQL: a tsquery whose lexemes carry the parts' weights: `'annual':AB & 'repo':*AB`. A word
 * the parser splits (PARSER_SPLITS) is asked as the phrase of its pieces, as the parser split it
 * when it indexed the text (`'9e4':AB <-> 'f2a':AB`).
 */
const tsvectorIndex: TextIndex = {
  matching({ columns, words, prefix, phrase, any }) {
    const weights = columns.map((c) => WEIGHTS[c]).join('');
    const lexeme = (w: string, last: boolean) => `'${w.replaceAll("'", "''")}':${last && prefix ? '*' : ''}${weights}`;
    if (!words.some((w) => PARSER_SPLITS.test(w))) {
      const query = any
        ? words.map((w) => lexeme(w, true)).join(' | ')
        : words.map((w, i) => lexeme(w, i === words.length - 1)).join(phrase ? ' <-> ' : ' & ');
      return sql<SqlBool>`doc.terms @@ cast(${query} as tsquery)`;
    }
    const part = (w: string, last: boolean): RawBuilder<unknown> => {
      if (!PARSER_SPLITS.test(w)) return sql`cast(${lexeme(w, last)} as tsquery)`;
      // The pieces' phrase as the parser makes it, each piece given the weights (the last one also
      // the prefix): a piece's closing quote is followed by a blank, or ends the text.
      const pieces = sql`cast(phraseto_tsquery('simple', ${w}) as text)`;
      const lastPiece = sql`regexp_replace(${pieces}, '''$', ${`':${last && prefix ? '*' : ''}${weights}`})`;
      return sql`cast(regexp_replace(${lastPiece}, ''' ', ${`':${weights} `}, 'g') as tsquery)`;
    };
    const parts = words.map((w, i) => part(w, any || i === words.length - 1));
    const combined = parts.reduce((a, b) =>
      any ? sql`(${a} || ${b})` : phrase ? sql`tsquery_phrase(${a}, ${b})` : sql`(${a} && ${b})`,
    );
    return sql<SqlBool>`doc.terms @@ ${combined}`;
  },
};
