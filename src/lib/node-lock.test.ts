import { describe, expect, it } from 'vitest';
import { isLockedAgainst, lockInfoOf, mayUnlock } from './node-lock.ts';

const alice = { id: 'alice', displayName: 'Alice Adams' };
const locked = (type: 'WRITE_LOCK' | 'READ_ONLY_LOCK') =>
  lockInfoOf({ isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:lockType': type } });

describe('isLockedAgainst', () => {
  it('a write lock keeps out everyone but its owner (whatever the case of the user name)', () => {
    expect(isLockedAgainst(locked('WRITE_LOCK'), 'bob')).toBe(true);
    expect(isLockedAgainst(locked('WRITE_LOCK'), 'Alice')).toBe(false);
  });
  it('a full lock keeps out its owner too; no lock keeps out nobody', () => {
    expect(isLockedAgainst(locked('READ_ONLY_LOCK'), 'alice')).toBe(true);
    expect(isLockedAgainst(lockInfoOf({ isLocked: false }), 'bob')).toBe(false);
  });
});

describe('mayUnlock', () => {
  it('the lock owner, and those with full control (updatePermissions)', () => {
    const info = locked('WRITE_LOCK');
    expect(mayUnlock(info, { allowableOperations: ['update'] }, 'alice')).toBe(true);
    expect(mayUnlock(info, { allowableOperations: ['update', 'delete'] }, 'bob')).toBe(false);
    expect(mayUnlock(info, { allowableOperations: ['update', 'updatePermissions'] }, 'bob')).toBe(true);
    expect(mayUnlock(lockInfoOf({ isLocked: false }), { allowableOperations: ['updatePermissions'] }, 'bob')).toBe(
      false,
    );
  });
});
