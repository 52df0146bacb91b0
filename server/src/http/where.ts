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

export function parseWhere(input: string): WhereClause {
  const tokens = tokenize(input);
  let pos = 0;
  const fail = (why: string): never => {
    throw invalidQuery(`${why}: ${input}`);
  };
  const peek = () => tokens[pos];
  const next = () => tokens[pos++] ?? fail('Unexpected end');
  const isWord = (t: Token | undefined, word: string) => t?.type === 'word' && t.text.toUpperCase() === word;
  const expectPunct = (p: '(' | ')' | ',') => {
    const t = next();
    if (t.type !== 'punct' || t.text !== p) fail(`Expected '${p}'`);
  };
  const value = (): string => {
    const t = next();
    if (t.type === 'string' || t.type === 'word') return t.text;
    return fail('Expected a value');
  };
  const property = (): string => {
    const t = next();
    if (t.type !== 'word' || !/^[\p{L}_][\p{L}\p{N}_]*(:[\p{L}\p{N}_]+)?(\/[\p{L}\p{N}_:]+)*$/u.test(t.text)) {
      return fail('Expected a property name');
    }
    return t.text;
  };

  const predicate = (): Predicate => {
    let not = false;
    if (isWord(peek(), 'NOT')) {
      pos += 1;
      not = true;
    }
    if (isWord(peek(), 'EXISTS')) {
      pos += 1;
      expectPunct('(');
      const prop = property();
      expectPunct(')');
      return { kind: 'exists', not, property: prop };
    }
    const prop = property();
    const t = next();
    if (t.type === 'op') return { kind: 'compare', not, property: prop, operator: t.text, value: value() };
    if (isWord(t, 'BETWEEN')) {
      expectPunct('(');
      const a = value();
      expectPunct(',');
      const b = value();
      expectPunct(')');
      return { kind: 'between', not, property: prop, values: [a, b] };
    }
    if (isWord(t, 'IN')) {
      expectPunct('(');
      const values = [value()];
      while (peek()?.type === 'punct' && peek()!.text === ',') {
        pos += 1;
        values.push(value());
      }
      expectPunct(')');
      return { kind: 'in', not, property: prop, values };
    }
    if (isWord(t, 'MATCHES')) {
      expectPunct('(');
      const v = value();
      expectPunct(')');
      return { kind: 'matches', not, property: prop, value: v };
    }
    return fail('Expected a comparison');
  };

  expectPunct('(');
  const predicates = [predicate()];
  let join: 'AND' | 'OR' | undefined;
  while (isWord(peek(), 'AND') || isWord(peek(), 'OR')) {
    const word = (next() as { text: string }).text.toUpperCase() as 'AND' | 'OR';
    if (join && join !== word) fail('AND and OR cannot be mixed');
    join = word;
    predicates.push(predicate());
  }
  expectPunct(')');
  if (pos !== tokens.length) fail('Unexpected text after the closing parenthesis');
  return { join: join ?? 'AND', predicates };
}
