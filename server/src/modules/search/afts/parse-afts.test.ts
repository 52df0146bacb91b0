import { describe, expect, it } from 'vitest';
import type { AftsNode } from './afts.ast.ts';
import { AftsQueryError } from './afts.errors.ts';
import { MAX_QUERY_DEPTH, parseAfts } from './parse-afts.ts';

const word = (value: string, extra: object = {}): AftsNode => ({ kind: 'term', value, exact: false, ...extra });
const cm = (name: string, subField?: string) => (subField ? { prefix: 'cm', name, subField } : { prefix: 'cm', name });
const plain = (prefix: 'default' | 'mandatory' | 'optional' | 'exclude', query: AftsNode) => ({ prefix, query });

function refusal(query: string, options = {}): AftsQueryError {
  try {
    parseAfts(query, options);
  } catch (error) {
    if (error instanceof AftsQueryError) return error;
    throw error;
  }
  throw new Error(`"${query}" was read`);
}

describe('parseAfts: terms, phrases and fields', () => {
  it.each([
    ['report', word('report')],
    ['  report  ', word('report')],
    ['annual-report_2026.pdf', word('annual-report_2026.pdf')],
    ['alice@example.com', word('alice@example.com')],
    ['"annual report"', { kind: 'phrase', value: 'annual report', exact: false }],
    ["'annual report'", { kind: 'phrase', value: 'annual report', exact: false }],
    ['"say \\"hi\\""', { kind: 'phrase', value: 'say "hi"', exact: false }],
    ['=Report', word('Report', { exact: true })],
    ['~report', word('report')],
    ['cm:name:report', word('report', { field: cm('name') })],
    ['@cm:name:report', word('report', { field: cm('name') })],
    ['@cm\\:name:report', word('report', { field: cm('name') })],
    ['cm_name:report', word('report', { field: { name: 'cm_name' } })],
    ['TEXT:report', word('report', { field: { name: 'TEXT' } })],
    ["TYPE:'cm:content'", { kind: 'phrase', field: { name: 'TYPE' }, value: 'cm:content', exact: false }],
    ['TYPE:cm\\:content', word('cm:content', { field: { name: 'TYPE' } })],
    ['cm:content.mimetype:text/plain', word('text/plain', { field: cm('content', 'mimetype') })],
    [
      '{http://www.alfresco.org/model/content/1.0}title:x',
      word('x', { field: { uri: 'http://www.alfresco.org/model/content/1.0', name: 'title' } }),
    ],
    [
      'PATH:"/app:company_home//*"',
      { kind: 'phrase', field: { name: 'PATH' }, value: '/app:company_home//*', exact: false },
    ],
    ['ANDROID', word('ANDROID')],
    ['ORACLE', word('ORACLE')],
    // Spaces after the colon, as ADF's permission dialog writes them (Alfresco's grammar skips them).
    ['name: "Company Home"', { kind: 'phrase', field: { name: 'name' }, value: 'Company Home', exact: false }],
    ['cm:name:  report', word('report', { field: cm('name') })],
    [
      'cm:created: [a TO b]',
      { kind: 'range', field: cm('created'), from: 'a', to: 'b', includeFrom: true, includeTo: true },
    ],
  ])('%s', (query, expected) => {
    expect(parseAfts(query)).toEqual(expected);
  });

  it('marks unescaped wildcards and keeps escaped ones literal', () => {
    expect(parseAfts('rep*')).toEqual(word('rep*', { wildcards: [3] }));
    expect(parseAfts('r?p*rt')).toEqual(word('r?p*rt', { wildcards: [1, 3] }));
    expect(parseAfts('rep\\*')).toEqual(word('rep*'));
    expect(parseAfts('*')).toEqual(word('*', { wildcards: [0] }));
    expect(parseAfts('cm:title:*')).toEqual(word('*', { field: cm('title'), wildcards: [0] }));
  });

  it('reads fuzzy, slop, boosts, proximity and templates (which the search then refuses by name)', () => {
    expect(parseAfts('colour~0.7')).toEqual(word('colour', { fuzzy: 0.7 }));
    expect(parseAfts('"big dog"~3')).toEqual({ kind: 'phrase', value: 'big dog', exact: false, slop: 3 });
    expect(parseAfts('big^2')).toEqual({ kind: 'and', clauses: [{ prefix: 'default', query: word('big'), boost: 2 }] });
    expect(parseAfts('big *(3) dog')).toEqual({ kind: 'proximity', words: ['big', 'dog'] });
    expect(parseAfts('big * dog')).toEqual({ kind: 'proximity', words: ['big', 'dog'] });
    expect(parseAfts('%names')).toEqual({ kind: 'template', name: 'names' });
  });
});

describe('parseAfts: ranges', () => {
  it.each([
    [
      'cm:modified:[NOW/DAY-30DAYS TO NOW/DAY+1DAY]',
      { from: 'NOW/DAY-30DAYS', to: 'NOW/DAY+1DAY', includeFrom: true, includeTo: true, field: cm('modified') },
    ],
    [
      'cm:created:<2026-01-01 TO 2026-02-01>',
      { from: '2026-01-01', to: '2026-02-01', includeFrom: false, includeTo: false },
    ],
    [
      'cm:created:[2026-01-01T10:00:00Z to MAX>',
      { from: '2026-01-01T10:00:00Z', to: 'MAX', includeFrom: true, includeTo: false },
    ],
    [
      'cm:content.size:0..1024',
      { from: '0', to: '1024', includeFrom: true, includeTo: true, field: cm('content', 'size') },
    ],
    ['cm:name:["a b" TO "c"]', { from: 'a b', to: 'c' }],
    ['[1 TO 5]', { from: '1', to: '5' }],
  ])('%s', (query, expected) => {
    expect(parseAfts(query)).toMatchObject({ kind: 'range', ...expected });
  });
});

