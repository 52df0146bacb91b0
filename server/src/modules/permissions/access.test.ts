import { describe, expect, it } from 'vitest';
import { Access, bitsFor, effectiveGrants, effectiveGrantsBelow, FULL_CONTROL } from './access.ts';
import type { PermissionEntry } from './permissions.ts';

const allow = (authorityId: string, name: string): PermissionEntry => ({ authorityId, name, accessStatus: 'ALLOWED' });
const deny = (authorityId: string, name: string): PermissionEntry => ({ authorityId, name, accessStatus: 'DENIED' });
const bob = new Set(['bob', 'GROUP_EVERYONE']);
const carol = new Set(['carol', 'GROUP_EVERYONE']);
const bits = (levels: PermissionEntry[][], who: ReadonlySet<string>) =>
  bitsFor(
    [...effectiveGrants(levels)].map(([authorityId, b]) => ({ authorityId, bits: b })),
    who,
  );

describe('effective grants', () => {
  it('gives each caller what the roles of their authorities grant', () => {
    expect(bits([[allow('GROUP_EVERYONE', 'Consumer')]], bob)).toBe(Access.READ);
    expect(bits([[allow('bob', 'Collaborator')]], bob)).toBe(
      Access.READ | Access.WRITE | Access.ADD_CHILDREN | Access.READ_PERMISSIONS,
    );
    expect(bits([[allow('bob', 'Coordinator')]], carol)).toBe(0);
    expect(bits([[allow('bob', 'Coordinator')]], bob)).toBe(FULL_CONTROL);
  });

  it('lets a DENIED for a person beat an ALLOWED for a group, at the same level or nearer', () => {
    expect(bits([[deny('bob', 'Read'), allow('GROUP_EVERYONE', 'Consumer')]], bob)).toBe(0);
    expect(bits([[deny('bob', 'Read')], [allow('GROUP_EVERYONE', 'Consumer')]], bob)).toBe(0);
    expect(bits([[allow('GROUP_EVERYONE', 'Consumer')], [deny('bob', 'Read')]], bob)).toBe(0);
    expect(bits([[deny('bob', 'Read')], [allow('GROUP_EVERYONE', 'Contributor')]], bob)).toBe(
      Access.ADD_CHILDREN | Access.READ_PERMISSIONS,
    );
    expect(bits([[deny('bob', 'Read')], [allow('GROUP_EVERYONE', 'Consumer')]], carol)).toBe(Access.READ);
  });

  it('lets a nearer ALLOWED for the same authority beat a DENIED further up', () => {
    expect(bits([[allow('bob', 'Consumer')], [deny('bob', 'Consumer')]], bob)).toBe(Access.READ);
    expect(bits([[deny('bob', 'Consumer')], [allow('bob', 'Coordinator')]], bob)).toBe(FULL_CONTROL & ~Access.READ);
    // At one level the DENIED wins.
    expect(bits([[allow('bob', 'Consumer'), deny('bob', 'Read')]], bob)).toBe(0);
  });

  it('ignores the global roles in ACLs', () => {
    expect(effectiveGrants([[allow('ROLE_OWNER', 'All')]]).size).toBe(0);
  });
});

describe('grants below a parent ACL', () => {
  it('equal the grants over all the levels, folded one level at a time from the top', () => {
    const authorities = ['bob', 'carol', 'GROUP_EVERYONE', 'GROUP_x'];
    const roles = ['Consumer', 'Contributor', 'Editor', 'Coordinator', 'Read', 'Write', 'Delete', 'AddChildren'];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round += 1) {
      const levels = Array.from({ length: 1 + random(6) }, () =>
        Array.from({ length: random(4) }, () =>
          (random(3) === 0 ? deny : allow)(authorities[random(4)]!, roles[random(roles.length)]!),
        ),
      );
      let folded = new Map<string, number>();
      for (const level of [...levels].reverse()) folded = effectiveGrantsBelow(level, folded);
      expect(folded).toEqual(effectiveGrants(levels));
    }
  });
});
