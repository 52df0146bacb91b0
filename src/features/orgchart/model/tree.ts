/**
 * The org chart tree's model: which units show (the root, and the children of expanded units that
 * have loaded), and the ARIA tree keyboard (Up/Down, Right expands or enters, Left collapses or goes
 * to the parent, Home/End, Enter selects) as a pure reducer.
 */

export interface TreeUnit {
  id: string;
  name: string;
  hasChild: boolean;
}

/** A unit as the tree shows it: one row of the flattened, visible tree. */
export interface TreeRow extends TreeUnit {
  /** 1 for the root (aria-level). */
  level: number;
  parentId: string | null;
  isExpanded: boolean;
  /** Expanded, and its children have not loaded yet. */
  isLoading: boolean;
  /** Position among its siblings, from 1 (aria-posinset), and their number (aria-setsize). */
  posInSet: number;
  setSize: number;
}

/** The children of each unit whose subunits have loaded, by unit id (in the server's order: weight, then name). */
export type ChildrenIndex = ReadonlyMap<string, readonly TreeUnit[]>;

export interface TreeState {
  expanded: ReadonlySet<string>;
  focusedId: string | null;
  selectedId: string | null;
}

export const initialTreeState = (rootId: string | null = null): TreeState => ({
  expanded: new Set(rootId ? [rootId] : []),
  focusedId: rootId,
  selectedId: null,
});

/** The rows a person sees, depth first. */
export function visibleRows(root: TreeUnit, children: ChildrenIndex, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (unit: TreeUnit, level: number, parentId: string | null, posInSet: number, setSize: number) => {
    const isExpanded = unit.hasChild && expanded.has(unit.id);
    const kids = isExpanded ? children.get(unit.id) : undefined;
    rows.push({ ...unit, level, parentId, isExpanded, isLoading: isExpanded && !kids, posInSet, setSize });
    kids?.forEach((kid, i) => visit(kid, level + 1, unit.id, i + 1, kids.length));
  };
  visit(root, 1, null, 1, 1);
  return rows;
}

/** The row that takes Tab (roving tabindex): the focused one if shown, else the selected one, else the first. */
export function tabStop(rows: readonly TreeRow[], state: TreeState): string | null {
  const shown = (id: string | null) => id !== null && rows.some((r) => r.id === id);
  if (shown(state.focusedId)) return state.focusedId;
  if (shown(state.selectedId)) return state.selectedId;
  return rows[0]?.id ?? null;
}

export type TreeAction =
  | { type: 'key'; key: string; rows: readonly TreeRow[] }
  | { type: 'focus'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'select'; id: string | null }
  /** Opens the tree down to units: expands every id given (ancestors), and focuses `focusId`. */
  | { type: 'reveal'; expand: readonly string[]; focusId?: string };

const withExpanded = (state: TreeState, id: string, open: boolean): TreeState => {
  const expanded = new Set(state.expanded);
  if (open) expanded.add(id);
  else expanded.delete(id);
  return { ...state, expanded };
};

function onKey(state: TreeState, key: string, rows: readonly TreeRow[]): TreeState {
  const current = tabStop(rows, state);
  const index = rows.findIndex((r) => r.id === current);
  const row = rows[index];
  if (!row) return state;
  const focus = (target: TreeRow | undefined) => (target ? { ...state, focusedId: target.id } : state);
  switch (key) {
    case 'ArrowDown':
      return focus(rows[index + 1]);
    case 'ArrowUp':
      return focus(rows[index - 1]);
    case 'Home':
      return focus(rows[0]);
    case 'End':
      return focus(rows[rows.length - 1]);
    case 'ArrowRight':
      if (!row.hasChild) return state;
      if (!row.isExpanded) return { ...withExpanded(state, row.id, true), focusedId: row.id };
      return rows[index + 1]?.parentId === row.id ? focus(rows[index + 1]) : state;
    case 'ArrowLeft':
      if (row.isExpanded) return { ...withExpanded(state, row.id, false), focusedId: row.id };
      return focus(rows.find((r) => r.id === row.parentId));
    case 'Enter':
    case ' ':
      return { ...state, focusedId: row.id, selectedId: row.id };
    default:
      return state;
  }
}

export function reduceTree(state: TreeState, action: TreeAction): TreeState {
  switch (action.type) {
    case 'key':
      return onKey(state, action.key, action.rows);
    case 'focus':
      return state.focusedId === action.id ? state : { ...state, focusedId: action.id };
    case 'toggle':
      return { ...withExpanded(state, action.id, !state.expanded.has(action.id)), focusedId: action.id };
    case 'select':
      return state.selectedId === action.id ? state : { ...state, selectedId: action.id };
    case 'reveal': {
      const expanded = new Set(state.expanded);
      action.expand.forEach((id) => expanded.add(id));
      return { ...state, expanded, focusedId: action.focusId ?? state.focusedId };
    }
  }
}

/** The keys the tree handles (the others, such as Tab, keep their default). */
export const TREE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', ' ']);
