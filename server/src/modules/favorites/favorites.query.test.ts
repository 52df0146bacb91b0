import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseWhere } from '../../http/where.ts';
import { DEFAULT_FAVORITE_SORT, favoriteKinds, favoriteSort } from './favorites.query.ts';

const kinds = (where?: string) => favoriteKinds(where === undefined ? undefined : parseWhere(where));

describe('favoriteKinds', () => {
  it('is every kind, in listing order, without a clause', () => {
    expect(kinds()).toEqual(['file', 'folder', 'site']);
  });

  it('takes one EXISTS or several joined with OR, in listing order, keywords in any case', () => {
    expect(kinds('(EXISTS(target/site))')).toEqual(['site']);
    expect(kinds('(EXISTS(target/site) OR EXISTS(target/file))')).toEqual(['file', 'site']);
    expect(kinds('(exists(target/folder) or EXISTS(target/folder))')).toEqual(['folder']);
    expect(kinds('(EXISTS(target/FILE))')).toEqual(['file']);
  });

  it.each([
    '(EXISTS(target/file) AND EXISTS(target/folder))',
    '(NOT EXISTS(target/file))',
    '(EXISTS(target/node))',
    '(EXISTS(file))',
    '(EXISTS(other/file))',
    "(target='file')",
    '(EXISTS(target/file) OR isFile=true)',
  ])('refuses %s with 400', (where) => {
    expect(() => kinds(where)).toThrow(ApiError);
    try {
      kinds(where);
    } catch (error) {
      expect((error as ApiError).statusCode).toBe(400);
    }
  });
});

describe('favoriteSort', () => {
  it("is Alfresco's default without orderBy: type ascending, then the newest first", () => {
    expect(favoriteSort([])).toEqual(DEFAULT_FAVORITE_SORT);
    expect(DEFAULT_FAVORITE_SORT).toEqual([
      { field: 'type', ascending: true },
      { field: 'createdAt', ascending: false },
    ]);
  });

  it('takes type, createdAt and title; username (always the same person) orders nothing', () => {
    expect(
      favoriteSort([
        { field: 'username', ascending: true },
        { field: 'title', ascending: false },
        { field: 'createdAt', ascending: true },
        { field: 'type', ascending: true },
      ]),
    ).toEqual([
      { field: 'title', ascending: false },
      { field: 'createdAt', ascending: true },
      { field: 'type', ascending: true },
    ]);
  });

  it.each(['name', 'Type', 'modifiedAt'])('refuses %s with 400 "Invalid sort field"', (field) => {
    expect(() => favoriteSort([{ field, ascending: true }])).toThrow(`Invalid sort field: ${field}`);
  });
});
