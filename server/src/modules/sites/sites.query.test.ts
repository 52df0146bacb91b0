import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseWhere } from '../../http/where.ts';
import { siteVisibilities } from './sites.query.ts';

const visibilities = (where?: string) => siteVisibilities(where === undefined ? undefined : parseWhere(where));

describe('siteVisibilities', () => {
  it('is no filter without a clause', () => {
    expect(visibilities()).toBeUndefined();
  });

  it('takes one visibility or several joined with OR, quoted or not', () => {
    expect(visibilities("(visibility='PRIVATE')")).toEqual(['PRIVATE']);
    expect(visibilities("(visibility='MODERATED' or visibility=PUBLIC)")).toEqual(['PUBLIC', 'MODERATED']);
  });

  it.each([
    "(visibility='public')",
    "(visibility='SECRET')",
    "(visibility='PUBLIC' AND visibility='PRIVATE')",
    "(NOT visibility='PUBLIC')",
    "(visibility IN ('PUBLIC','PRIVATE'))",
    "(title='x')",
    '(EXISTS(visibility))',
  ])('refuses %s with 400', (where) => {
    expect(() => visibilities(where)).toThrow(ApiError);
    try {
      visibilities(where);
    } catch (error) {
      expect((error as ApiError).statusCode).toBe(400);
    }
  });
});
