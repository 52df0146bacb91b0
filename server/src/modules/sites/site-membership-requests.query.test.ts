import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../http/where.ts';
import { requestsWhere } from './site-membership-requests.query.ts';

const parsed = (where: string) => requestsWhere(parseWhere(where));

describe('requestsWhere', () => {
  it('reads siteId, personId and both joined with AND', () => {
    expect(requestsWhere(undefined)).toEqual({});
    expect(parsed("(siteId='marketing')")).toEqual({ siteId: 'marketing' });
    expect(parsed("(personId='bob')")).toEqual({ personId: 'bob' });
    expect(parsed("(siteId='marketing' and personId='bob')")).toEqual({ siteId: 'marketing', personId: 'bob' });
  });

  it.each([
    "(siteId='a' OR personId='b')",
    "(title='a')",
    "(NOT siteId='a')",
    "(siteId>'a')",
    '(EXISTS(siteId))',
    "(siteId='a' AND siteId='b')",
  ])('refuses %s with 400', (where) => {
    expect(() => parsed(where)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
