import { describe, expect, it } from 'vitest';
import { addEntry, changeEntry, isDraftChanged, permissionsBody } from './permissions-draft.ts';

const bob = {
  authorityId: 'bob',
  name: 'Consumer',
  accessStatus: 'ALLOWED' as const,
  authorityDisplayName: 'Bob Brown',
};

describe('the permissions draft', () => {
  it('adds an entry once; the same authority and role again changes its access', () => {
    expect(addEntry([bob], { authorityId: 'carol', name: 'Editor', accessStatus: 'ALLOWED' })).toHaveLength(2);
    expect(addEntry([bob], { ...bob, accessStatus: 'DENIED' })).toEqual([{ ...bob, accessStatus: 'DENIED' }]);
  });

  it('changes a role, merging a change that would duplicate another entry', () => {
    const list = [bob, { authorityId: 'bob', name: 'Editor', accessStatus: 'ALLOWED' as const }];
    expect(changeEntry(list, 0, { name: 'Coordinator' })[0]?.name).toBe('Coordinator');
    expect(changeEntry(list, 0, { name: 'Editor' })).toHaveLength(1);
  });

  it('sends inheritance and the complete locallySet without display names', () => {
    const draft = {
      isInheritanceEnabled: false,
      locallySet: [bob, { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED' as const }],
    };
    expect(permissionsBody(draft)).toEqual({
      isInheritanceEnabled: false,
      locallySet: [
        { authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' },
        { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED' },
      ],
    });
    expect(isDraftChanged(draft, { ...draft, locallySet: [...draft.locallySet] })).toBe(false);
    expect(isDraftChanged(draft, { ...draft, isInheritanceEnabled: true })).toBe(true);
  });
});
