import type { Node } from '../api/types.ts';

/** The actions of the folder browser. */
export type ActionId =
  | 'open'
  | 'download'
  | 'rename'
  | 'copy'
  | 'move'
  | 'delete'
  | 'favorite'
  | 'unfavorite'
  | 'lock'
  | 'unlock'
  | 'properties';

type Item = Pick<Node, 'isFile' | 'isFolder' | 'isLocked' | 'isFavorite' | 'allowableOperations'>;

const may = (node: Item, op: 'delete' | 'update') => node.allowableOperations?.includes(op) ?? false;

/**
 * Which actions apply to one item or a selection, from what the server says (`allowableOperations`,
 * `isLocked`, `isFavorite`): offered = shown, enabled = may be tried. Single-item actions are not
 * offered for a selection of several.
 */
export function availableActions(nodes: readonly Item[]): Map<ActionId, boolean> {
  const actions = new Map<ActionId, boolean>();
  const [only] = nodes;
  if (!only) return actions;
  const all = (test: (n: Item) => boolean) => nodes.every(test);
  if (nodes.length === 1) {
    if (only.isFolder) actions.set('open', true);
    if (only.isFile) actions.set('download', true);
    actions.set('rename', may(only, 'update'));
  }
  actions.set('copy', true);
  actions.set(
    'move',
    all((n) => may(n, 'delete')),
  );
  actions.set(
    'delete',
    all((n) => may(n, 'delete')),
  );
  if (all((n) => n.isFavorite === true)) actions.set('unfavorite', true);
  else actions.set('favorite', true);
  if (nodes.length === 1 && only.isFile) {
    // The server says who may unlock (the lock owner, coordinators, administrators): unlock is always tried.
    if (only.isLocked) actions.set('unlock', true);
    else actions.set('lock', may(only, 'update'));
  }
  if (nodes.length === 1) actions.set('properties', true);
  return actions;
}
