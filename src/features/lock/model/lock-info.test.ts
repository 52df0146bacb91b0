import { describe, expect, it } from 'vitest';
import { describeLock, lockInfoOf, presetAllowed } from './lock-info.ts';

const now = Date.parse('2026-11-22T10:00:00.000Z');
const alice = { id: 'alice', displayName: 'Alice Adams' };

describe('lockInfoOf', () => {
  it('reads the lock properties', () => {
    const info = lockInfoOf(
      {
        isLocked: true,
        properties: {
          'cm:lockOwner': alice,
          'cm:lockType': 'READ_ONLY_LOCK',
          'cm:lockLifetime': 'EPHEMERAL',
          'cm:expiryDate': '2026-11-22T12:00:00.000+0000',
        },
      },
      now,
    );
    expect(info).toEqual({
      isLocked: true,
      owner: alice,
      type: 'FULL',
      lifetime: 'EPHEMERAL',
      expiresAt: new Date('2026-11-22T12:00:00.000Z'),
    });
  });

  it('a write lock lets its owner change the file', () => {
    const info = lockInfoOf({ isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:lockType': 'WRITE_LOCK' } });
    expect(info.type).toBe('ALLOW_OWNER_CHANGES');
    expect(info.lifetime).toBe('PERSISTENT');
  });

  it('an expired lock is no lock, whatever its properties say', () => {
    const props = { 'cm:lockOwner': alice, 'cm:expiryDate': '2026-11-22T09:00:00.000+0000' };
    expect(lockInfoOf({ properties: props }, now).isLocked).toBe(false);
    expect(lockInfoOf({ isLocked: false, properties: props }, now).isLocked).toBe(false);
    expect(lockInfoOf({}, now)).toMatchObject({ isLocked: false, owner: null, type: null });
  });
});

describe('describeLock', () => {
  it('says who and until when', () => {
    const info = lockInfoOf(
      { isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:expiryDate': '2026-11-22T12:00:00.000+0000' } },
      now,
    );
    expect(describeLock(info, 'bob', now)).toMatch(/^Locked by Alice Adams until .* \(in 2 hours\)$/);
    expect(describeLock({ ...info, expiresAt: null }, 'alice', now)).toBe('Locked by you');
    expect(describeLock(lockInfoOf({}), 'alice')).toBe('Not locked');
  });
});

describe('presetAllowed', () => {
  it('an ephemeral lock lasts two days at most', () => {
    expect(presetAllowed(7 * 86400, 'PERSISTENT')).toBe(true);
    expect(presetAllowed(7 * 86400, 'EPHEMERAL')).toBe(false);
    expect(presetAllowed(2 * 86400, 'EPHEMERAL')).toBe(true);
  });
});
