import { formatDateTime, formatRelative } from '../../../lib/format-date.ts';
import type { LockLifetime, LockType, LockInfo } from '../../../lib/node-lock.ts';

export {
  isLockedAgainst,
  lockInfoOf,
  mayUnlock,
  type LockInfo,
  type LockLifetime,
  type LockType,
} from '../../../lib/node-lock.ts';

/** What each lock type prevents, in one sentence. */
export const LOCK_TYPE_TEXT: Record<LockType, { label: string; explanation: string }> = {
  ALLOW_OWNER_CHANGES: {
    label: 'Others cannot change it',
    explanation: 'Only you can still edit, rename, move or delete the file; everyone else is refused.',
  },
  FULL: {
    label: 'Nobody can change it',
    explanation: 'The file is read-only for everyone, you included, until it is unlocked.',
  },
};

export const LOCK_LIFETIME_TEXT: Record<LockLifetime, { label: string; explanation: string }> = {
  PERSISTENT: { label: 'Until unlocked', explanation: 'Kept when the repository restarts.' },
  EPHEMERAL: { label: 'Temporary', explanation: 'Cleared when the repository restarts (at most 2 days).' },
};

/** The lock expiry choices, in seconds (0 = never). */
export const EXPIRY_PRESETS: readonly { seconds: number; label: string }[] = [
  { seconds: 0, label: 'Never' },
  { seconds: 15 * 60, label: '15 minutes' },
  { seconds: 60 * 60, label: '1 hour' },
  { seconds: 4 * 60 * 60, label: '4 hours' },
  { seconds: 24 * 60 * 60, label: '1 day' },
  { seconds: 2 * 24 * 60 * 60, label: '2 days' },
  { seconds: 7 * 24 * 60 * 60, label: '1 week' },
];

/** An ephemeral lock lives at most two days (as in Alfresco). */
export const MAX_EPHEMERAL_SECONDS = 172_800;

export function presetAllowed(seconds: number, lifetime: LockLifetime): boolean {
  return lifetime === 'PERSISTENT' || seconds <= MAX_EPHEMERAL_SECONDS;
}

/** "Locked by Alice Adams until 3 Dec 2026, 10:15 (in 2 hours)" and the like. */
export function describeLock(info: LockInfo, me: string | undefined, now = Date.now()): string {
  if (!info.isLocked) return 'Not locked';
  const who = info.owner ? (info.owner.id === me ? 'you' : info.owner.displayName) : 'someone';
  const until = info.expiresAt
    ? ` until ${formatDateTime(info.expiresAt)} (${formatRelative(info.expiresAt, now)})`
    : '';
  return `Locked by ${who}${until}`;
}
