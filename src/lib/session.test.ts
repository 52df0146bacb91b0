import { describe, expect, it } from 'vitest';
import { session } from './session.ts';

/** What the browser does in this tab when another tab of the origin changes `localStorage`. */
function fromAnotherTab(key: string, newValue: string | null, end?: string) {
  if (end) localStorage.setItem('quire.session-end', end);
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

describe('the session shared by the tabs', () => {
  it('is kept in localStorage, for every tab of the origin', () => {
    session.set({ ticket: 'TICKET_a', userId: 'alice' });
    expect(JSON.parse(localStorage.getItem('quire.session') ?? '')).toEqual({ ticket: 'TICKET_a', userId: 'alice' });
    expect(sessionStorage.length).toBe(0);
  });

  it('ends here when another tab signs out, and says so', () => {
    session.set({ ticket: 'TICKET_a', userId: 'alice' });
    let changes = 0;
    const stop = session.subscribe(() => changes++);
    fromAnotherTab('quire.session', null, 'signed-out');
    stop();
    expect(session.get()).toBeNull();
    expect(session.endReason()).toBe('signed-out');
    expect(changes).toBe(1);
  });

  it('ends here as expired when another tab met a refused ticket', () => {
    session.set({ ticket: 'TICKET_a', userId: 'alice' });
    fromAnotherTab('quire.session', null, 'expired');
    expect(session.endReason()).toBe('expired');
  });

  it('starts here when another tab signs in; unrelated keys change nothing', () => {
    fromAnotherTab('quire.session', JSON.stringify({ ticket: 'TICKET_b', userId: 'bob' }));
    expect(session.get()).toEqual({ ticket: 'TICKET_b', userId: 'bob' });
    fromAnotherTab('something-else', 'x');
    expect(session.get()).toEqual({ ticket: 'TICKET_b', userId: 'bob' });
  });
});
