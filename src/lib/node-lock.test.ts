import { describe, expect, it } from 'vitest';
import { isLockedAgainst, lockInfoOf, lockNoteOf, mayUnlock } from './node-lock.ts';

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
  it('as the server says: unlock in allowableOperations of a locked node', () => {
    const info = locked('WRITE_LOCK');
    expect(mayUnlock(info, { allowableOperations: ['update', 'unlock'] })).toBe(true);
    expect(mayUnlock(info, { allowableOperations: ['update', 'updatePermissions'] })).toBe(false);
    expect(mayUnlock(lockInfoOf({ isLocked: false }), { allowableOperations: ['unlock'] })).toBe(false);
  });
});

describe('lockNoteOf', () => {
  it('says whose lock keeps the user out, and says nothing to the owner of a write lock', () => {
    const node = (type: string) => ({ isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:lockType': type } });
    expect(lockNoteOf(node('WRITE_LOCK'), 'bob')).toMatch(/^Locked by Alice Adams: it cannot be changed/);
    expect(lockNoteOf(node('WRITE_LOCK'), 'alice')).toBeNull();
    expect(lockNoteOf(node('READ_ONLY_LOCK'), 'alice')).toMatch(/^Locked by you so that nobody can change it/);
    expect(lockNoteOf({ isLocked: false }, 'bob')).toBeNull();
  });
});
