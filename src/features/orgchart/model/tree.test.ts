import { describe, expect, it } from 'vitest';
import { initialTreeState, reduceTree, tabStop, visibleRows, type TreeState, type TreeUnit } from './tree.ts';

const u = (id: string, hasChild = false): TreeUnit => ({ id, name: id.toUpperCase(), hasChild });
const root = u('acme', true);
// acme ─┬─ sales ── emea
//       ├─ eng (children not loaded yet)
//       └─ ops
const children = new Map([
  ['acme', [u('sales', true), u('eng', true), u('ops')]],
  ['sales', [u('emea')]],
]);

const rowsOf = (state: TreeState) => visibleRows(root, children, state.expanded);
const press = (state: TreeState, ...keys: string[]) =>
  keys.reduce((s, key) => reduceTree(s, { type: 'key', key, rows: rowsOf(s) }), state);
const ids = (state: TreeState) => rowsOf(state).map((r) => r.id);

describe('visibleRows', () => {
  it('shows the root expanded with its children, levels and positions', () => {
    const rows = rowsOf(initialTreeState('acme'));
    expect(rows.map((r) => [r.id, r.level, r.posInSet, r.setSize])).toEqual([
      ['acme', 1, 1, 1],
      ['sales', 2, 1, 3],
      ['eng', 2, 2, 3],
      ['ops', 2, 3, 3],
    ]);
    expect(rows[0]).toMatchObject({ isExpanded: true, isLoading: false, parentId: null });
  });

  it('marks an expanded unit whose children have not loaded as loading', () => {
    const state = reduceTree(initialTreeState('acme'), { type: 'toggle', id: 'eng' });
    expect(rowsOf(state).find((r) => r.id === 'eng')).toMatchObject({ isExpanded: true, isLoading: true });
  });

  it('never expands a unit without children', () => {
    const state = reduceTree(initialTreeState('acme'), { type: 'toggle', id: 'ops' });
    expect(rowsOf(state).find((r) => r.id === 'ops')?.isExpanded).toBe(false);
  });
});

describe('the tree keyboard', () => {
  const start = initialTreeState('acme');

  it('moves with Down, Up, Home and End, and stops at the ends', () => {
    expect(press(start, 'ArrowDown').focusedId).toBe('sales');
    expect(press(start, 'ArrowDown', 'ArrowDown', 'ArrowUp').focusedId).toBe('sales');
    expect(press(start, 'End').focusedId).toBe('ops');
    expect(press(start, 'End', 'ArrowDown').focusedId).toBe('ops');
    expect(press(start, 'End', 'Home').focusedId).toBe('acme');
    expect(press(start, 'ArrowUp').focusedId).toBe('acme');
  });

  it('Right expands a closed unit, then enters its first child; Left collapses, then goes to the parent', () => {
    const opened = press(start, 'ArrowDown', 'ArrowRight');
    expect(opened.focusedId).toBe('sales');
    expect(ids(opened)).toEqual(['acme', 'sales', 'emea', 'eng', 'ops']);
    const entered = press(opened, 'ArrowRight');
    expect(entered.focusedId).toBe('emea');
    expect(press(entered, 'ArrowRight').focusedId).toBe('emea');
    const up = press(entered, 'ArrowLeft');
    expect(up.focusedId).toBe('sales');
    const closed = press(up, 'ArrowLeft');
    expect(ids(closed)).toEqual(['acme', 'sales', 'eng', 'ops']);
    expect(press(closed, 'ArrowLeft').focusedId).toBe('acme');
  });

  it('Right on a unit whose children are loading waits there', () => {
    const loading = press(start, 'ArrowDown', 'ArrowDown', 'ArrowRight');
    expect(loading.expanded.has('eng')).toBe(true);
    expect(press(loading, 'ArrowRight').focusedId).toBe('eng');
  });

  it('Enter and Space select the focused unit', () => {
    expect(press(start, 'ArrowDown', 'Enter').selectedId).toBe('sales');
    expect(press(start, 'End', ' ').selectedId).toBe('ops');
    expect(press(start, 'a')).toBe(start);
  });

  it('gives Tab to the focused row, or the selected one when the focused row is hidden, or the first', () => {
    const inside = press(start, 'ArrowDown', 'ArrowRight', 'ArrowRight');
    const selected = reduceTree(inside, { type: 'select', id: 'ops' });
    const collapsed = reduceTree({ ...selected, expanded: new Set(['acme']) }, { type: 'focus', id: 'emea' });
    expect(tabStop(rowsOf(collapsed), collapsed)).toBe('ops');
    expect(tabStop(rowsOf(start), { ...start, focusedId: null })).toBe('acme');
  });

  it('reveals a unit: expands its ancestors and focuses it', () => {
    const revealed = reduceTree(initialTreeState('acme'), {
      type: 'reveal',
      expand: ['acme', 'sales'],
      focusId: 'emea',
    });
    expect(ids(revealed)).toContain('emea');
    expect(revealed.focusedId).toBe('emea');
  });
});
