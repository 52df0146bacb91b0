import { useSyncExternalStore } from 'react';

/**
 * The signed-in session: the ticket and who it belongs to, shared by every tab of this origin
 * (`localStorage`). Never the password. The ticket keeps the server's expiry (an hour without
 * use): a 401 to a call that carried it ends the session here and, through the `storage` event,
 * in every other tab; so does signing out. How it is kept and why: docs/web-session.md.
 */
export interface Session {
  ticket: string;
  userId: string;
}

const KEY = 'quire.session';
/** Why the last session ended, written before the session is removed so other tabs can tell. */
const END_KEY = 'quire.session-end';
type Listener = () => void;
const listeners = new Set<Listener>();
/** Why the last session ended: signing out goes to a plain `/login`, expiry comes back afterwards. */
export type EndReason = 'signed-out' | 'expired';
let current: Session | null = parse(readItem(KEY));
let endReason: EndReason | null = null;

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Session>;
    return typeof parsed.ticket === 'string' && typeof parsed.userId === 'string'
      ? { ticket: parsed.ticket, userId: parsed.userId }
      : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

// Another tab signed in, signed out or met an expired ticket: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage || (event.key !== KEY && event.key !== null)) return;
    const next = parse(event.key === null ? null : event.newValue);
    if (next?.ticket === current?.ticket) return;
    if (!next) endReason = readItem(END_KEY) === 'signed-out' ? 'signed-out' : 'expired';
    else endReason = null;
    current = next;
    emit();
  });
}

export const session = {
  get: (): Session | null => current,
  endReason: (): EndReason | null => endReason,
  set(next: Session) {
    current = next;
    endReason = null;
    localStorage.removeItem(END_KEY);
    localStorage.setItem(KEY, JSON.stringify(next));
    emit();
  },
  clear(reason: EndReason = 'expired') {
    if (!current) return;
    current = null;
    endReason = reason;
    localStorage.setItem(END_KEY, reason);
    localStorage.removeItem(KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** `Authorization` for a ticket, as the Alfresco clients send it. */
export function ticketAuthorization(ticket: string): string {
  return `Basic ${btoa(ticket)}`;
}
