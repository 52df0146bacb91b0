import { isLockedAgainst, isSameUser, lockInfoOf } from '../../../lib/node-lock.ts';
import type { Node } from '../api/types.ts';

/**
 * What the Properties and Versions tabs say when a lock keeps this user from changing the node, or
 * null when it does not (the server refuses such changes with 409, while `allowableOperations`
 * ignore locks). Who holds the lock is said once, in the page's lock section.
 */
export function lockNoteOf(node: Pick<Node, 'isLocked' | 'properties'>, userId: string | undefined): string | null {
  const info = lockInfoOf(node);
  if (!isLockedAgainst(info, userId)) return null;
  return isSameUser(info.owner?.id, userId)
    ? 'Your lock keeps everyone, you too, from changing it: unlock it to make changes.'
    : 'It cannot be changed while it is locked.';
}
