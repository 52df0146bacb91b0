import { useSyncExternalStore } from 'react';

/** The signed-in session: the ticket and who it belongs to, in this tab only. Never the password. */
export interface Session {
  ticket: string;
  userId: string;
}

const KEY = 'quire.session';
type Listener = () => void;
const listeners = new Set<Listener>();
/** Why the last session ended: signing out goes to a plain `/login`, expiry comes back afterwards. */
export type EndReason = 'signed-out' | 'expired';
let current: Session | null = read();
let endReason: EndReason | null = null;

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
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

export const session = {
  get: (): Session | null => current,
  endReason: (): EndReason | null => endReason,
  set(next: Session) {
    current = next;
    endReason = null;
    sessionStorage.setItem(KEY, JSON.stringify(next));
    emit();
  },
  clear(reason: EndReason = 'expired') {
    if (!current) return;
    current = null;
    endReason = reason;
    sessionStorage.removeItem(KEY);
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
