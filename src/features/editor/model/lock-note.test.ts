import { describe, expect, it } from 'vitest';
import { lockNoteOf } from './lock-note.ts';

const alice = { id: 'alice', displayName: 'Alice Adams' };
const locked = (type: string) => ({ isLocked: true, properties: { 'cm:lockOwner': alice, 'cm:lockType': type } });

describe('lockNoteOf', () => {
  it('says whose lock keeps the user out, and says nothing to the owner of a write lock', () => {
    expect(lockNoteOf(locked('WRITE_LOCK'), 'bob')).toBe(
      'Locked by Alice Adams: you cannot change it until it is unlocked.',
    );
    expect(lockNoteOf(locked('WRITE_LOCK'), 'alice')).toBeNull();
    expect(lockNoteOf({ isLocked: false }, 'bob')).toBeNull();
  });
  it('a full lock keeps its owner out too', () => {
    expect(lockNoteOf(locked('READ_ONLY_LOCK'), 'alice')).toBe(
      'Locked by you so that nobody can change it: unlock it to make changes.',
    );
    expect(lockNoteOf(locked('READ_ONLY_LOCK'), 'bob')).toContain('Locked by Alice Adams so that nobody');
  });
});
