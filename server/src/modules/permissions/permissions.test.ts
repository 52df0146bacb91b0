import { describe, expect, it } from 'vitest';
import { checkLocallySet, inheritedEntries } from './permissions.ts';

// People's ids are case-insensitive: the stored spelling is what an entry keeps.
const exists = async (id: string) => (id.toLowerCase() === 'bob' ? 'bob' : undefined);

describe('checkLocallySet', () => {
  it('defaults accessStatus to ALLOWED and accepts people and built-in authorities', async () => {
    expect(
      await checkLocallySet(
        [
          { authorityId: 'bob', name: 'Editor' },
          { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'DENIED' },
        ],
        exists,
      ),
    ).toEqual([
      { authorityId: 'bob', name: 'Editor', accessStatus: 'ALLOWED' },
      { authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'DENIED' },
    ]);
  });

  it('stores the authority as the repository spells it', async () => {
    expect(await checkLocallySet([{ authorityId: 'BOB', name: 'Consumer' }], exists)).toEqual([
      { authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' },
    ]);
  });

  it.each([
    [[{ authorityId: 'nobody', name: 'Editor' }], /Unknown authority/],
    [[{ authorityId: 'bob', name: 'Boss' }], /Unknown permission/],
    [[{ authorityId: 'bob', name: 'Editor', accessStatus: 'MAYBE' }], /Invalid accessStatus/],
    [[{ name: 'Editor' }], /authorityId and a name/],
    [
      [
        { authorityId: 'bob', name: 'Editor' },
        { authorityId: 'bob', name: 'Editor', accessStatus: 'DENIED' },
      ],
      /Duplicate/,
    ],
  ])('rejects %j', async (entries, message) => {
    await expect(checkLocallySet(entries, exists)).rejects.toThrow(message);
  });
});

describe('inheritedEntries', () => {
  const e = (authorityId: string) => ({ authorityId, name: 'Consumer', accessStatus: 'ALLOWED' as const });
  it('collects ancestors up to the first one that does not inherit', () => {
    const chain = [
      { inherit: true, local: [e('parent')] },
      { inherit: false, local: [e('grandparent')] },
      { inherit: true, local: [e('root')] },
    ];
    expect(inheritedEntries({ inherit: true, local: [] }, chain).map((x) => x.authorityId)).toEqual([
      'parent',
      'grandparent',
    ]);
    expect(inheritedEntries({ inherit: false, local: [] }, chain)).toEqual([]);
  });
});
