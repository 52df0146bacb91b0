/** A lock as stored on a node (Alfresco's cm:lockable). */
export interface LockInfo {
  owner: string;
  type: 'ALLOW_OWNER_CHANGES' | 'FULL';
  lifetime: 'PERSISTENT' | 'EPHEMERAL';
  /** Epoch milliseconds; null = never expires. */
  expiresAt: number | null;
}

/** A lock counts until it expires; an expired lock keeps its properties but locks nothing. */
export function isActive(lock: LockInfo | null, now: number): lock is LockInfo {
  return lock !== null && (lock.expiresAt === null || lock.expiresAt > now);
}

/**
 * Whether the user may modify a node under this lock: with ALLOW_OWNER_CHANGES only the owner
 * may; with FULL nobody may, not even the owner.
 */
export function mayModify(lock: LockInfo | null, userId: string, now: number): boolean {
  if (!isActive(lock, now)) return true;
  return lock.type === 'ALLOW_OWNER_CHANGES' && lock.owner === userId;
}

/** Whether the user may take or refresh the lock: free, expired, or already theirs. */
export function mayLock(lock: LockInfo | null, userId: string, now: number): boolean {
  return !isActive(lock, now) || lock.owner === userId;
}

/** The stored cm:lockType value Alfresco shows for each lock type. */
export const LOCK_TYPE_PROPERTY: Record<LockInfo['type'], string> = {
  ALLOW_OWNER_CHANGES: 'WRITE_LOCK',
  FULL: 'READ_ONLY_LOCK',
};
