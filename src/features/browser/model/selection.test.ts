import { describe, expect, it } from 'vitest';
import { nextIndex } from './selection.ts';

describe('nextIndex', () => {
  it('moves within the rows and stops at the ends', () => {
    expect(nextIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
  });
  it('ignores other keys and empty folders', () => {
    expect(nextIndex('a', 0, 3)).toBeUndefined();
    expect(nextIndex('ArrowDown', -1, 0)).toBeUndefined();
  });
});
