import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this app', () => {
    expect(safeNextPath('/browse/abc?page=2')).toBe('/browse/abc?page=2');
  });
  it('refuses other sites and odd values', () => {
    for (const bad of [null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil', 'browse']) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
  it('refuses control characters and backslashes anywhere (browsers drop tabs and newlines: /\\t/x is //x)', () => {
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/a\u0000b',
      '/browse/\r',
      '/x\u007f',
      '/x\u0085',
      '/a\\b',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
  it('keeps other characters of a path', () => {
    expect(safeNextPath('/browse/a%20b?q=é#top')).toBe('/browse/a%20b?q=é#top');
  });
  it('never returns to the sign-in page itself', () => {
    expect(safeNextPath('/login?next=/x')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries the page as next', () => {
    expect(loginPathFor('/browse/a b', '?page=2')).toBe('/login?next=%2Fbrowse%2Fa%20b%3Fpage%3D2');
  });
  it('has no next for the home page', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});
