import { describe, expect, it } from 'vitest';
import { favoritesWhere, parseKinds, toggleKind } from './favorites-where.ts';

describe('favoritesWhere', () => {
  it('asks for one kind with a single EXISTS in parentheses', () => {
    expect(favoritesWhere(['file'])).toBe('(EXISTS(target/file))');
    expect(favoritesWhere(['site'])).toBe('(EXISTS(target/site))');
  });

  it('joins several kinds with OR, in a stable order', () => {
    expect(favoritesWhere(['site', 'file'])).toBe('(EXISTS(target/file) OR EXISTS(target/site))');
    expect(favoritesWhere(['folder', 'file'])).toBe('(EXISTS(target/file) OR EXISTS(target/folder))');
  });

  it('sends no clause for none or for every kind', () => {
    expect(favoritesWhere([])).toBeUndefined();
    expect(favoritesWhere(['file', 'folder', 'site'])).toBeUndefined();
  });

  it('ignores a kind given twice', () => {
    expect(favoritesWhere(['folder', 'folder'])).toBe('(EXISTS(target/folder))');
  });
});

describe('kinds in the URL', () => {
  it('reads known kinds only', () => {
    expect(parseKinds('site,file,bogus')).toEqual(['file', 'site']);
    expect(parseKinds(null)).toEqual([]);
  });

  it('toggles a kind on and off', () => {
    expect(toggleKind(['file'], 'site')).toEqual(['file', 'site']);
    expect(toggleKind(['file', 'site'], 'file')).toEqual(['site']);
  });
});