describe('parseAfts: connectives', () => {
  it('joins unconnected clauses with AND by default, OR binding looser', () => {
    expect(parseAfts('a b OR c')).toEqual({
      kind: 'or',
      clauses: [
        plain('default', { kind: 'and', clauses: [plain('default', word('a')), plain('default', word('b'))] }),
        plain('default', word('c')),
      ],
    });
  });

  it('joins them with OR when asked (and for Lucene), AND binding tighter', () => {
    const expected = {
      kind: 'or',
      clauses: [
        plain('default', word('a')),
        plain('default', { kind: 'and', clauses: [plain('default', word('b')), plain('default', word('c'))] }),
      ],
    };
    expect(parseAfts('a b AND c', { defaultOperator: 'OR' })).toEqual(expected);
    expect(parseAfts('a b && c', { language: 'lucene' })).toEqual(expected);
  });

  it('reads the keywords in any case and their symbols', () => {
    expect(parseAfts('a and b')).toEqual(parseAfts('a AND b'));
    expect(parseAfts('a && b')).toEqual(parseAfts('a AND b'));
    expect(parseAfts('a || b')).toEqual(parseAfts('a OR b'));
    expect(parseAfts('a or b')).toEqual(parseAfts('a OR b'));
    expect(parseAfts('not a')).toEqual(parseAfts('!a'));
  });

  it('keeps each prefix', () => {
    expect(parseAfts('+a -b |c NOT d e')).toEqual({
      kind: 'and',
      clauses: [
        plain('mandatory', word('a')),
        plain('exclude', word('b')),
        plain('optional', word('c')),
        plain('exclude', word('d')),
        plain('default', word('e')),
      ],
    });
  });

  it('groups with parentheses and gives a field group its field', () => {
    expect(parseAfts('(a OR b) c')).toEqual({
      kind: 'and',
      clauses: [
        plain('default', { kind: 'or', clauses: [plain('default', word('a')), plain('default', word('b'))] }),
        plain('default', word('c')),
      ],
    });
    expect(parseAfts('cm:title:(big OR "red dog")')).toEqual({
      kind: 'or',
      clauses: [
        plain('default', word('big', { field: cm('title') })),
        plain('default', { kind: 'phrase', field: cm('title'), value: 'red dog', exact: false }),
      ],
    });
  });

  it('reads the Content App’s Recent Files filter queries', () => {
    expect(parseAfts('cm:modifier:alice OR cm:creator:alice')).toMatchObject({ kind: 'or' });
    expect(parseAfts("TYPE:'content' AND -TYPE:'app:filelink'")).toMatchObject({
      kind: 'and',
      clauses: [{ prefix: 'default' }, { prefix: 'exclude' }],
    });
  });
});

describe('parseAfts: refusals say where', () => {
  it.each([
    ['', 'The query is empty.', 1],
    ['   ', 'The query is empty.', 1],
    ['a AND', 'The query ends too early: more was expected at character 6 of the query.', 6],
    ['(a', 'The query ends too early: more was expected at character 3 of the query.', 3],
    ['a)', 'Unexpected ")" at character 2 of the query.', 2],
    ['"open', 'Unexpected "\\"" at character 1 of the query.', 1],
    ['cm:name:', 'The query ends too early: more was expected at character 9 of the query.', 9],
    ['cm:created:[a TO', 'The query ends too early: more was expected at character 17 of the query.', 17],
    ['a OR', 'The query ends too early: more was expected at character 5 of the query.', 5],
    ['cm:name:*\u0000*', 'The query holds a NUL character.', 10],
    [
      'cm:title:(a cm:name:b)',
      'A field group (field:(…)) cannot name another field inside it (at character 1 of the query).',
      1,
    ],
  ])('%j', (query, message, position) => {
    const error = refusal(query);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
  });

  it('refuses nesting deeper than the limit before parsing, and reads it up to the limit', () => {
    const deep = (n: number) => `${'('.repeat(n)}a${')'.repeat(n)}`;
    expect(parseAfts(deep(MAX_QUERY_DEPTH))).toEqual(word('a'));
    expect(refusal(deep(MAX_QUERY_DEPTH + 1)).position).toBe(MAX_QUERY_DEPTH + 1);
    expect(parseAfts(`"${'('.repeat(100)}"`)).toMatchObject({ kind: 'phrase' });
    expect(parseAfts(`${'\\('.repeat(100)}`)).toMatchObject({ kind: 'term' });
  });

  it('refuses a query longer than the limit', () => {
    expect(refusal('a '.repeat(9000)).message).toMatch(/longer than 16384 characters/);
  });

  it('reads a long flat query without exhausting the stack', () => {
    const query = Array.from({ length: 1500 }, (_, i) => `w${i}`).join(' OR ');
    expect(parseAfts(query)).toMatchObject({ kind: 'or' });
  });
});
