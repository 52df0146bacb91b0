import { describe, expect, it } from 'vitest';
import { nameHint, nameProblem, onlySpacesFixed, suggestName } from './name-rules.ts';

describe('nameProblem under strict (the default)', () => {
  it('accepts ordinary names', () => {
    for (const ok of ['Reports', 'q3-2026_final.pdf', 'Été', '.hidden', '😀.png'])
      expect(nameProblem(ok, 'strict')).toBeUndefined();
  });
  it('explains each rule', () => {
    expect(nameProblem('', 'strict')).toMatch(/Enter a name/);
    expect(nameProblem('two words')).toMatch(/spaces/);
    expect(nameProblem('tab\there', 'strict')).toMatch(/control/);
    expect(nameProblem('nbsp\u00A0here', 'strict')).toMatch(/spaces/);
    for (const c of ['*', '"', '<', '>', '\\', '/', '?', ':', '|'])
      expect(nameProblem(`a${c}b`, 'strict')).toMatch(/cannot contain any/);
    expect(nameProblem('a\u0007b', 'strict')).toMatch(/control/);
    expect(nameProblem('draft.', 'strict')).toMatch(/dot/);
    expect(nameProblem('x'.repeat(256), 'strict')).toMatch(/255/);
    expect(nameProblem('x'.repeat(255), 'strict')).toBeUndefined();
    expect(nameProblem('invoice\u202Efdp.exe', 'strict')).toMatch(/invisible/);
    expect(nameProblem('a\u200Bb', 'strict')).toMatch(/invisible/);
    expect(nameProblem('lone\uD800', 'strict')).toMatch(/unpaired/);
  });
});

describe('nameProblem under alfresco', () => {
  it('accepts what Alfresco accepts: inner spaces, invisible characters', () => {
    for (const ok of ['Annual report.txt', 'My Docs', ' leading', 'a\u200Bb', 'dot .txt'])
      expect(nameProblem(ok, 'alfresco')).toBeUndefined();
  });
  it('refuses what Alfresco refuses', () => {
    expect(nameProblem('trailing ', 'alfresco')).toMatch(/end with a space/);
    expect(nameProblem('draft.', 'alfresco')).toMatch(/dot/);
    expect(nameProblem('a:b', 'alfresco')).toMatch(/cannot contain any/);
    expect(nameProblem('a\u0007b', 'alfresco')).toMatch(/control/);
    expect(nameProblem('   ', 'alfresco')).toMatch(/Enter a name/);
  });
});

describe('suggestName', () => {
  it('makes a valid name under strict', () => {
    expect(suggestName('My report: v2?.')).toBe('My_report__v2_');
    expect(nameProblem(suggestName('  a  b. '))).toBeUndefined();
    expect(suggestName('...')).toBe('_');
    expect(suggestName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(suggestName('Annual report.txt', 'strict')).toBe('Annual_report.txt');
  });
  it('keeps inner spaces under alfresco', () => {
    expect(suggestName('Q3 report. ', 'alfresco')).toBe('Q3 report');
    expect(suggestName('a:b', 'alfresco')).toBe('a_b');
  });
  it('tells a spaces-only fix, and hints by policy', () => {
    expect(onlySpacesFixed('My Docs', 'strict')).toBe(true);
    expect(onlySpacesFixed('why?', 'strict')).toBe(false);
    expect(nameHint('strict')).toMatch(/No spaces/);
    expect(nameHint('alfresco')).not.toMatch(/No spaces/);
  });
});
