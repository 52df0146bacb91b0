import type { components } from '../../openapi/schema.gen.ts';

type Node = components['schemas']['Node'];
export type LockType = 'ALLOW_OWNER_CHANGES' | 'FULL';
export type LockLifetime = 'PERSISTENT' | 'EPHEMERAL';

/** A node's lock as its `cm:lockable` properties describe it. */
export interface LockInfo {
  isLocked: boolean;
  owner: { id: string; displayName: string } | null;
  type: LockType | null;
  lifetime: LockLifetime | null;
  expiresAt: Date | null;
}

const parseDate = (value: string) => new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

function ownerOf(value: unknown): LockInfo['owner'] {
  if (typeof value !== 'object' || value === null) return null;
  const { id, displayName } = value as { id?: unknown; displayName?: unknown };
  if (typeof id !== 'string') return null;
  return { id, displayName: typeof displayName === 'string' && displayName !== '' ? displayName : id };
}

/**
 * The lock of a node from `isLocked` and its properties (`cm:lockOwner`, `cm:lockType` WRITE_LOCK /
 * READ_ONLY_LOCK, `cm:lockLifetime`, `cm:expiryDate`). An expired lock is not locked, even though
 * its properties stay until someone unlocks or relocks.
 */
export function lockInfoOf(node: Pick<Node, 'isLocked' | 'properties'>, now = Date.now()): LockInfo {
  const props = node.properties ?? {};
  const owner = ownerOf(props['cm:lockOwner']);
  const rawType = props['cm:lockType'];
  const type: LockType | null =
    rawType === 'READ_ONLY_LOCK' ? 'FULL' : rawType === 'WRITE_LOCK' || owner ? 'ALLOW_OWNER_CHANGES' : null;
  const rawLifetime = props['cm:lockLifetime'];
  const lifetime: LockLifetime | null =
    rawLifetime === 'EPHEMERAL' ? 'EPHEMERAL' : rawLifetime === 'PERSISTENT' || owner ? 'PERSISTENT' : null;
  const rawExpiry = props['cm:expiryDate'];
  const expiresAt = typeof rawExpiry === 'string' ? parseDate(rawExpiry) : null;
  const isExpired = expiresAt !== null && expiresAt.getTime() <= now;
  const isLocked = node.isLocked ?? (owner !== null && !isExpired);
  return { isLocked, owner, type, lifetime, expiresAt };
}

/** User names are case-insensitive in Alfresco (`Alice` signs in as `alice`). */
export const isSameUser = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * Whether the lock keeps this user from changing the file (what the server enforces with 409, while
 * `allowableOperations` ignore locks): a FULL lock keeps everyone out, its owner included; an
 * ALLOW_OWNER_CHANGES lock everyone but its owner.
 */
export function isLockedAgainst(info: LockInfo, userId: string | undefined): boolean {
  if (!info.isLocked) return false;
  return info.type === 'FULL' || !isSameUser(info.owner?.id, userId);
}

/**
 * Whether this user may unlock, as the server says: `unlock` in `allowableOperations` (a Quire
 * extension, on a node locked now, for the lock's owner and whoever holds the Unlock permission).
 */
export function mayUnlock(info: LockInfo, node: Pick<Node, 'allowableOperations'>): boolean {
  return info.isLocked && (node.allowableOperations?.includes('unlock') ?? false);
}

/**
 * Why the lock keeps this user from changing the node (renaming, moving, deleting it), in one
 * sentence, or null when it does not.
 */
export function lockNoteOf(node: Pick<Node, 'isLocked' | 'properties'>, userId: string | undefined): string | null {
  const info = lockInfoOf(node);
  if (!isLockedAgainst(info, userId)) return null;
  if (isSameUser(info.owner?.id, userId)) return 'Locked by you so that nobody can change it: unlock it first.';
  return `Locked by ${info.owner?.displayName ?? 'someone'}: it cannot be changed, renamed, moved or deleted until it is unlocked.`;
}
