import { describe, expect, it } from 'vitest';
import { lockNoteOf } from './lock-note.ts';

const alice = { id: 'alice', displayName: 'Alice Adams' };
const locked = (type: string) => ({ isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:lockType': type } });

describe('lockNoteOf', () => {
  it('says the lock keeps the user out (not whose: the lock section says it), and nothing to the owner of a write lock', () => {
    expect(lockNoteOf(locked('WRITE_LOCK'), 'bob')).toBe('It cannot be changed while it is locked.');
    expect(lockNoteOf(locked('WRITE_LOCK'), 'alice')).toBeNull();
    expect(lockNoteOf({ isLocked: false }, 'bob')).toBeNull();
  });
  it('a full lock keeps its owner out too', () => {
    expect(lockNoteOf(locked('READ_ONLY_LOCK'), 'alice')).toBe(
      'Your lock keeps everyone, you too, from changing it: unlock it to make changes.',
    );
    expect(lockNoteOf(locked('READ_ONLY_LOCK'), 'bob')).toBe('It cannot be changed while it is locked.');
  });
});
