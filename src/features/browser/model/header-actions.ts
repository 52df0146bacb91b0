import type { Node } from '../api/types.ts';
import type { ActionId } from './actions.ts';

export interface HeaderAction {
  id: Exclude<ActionId, 'lock' | 'unlock' | 'properties'>;
  isEnabled: boolean;
  isFile: boolean;
  /** Why it is disabled, when it is. */
  reason: string | undefined;
  blockedByLock: boolean;
}

type Item = Pick<Node, 'isFile' | 'isFolder' | 'isFavorite' | 'allowableOperations'>;

const may = (node: Item, op: 'delete' | 'update') => node.allowableOperations?.includes(op) ?? false;

/**
 * The actions of a file's or folder's page, in the order people look for them: Download and Open
 * first (Open for a file only when the browser can show its type), then Rename, Move, Copy,
 * Favorite, Delete. Rename, Move and Delete need the permission (`allowableOperations`) and a lock
 * that does not keep this user out (`lockNote`, the reason); Copy and Favorite need neither.
 */
export function headerActions(node: Item, viewKind: 'inline' | 'text' | null, lockNote: string | null): HeaderAction[] {
  const isFile = node.isFile === true;
  const entry = (
    id: HeaderAction['id'],
    permitted: boolean,
    lockable: boolean,
    noPermission = 'You do not have permission to do this.',
  ): HeaderAction => {
    const blockedByLock = permitted && lockable && lockNote !== null;
    const isEnabled = permitted && !blockedByLock;
    const reason = !permitted ? noPermission : blockedByLock ? lockNote : undefined;
    return { id, isEnabled, isFile, reason, blockedByLock };
  };
  const actions: HeaderAction[] = [];
  if (isFile) actions.push(entry('download', true, false));
  if (!isFile || viewKind) actions.push(entry('open', true, false));
  actions.push(entry('rename', may(node, 'update'), true, 'You may not change this item.'));
  actions.push(entry('move', may(node, 'delete'), true, 'Moving needs permission to delete it here.'));
  actions.push(entry('copy', true, false));
  actions.push(entry(node.isFavorite ? 'unfavorite' : 'favorite', true, false));
  actions.push(entry('delete', may(node, 'delete'), true, 'You may not delete this item.'));
  return actions;
}
