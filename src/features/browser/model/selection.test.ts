import { describe, expect, it } from 'vitest';
import {
  actionTargets,
  EMPTY_SELECTION,
  moveFocus,
  nextIndex,
  prune,
  selectOnly,
  selectRange,
  toggle,
  toggleAll,
} from './selection.ts';

const ids = ['a', 'b', 'c', 'd'];

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

describe('selection', () => {
  it('a click selects one row; Ctrl+click and Space toggle, in row order', () => {
    let s = selectOnly('c');
    expect(s).toEqual({ selected: ['c'], focus: 'c', anchor: 'c' });
    s = toggle(s, ids, 'a');
    expect(s.selected).toEqual(['a', 'c']);
    s = toggle(s, ids, 'c');
    expect(s.selected).toEqual(['a']);
    expect(s.focus).toBe('c');
  });

  it('Shift selects a range from the anchor, either way', () => {
    const s = selectRange(selectOnly('b'), ids, 'd');
    expect(s.selected).toEqual(['b', 'c', 'd']);
    expect(selectRange(s, ids, 'a').selected).toEqual(['a', 'b']);
    expect(selectRange(EMPTY_SELECTION, ids, 'c').selected).toEqual(['c']);
  });

  it('the header checkbox selects the page, then nothing', () => {
    const all = toggleAll(selectOnly('b'), ids);
    expect(all.selected).toEqual(ids);
    expect(toggleAll(all, ids).selected).toEqual([]);
    expect(toggleAll(EMPTY_SELECTION, []).selected).toEqual([]);
  });

  it('arrows move the focus and the selection with it; Shift extends, Ctrl only moves', () => {
    let s = moveFocus(EMPTY_SELECTION, ids, 'ArrowDown');
    expect(s).toEqual(selectOnly('a'));
    s = moveFocus(s!, ids, 'ArrowDown', { shift: true });
    s = moveFocus(s!, ids, 'ArrowDown', { shift: true });
    expect(s?.selected).toEqual(['a', 'b', 'c']);
    s = moveFocus(s!, ids, 'ArrowDown', { ctrl: true });
    expect(s).toMatchObject({ selected: ['a', 'b', 'c'], focus: 'd' });
    expect(toggle(s!, ids, 'd').selected).toEqual(ids);
    expect(moveFocus(s!, ids, 'x')).toBeUndefined();
    expect(moveFocus(s!, ids, 'Home')).toEqual(selectOnly('a'));
  });

  it('forgets rows that are gone, and keeps the same object when nothing changed', () => {
    const s = { selected: ['a', 'c'], focus: 'c', anchor: 'a' };
    expect(prune(s, ['a', 'b', 'c'])).toBe(s);
    expect(prune(s, ['b', 'c'])).toEqual({ selected: ['c'], focus: 'c', anchor: null });
  });

  it('acts on the selection, or on the focused row outside it', () => {
    const s = { selected: ['a', 'b'], focus: 'b', anchor: 'a' };
    expect(actionTargets(s, 'b')).toEqual(['a', 'b']);
    expect(actionTargets(s, 'd')).toEqual(['d']);
    expect(actionTargets(s, null)).toEqual(['a', 'b']);
  });
});
