/** The row a navigation key moves the selection to, or undefined when the key does not move it. */
export function nextIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? 0 : Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The selection of a page of rows, as file managers have it: the selected ids (in row order), the
 * row with the keyboard focus, and the anchor a Shift range starts from.
 */
export interface Selection {
  selected: readonly string[];
  focus: string | null;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { selected: [], focus: null, anchor: null };

const inOrder = (ids: readonly string[], wanted: ReadonlySet<string>) => ids.filter((id) => wanted.has(id));

/** A plain click (or arrow key): this row alone. */
export function selectOnly(id: string): Selection {
  return { selected: [id], focus: id, anchor: id };
}

/** Ctrl/Cmd+click, a checkbox or Space: this row in or out, the others kept. */
export function toggle(state: Selection, ids: readonly string[], id: string): Selection {
  const wanted = new Set(state.selected);
  if (wanted.has(id)) wanted.delete(id);
  else wanted.add(id);
  return { selected: inOrder(ids, wanted), focus: id, anchor: id };
}

/** Shift+click or Shift+arrow: every row from the anchor to this one. */
export function selectRange(state: Selection, ids: readonly string[], id: string): Selection {
  const from = state.anchor !== null ? ids.indexOf(state.anchor) : -1;
  const to = ids.indexOf(id);
  if (from < 0 || to < 0) return selectOnly(id);
  const [start, end] = from <= to ? [from, to] : [to, from];
  return { selected: ids.slice(start, end + 1), focus: id, anchor: state.anchor };
}

/** The header checkbox: all rows of the page, or none when all are selected already. */
export function toggleAll(state: Selection, ids: readonly string[]): Selection {
  const all = ids.length > 0 && ids.every((id) => state.selected.includes(id));
  return all ? { ...state, selected: [] } : { ...state, selected: [...ids] };
}

/**
 * A navigation key on the focused row: the focus moves; the selection follows it (alone), grows
 * from the anchor with Shift, or stays as it is with Ctrl (then Space toggles the focused row).
 * Undefined when the key does not move anything.
 */
export function moveFocus(
  state: Selection,
  ids: readonly string[],
  key: string,
  modifiers: { shift?: boolean; ctrl?: boolean } = {},
): Selection | undefined {
  const current = state.focus !== null ? ids.indexOf(state.focus) : -1;
  const target = nextIndex(key, current, ids.length);
  const id = target === undefined ? undefined : ids[target];
  if (id === undefined) return undefined;
  if (modifiers.ctrl) return { ...state, focus: id };
  if (modifiers.shift)
    return selectRange(state.anchor === null ? { ...state, anchor: ids[current] ?? id } : state, ids, id);
  return selectOnly(id);
}

/** After the rows change (a refresh, a delete): drop what is gone. */
export function prune(state: Selection, ids: readonly string[]): Selection {
  const present = new Set(ids);
  const selected = state.selected.filter((id) => present.has(id));
  const focus = state.focus !== null && present.has(state.focus) ? state.focus : null;
  const anchor = state.anchor !== null && present.has(state.anchor) ? state.anchor : null;
  if (selected.length === state.selected.length && focus === state.focus && anchor === state.anchor) return state;
  return { selected, focus, anchor };
}

/** What the Delete key or a toolbar acts on: the selection, or the focused row when it is outside it. */
export function actionTargets(state: Selection, focusedId: string | null): readonly string[] {
  if (focusedId !== null && !state.selected.includes(focusedId)) return [focusedId];
  return state.selected;
}
