import { isLockedAgainst, lockInfoOf } from '../../../lib/node-lock.ts';
import type { Node } from '../api/types.ts';

/** The actions of the folder browser. */
export type ActionId =
  | 'open'
  | 'download'
  | 'downloadZip'
  | 'rename'
  | 'copy'
  | 'move'
  | 'delete'
  | 'favorite'
  | 'unfavorite'
  | 'lock'
  | 'unlock'
  | 'properties';

type Item = Pick<Node, 'isFile' | 'isFolder' | 'isLocked' | 'isFavorite' | 'allowableOperations' | 'properties'>;

const may = (node: Item, op: 'delete' | 'update' | 'unlock') => node.allowableOperations?.includes(op) ?? false;

/** The actions a lock held against the user forbids (the server refuses them with 409). */
export const LOCK_FORBIDS: ReadonlySet<ActionId> = new Set(['rename', 'move', 'delete']);

/**
 * Which actions apply to one item or a selection, from what the server says (`allowableOperations`,
 * `isLocked`, the lock's properties, `isFavorite`): offered = shown, enabled = may be tried. Rename,
 * Move and Delete are disabled on an item locked against `me`. Single-item actions are not offered
 * for a selection of several.
 */
export function availableActions(nodes: readonly Item[], me: string | undefined): Map<ActionId, boolean> {
  const actions = new Map<ActionId, boolean>();
  const [only] = nodes;
  if (!only) return actions;
  const all = (test: (n: Item) => boolean) => nodes.every(test);
  const free = (n: Item) => !isLockedAgainst(lockInfoOf(n), me);
  if (nodes.length === 1) {
    if (only.isFolder) actions.set('open', true);
    if (only.isFile) actions.set('download', true);
    actions.set('rename', may(only, 'update') && free(only));
  }
  // A folder, or several items: one ZIP the server builds (a lone file downloads as itself).
  if (nodes.length > 1 || only.isFolder) actions.set('downloadZip', true);
  actions.set('copy', true);
  actions.set(
    'move',
    all((n) => may(n, 'delete') && free(n)),
  );
  actions.set(
    'delete',
    all((n) => may(n, 'delete') && free(n)),
  );
  if (all((n) => n.isFavorite === true)) actions.set('unfavorite', true);
  else actions.set('favorite', true);
  if (nodes.length === 1 && only.isFile) {
    // The server says who may unlock (`unlock` in allowableOperations: the lock owner, whoever holds Unlock).
    if (only.isLocked) actions.set('unlock', may(only, 'unlock'));
    else actions.set('lock', may(only, 'update'));
  }
  if (nodes.length === 1) actions.set('properties', true);
  return actions;
}
