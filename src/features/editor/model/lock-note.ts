import { isLockedAgainst, isSameUser, lockInfoOf } from '../../../lib/node-lock.ts';
import type { Node } from '../api/types.ts';

/**
 * Why a lock keeps this user from changing the node, in one sentence, or null when it does not
 * (the server refuses such changes with 409, while `allowableOperations` ignore locks).
 */
export function lockNoteOf(node: Pick<Node, 'isLocked' | 'properties'>, userId: string | undefined): string | null {
  const info = lockInfoOf(node);
  if (!isLockedAgainst(info, userId)) return null;
  if (isSameUser(info.owner?.id, userId))
    return 'Locked by you so that nobody can change it: unlock it to make changes.';
  const owner = info.owner?.displayName ?? 'someone';
  return info.type === 'FULL'
    ? `Locked by ${owner} so that nobody can change it until it is unlocked.`
    : `Locked by ${owner}: you cannot change it until it is unlocked.`;
}
