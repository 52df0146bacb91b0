import { describe, expect, it } from 'vitest';
import { isActive, mayLock, mayModify, type LockInfo } from './lock-state.ts';

const now = 1_000_000;
const lock = (over: Partial<LockInfo> = {}): LockInfo => ({
  owner: 'ann',
  type: 'ALLOW_OWNER_CHANGES',
  lifetime: 'PERSISTENT',
  expiresAt: null,
  ...over,
});

describe('lock state', () => {
  it('is active until it expires', () => {
    expect(isActive(null, now)).toBe(false);
    expect(isActive(lock(), now)).toBe(true);
    expect(isActive(lock({ expiresAt: now + 1 }), now)).toBe(true);
    expect(isActive(lock({ expiresAt: now }), now)).toBe(false);
  });

  it('lets only the owner modify under ALLOW_OWNER_CHANGES, and nobody under FULL', () => {
    expect(mayModify(lock(), 'ann', now)).toBe(true);
    expect(mayModify(lock(), 'bob', now)).toBe(false);
    expect(mayModify(lock({ type: 'FULL' }), 'ann', now)).toBe(false);
    expect(mayModify(lock({ type: 'FULL', expiresAt: now - 1 }), 'bob', now)).toBe(true);
    expect(mayModify(null, 'bob', now)).toBe(true);
  });

  it('lets the owner refresh and anyone take an expired lock', () => {
    expect(mayLock(lock(), 'ann', now)).toBe(true);
    expect(mayLock(lock(), 'bob', now)).toBe(false);
    expect(mayLock(lock({ expiresAt: now - 1 }), 'bob', now)).toBe(true);
  });
});
