import { describe, expect, it } from 'vitest';
import { displayName, memberPath, parseOrgPath, unitPath } from './org-path.ts';

describe('the org chart URL', () => {
  it('names the root, a unit or a member', () => {
    expect(parseOrgPath(undefined)).toEqual({ kind: 'root' });
    expect(parseOrgPath('')).toEqual({ kind: 'root' });
    expect(parseOrgPath('unit/sales-emea')).toEqual({ kind: 'unit', unitId: 'sales-emea' });
    expect(parseOrgPath('member/-me-/')).toEqual({ kind: 'member', username: '-me-' });
    expect(parseOrgPath('team/x')).toBeNull();
    expect(parseOrgPath('unit/a/b')).toBeNull();
  });

  it('builds the paths', () => {
    expect(unitPath('a b')).toBe('/org-chart/unit/a%20b');
    expect(memberPath('alice')).toBe('/org-chart/member/alice');
  });

  it('names people', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Adams', userName: 'ann' })).toBe('Ann Adams');
    expect(displayName({ firstName: '', userName: 'ann' })).toBe('ann');
  });
});
