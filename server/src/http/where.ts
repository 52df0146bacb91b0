import { invalidQuery } from './errors.ts';

/**
 * Parser for Alfresco's `where` clause: `(pred [AND|OR pred]*)`, each predicate optionally
 * prefixed by NOT: `prop=value`, `prop<value`, `prop>value`, `prop<=value`, `prop>=value`,
 * `EXISTS(prop)`, `prop BETWEEN (a,b)`, `prop IN (a,b,…)`, `prop MATCHES('x')`.
 * Values are 'quoted' (with \' escapes) or bare words. AND and OR cannot be mixed.
 */
export type Predicate =
  | { kind: 'compare'; not: boolean; property: string; operator: '=' | '<' | '>' | '<=' | '>='; value: string }
  | { kind: 'exists'; not: boolean; property: string }
  | { kind: 'between'; not: boolean; property: string; values: [string, string] }
  | { kind: 'in'; not: boolean; property: string; values: string[] }
  | { kind: 'matches'; not: boolean; property: string; value: string };

export interface WhereClause {
  join: 'AND' | 'OR';
  predicates: Predicate[];
}

type Token =
  | { type: 'word'; text: string }
  | { type: 'string'; text: string }
  | { type: 'op'; text: '=' | '<' | '>' | '<=' | '>=' }
  | { type: 'punct'; text: '(' | ')' | ',' };

const WORD = /[\p{L}\p{N}_:/.\-*]/u;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ type: 'punct', text: ch });
      i += 1;
    } else if (ch === '<' || ch === '>') {
      const two = input[i + 1] === '=';
      tokens.push({ type: 'op', text: two ? (`${ch}=` as '<=' | '>=') : ch });
      i += two ? 2 : 1;
    } else if (ch === '=') {
      tokens.push({ type: 'op', text: '=' });
      i += 1;
    } else if (ch === "'") {
      let text = '';
      i += 1;
      while (i < input.length && input[i] !== "'") {
        if (input[i] === '\\' && i + 1 < input.length) i += 1;
        text += input[i];
        i += 1;
      }
      if (i >= input.length) throw invalidQuery(`Unterminated string in ${input}`);
      i += 1;
      tokens.push({ type: 'string', text });
    } else if (WORD.test(ch)) {
      let text = '';
      while (i < input.length && WORD.test(input[i]!)) {
        text += input[i];
        i += 1;
      }
      tokens.push({ type: 'word', text });
    } else {
      throw invalidQuery(`Unexpected character '${ch}' in ${input}`);
    }
  }
  return tokens;
}

/** A parse in progress: the tokens of the input, and the position of the next. */
interface Parser {
  readonly input: string;
  readonly tokens: Token[];
  pos: number;
}

type PredicateOf<K extends Predicate['kind']> = Extract<Predicate, { kind: K }>;

export function parseWhere(input: string): WhereClause {
  const p: Parser = { input, tokens: tokenize(input), pos: 0 };
  expectPunct(p, '(');
  const predicates = [predicate(p)];
  let join: 'AND' | 'OR' | undefined;
  while (isWord(peek(p), 'AND') || isWord(peek(p), 'OR')) {
    const word = (next(p) as { text: string }).text.toUpperCase() as 'AND' | 'OR';
    if (join && join !== word) fail(p, 'AND and OR cannot be mixed');
    join = word;
    predicates.push(predicate(p));
  }
  expectPunct(p, ')');
  if (p.pos !== p.tokens.length) fail(p, 'Unexpected text after the closing parenthesis');
  return { join: join ?? 'AND', predicates };
}

function fail(p: Parser, why: string): never {
  throw invalidQuery(`${why}: ${p.input}`);
}

const peek = (p: Parser) => p.tokens[p.pos];
const next = (p: Parser) => p.tokens[p.pos++] ?? fail(p, 'Unexpected end');
const isWord = (t: Token | undefined, word: string) => t?.type === 'word' && t.text.toUpperCase() === word;

function expectPunct(p: Parser, punct: '(' | ')' | ','): void {
  const t = next(p);
  if (t.type !== 'punct' || t.text !== punct) fail(p, `Expected '${punct}'`);
}

function value(p: Parser): string {
  const t = next(p);
  if (t.type === 'string' || t.type === 'word') return t.text;
  return fail(p, 'Expected a value');
}

function property(p: Parser): string {
  const t = next(p);
  if (t.type !== 'word' || !/^[\p{L}_][\p{L}\p{N}_]*(:[\p{L}\p{N}_]+)?(\/[\p{L}\p{N}_:]+)*$/u.test(t.text)) {
    return fail(p, 'Expected a property name');
  }
  return t.text;
}

/** One predicate, NOT included: EXISTS(prop), or a property followed by its comparison. */
function predicate(p: Parser): Predicate {
  let not = false;
  if (isWord(peek(p), 'NOT')) {
    p.pos += 1;
    not = true;
  }
  if (isWord(peek(p), 'EXISTS')) {
    p.pos += 1;
    expectPunct(p, '(');
    const prop = property(p);
    expectPunct(p, ')');
    return { kind: 'exists', not, property: prop };
  }
  const prop = property(p);
  const t = next(p);
  if (t.type === 'op') return { kind: 'compare', not, property: prop, operator: t.text, value: value(p) };
  if (isWord(t, 'BETWEEN')) return between(p, not, prop);
  if (isWord(t, 'IN')) return inList(p, not, prop);
  if (isWord(t, 'MATCHES')) return matches(p, not, prop);
  return fail(p, 'Expected a comparison');
}

/** `(a,b)` after BETWEEN. */
function between(p: Parser, not: boolean, prop: string): PredicateOf<'between'> {
  expectPunct(p, '(');
  const a = value(p);
  expectPunct(p, ',');
  const b = value(p);
  expectPunct(p, ')');
  return { kind: 'between', not, property: prop, values: [a, b] };
}

/** `(a,b,…)` after IN. */
function inList(p: Parser, not: boolean, prop: string): PredicateOf<'in'> {
  expectPunct(p, '(');
  const values = [value(p)];
  while (peek(p)?.type === 'punct' && peek(p)!.text === ',') {
    p.pos += 1;
    values.push(value(p));
  }
  expectPunct(p, ')');
  return { kind: 'in', not, property: prop, values };
}

/** `('x')` after MATCHES. */
function matches(p: Parser, not: boolean, prop: string): PredicateOf<'matches'> {
  expectPunct(p, '(');
  const v = value(p);
  expectPunct(p, ')');
  return { kind: 'matches', not, property: prop, value: v };
}
