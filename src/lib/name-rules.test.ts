import { describe, expect, it } from 'vitest';
import { nameProblem, suggestName } from './name-rules.ts';

describe('nameProblem', () => {
  it('accepts ordinary names', () => {
    for (const ok of ['Reports', 'q3-2026_final.pdf', 'Été', '.hidden']) expect(nameProblem(ok)).toBeUndefined();
  });
  it('explains each rule', () => {
    expect(nameProblem('')).toMatch(/Enter a name/);
    expect(nameProblem('two words')).toMatch(/spaces/);
    for (const c of ['*', '"', '<', '>', '\\', '/', '?', ':', '|'])
      expect(nameProblem(`a${c}b`)).toMatch(/cannot contain any/);
    expect(nameProblem('a\u0007b')).toMatch(/control/);
    expect(nameProblem('draft.')).toMatch(/dot/);
    expect(nameProblem('x'.repeat(256))).toMatch(/255/);
    expect(nameProblem('invoice\u202Efdp.exe')).toMatch(/invisible/);
    expect(nameProblem('a\u200Bb')).toMatch(/invisible/);
  });
});

describe('suggestName', () => {
  it('makes a valid name', () => {
    expect(suggestName('My report: v2?.')).toBe('My_report__v2_');
    expect(nameProblem(suggestName('  a  b. '))).toBeUndefined();
    expect(suggestName('...')).toBe('_');
    expect(suggestName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });
});
