import { describe, expect, it } from 'vitest';
import { escapeAftsWord, namePrefixQuery, quoteAfts, touchedBy, userQuery } from './afts.ts';

describe('escapeAftsWord', () => {
  it.each([
    ['report', 'report'],
    ['Bericht', 'Bericht'],
    ['annual-report_2026.pdf', 'annual\\-report_2026\\.pdf'],
    ['cm:name:x', 'cm\\:name\\:x'],
    ['(a', '\\(a'],
    ['[1', '\\[1'],
    ['2]', '2\\]'],
    ['"quoted"', '\\"quoted\\"'],
    ['back\\slash', 'back\\\\slash'],
    ['a*b?', 'a\\*b\\?'],
    ['+must', '\\+must'],
    ['-not', '\\-not'],
    ['=exact', '\\=exact'],
    ['~fuzzy~0.8', '\\~fuzzy\\~0\\.8'],
    ['%template', '\\%template'],
    ['{uri}x', '\\{uri\\}x'],
    ['a&&b||c!', 'a\\&\\&b\\|\\|c\\!'],
    ['^2', '\\^2'],
    ['<b>', '\\<b\\>'],
    ["it's", "it\\'s"],
    ['été', 'été'],
  ])('%s → %s', (word, escaped) => {
    expect(escapeAftsWord(word)).toBe(escaped);
  });

  it('makes the operators AND, OR, NOT and TO words again', () => {
    expect(escapeAftsWord('AND')).toBe('\\AND');
    expect(escapeAftsWord('or')).toBe('\\or');
    expect(escapeAftsWord('Not')).toBe('\\Not');
    expect(escapeAftsWord('to')).toBe('\\to');
    expect(escapeAftsWord('ANDROID')).toBe('ANDROID');
  });

  it('keeps a trailing * as a prefix search only when asked and after a letter or digit', () => {
    expect(escapeAftsWord('rep*', { allowTrailingWildcard: true })).toBe('rep*');
    expect(escapeAftsWord('rep*')).toBe('rep\\*');
    expect(escapeAftsWord('*', { allowTrailingWildcard: true })).toBe('\\*');
    expect(escapeAftsWord('a.*', { allowTrailingWildcard: true })).toBe('a\\.\\*');
    expect(escapeAftsWord('r*p*', { allowTrailingWildcard: true })).toBe('r\\*p*');
  });
});

describe('quoteAfts', () => {
  it('escapes quotes and backslashes and blanks out wildcards', () => {
    expect(quoteAfts('annual report')).toBe('"annual report"');
    expect(quoteAfts('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(quoteAfts('a*b?c')).toBe('"a b c"');
  });
});

describe('userQuery', () => {
  it('escapes each word and keeps quoted phrases', () => {
    expect(userQuery('budget 2026')).toBe('budget 2026');
    expect(userQuery('  "annual report"  cm:name:x ')).toBe('"annual report" cm\\:name\\:x');
    expect(userQuery('quarterly AND -draft')).toBe('quarterly \\AND \\-draft');
    expect(userQuery('repo*')).toBe('repo*');
    expect(userQuery('"unclosed phrase')).toBe('"unclosed phrase"');
    expect(userQuery('""')).toBe('*');
    expect(userQuery('   ')).toBe('*');
    expect(userQuery('a) OR (b')).toBe('a\\) \\OR \\(b');
  });
});

describe('namePrefixQuery', () => {
  it('asks for names that start with the term, whatever it holds', () => {
    expect(namePrefixQuery('quart')).toBe('cm:name:"quart*"');
    expect(namePrefixQuery(' annual rep ')).toBe('cm:name:"annual rep*"');
    expect(namePrefixQuery('a"b\\c')).toBe('cm:name:"a\\"b\\\\c*"');
    expect(namePrefixQuery('x*y')).toBe('cm:name:"x y*"');
  });
});

describe('touchedBy', () => {
  it('quotes the person', () => {
    expect(touchedBy('alice')).toBe('cm:modifier:"alice" OR cm:creator:"alice"');
    expect(touchedBy('o"brien@x.com')).toBe('cm:modifier:"o\\"brien@x.com" OR cm:creator:"o\\"brien@x.com"');
  });
});
