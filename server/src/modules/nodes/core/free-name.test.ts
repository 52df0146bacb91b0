import { describe, expect, it } from 'vitest';
import { alternativeName } from './free-name.ts';

describe('alternativeName (autoRename)', () => {
  it.each([
    ['report.pdf', 1, 'report-1.pdf'],
    ['report.pdf', 2, 'report-2.pdf'],
    ['archive.tar.gz', 1, 'archive.tar-1.gz'],
    ['d1-2.txt', 1, 'd1-2-1.txt'],
    ['f1', 1, 'f1-1'],
    ['.hidden', 1, '1.hidden'],
    ['.hidden', 2, '2.hidden'],
    ['.config.json', 1, '.config-1.json'],
  ])('makes %s #%i into %s, as Alfresco', (name, n, expected) => {
    expect(alternativeName(name, n)).toBe(expected);
  });
});
