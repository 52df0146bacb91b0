import { describe, expect, it } from 'vitest';
import { lostAbilities, type Caller, type PermissionState } from './self-access.ts';

const alice: Caller = { id: 'alice', isAdmin: false, groups: ['GROUP_marketing'] };
const entry = (authorityId: string, name: string, accessStatus: 'ALLOWED' | 'DENIED' = 'ALLOWED') => ({
  authorityId,
  name,
  accessStatus,
});
const state = (over: Partial<PermissionState>): PermissionState => ({
  isInheritanceEnabled: true,
  locallySet: [],
  inherited: [],
  ...over,
});

describe('the self-removal check', () => {
  it('warns when the caller removes the entry that lets them in', () => {
    const before = state({ locallySet: [entry('alice', 'Coordinator')] });
    expect(lostAbilities(alice, 'admin', before, state({}))).toEqual(['read', 'managePermissions']);
  });

  it('does not warn when a group or an inherited entry still lets them in', () => {
    const before = state({ locallySet: [entry('alice', 'Coordinator'), entry('GROUP_marketing', 'Coordinator')] });
    expect(
      lostAbilities(alice, 'admin', before, state({ locallySet: [entry('GROUP_marketing', 'Coordinator')] })),
    ).toEqual([]);
    const inherited = state({
      locallySet: [entry('alice', 'Coordinator')],
      inherited: [entry('GROUP_EVERYONE', 'Coordinator')],
    });
    expect(lostAbilities(alice, 'admin', inherited, { ...inherited, locallySet: [] })).toEqual([]);
  });

  it('warns when switching inheritance off takes their access away', () => {
    const before = state({ inherited: [entry('GROUP_EVERYONE', 'Consumer')] });
    expect(lostAbilities(alice, 'admin', before, { ...before, isInheritanceEnabled: false })).toEqual(['read']);
  });

  it('warns about a DENIED entry for one of their groups, even when they are allowed elsewhere', () => {
    const before = state({ locallySet: [entry('alice', 'Coordinator')] });
    const after = state({
      locallySet: [entry('alice', 'Coordinator'), entry('GROUP_marketing', 'Consumer', 'DENIED')],
    });
    expect(lostAbilities(alice, 'admin', before, after)).toEqual(['read']);
  });

  it('a nearer entry for the person decides over an inherited one for the same person', () => {
    const before = state({ inherited: [entry('alice', 'Coordinator')] });
    const after = state({ locallySet: [entry('alice', 'Consumer')], inherited: [entry('alice', 'Coordinator')] });
    expect(lostAbilities(alice, 'admin', before, after)).toEqual([]);
    const denied = state({
      locallySet: [entry('alice', 'Coordinator', 'DENIED')],
      inherited: [entry('alice', 'Coordinator')],
    });
    expect(lostAbilities(alice, 'admin', before, denied)).toEqual(['read', 'managePermissions']);
  });

  it('never warns administrators or the owner', () => {
    const before = state({ locallySet: [entry('alice', 'Coordinator')] });
    expect(lostAbilities({ ...alice, isAdmin: true }, 'admin', before, state({}))).toEqual([]);
    expect(lostAbilities(alice, 'alice', before, state({ isInheritanceEnabled: false }))).toEqual([]);
  });
});
