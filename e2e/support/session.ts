import type { BrowserContext, Page } from '@playwright/test';

/** Where the web app keeps its session: `localStorage`, shared by every tab of the origin (docs/web-session.md). */
export const SESSION_KEY = 'quire.session';

/**
 * Puts a session (a ticket from the API) in the origin's storage before the app first starts in a
 * tab (of the page, or of every page of a context), as signing in would. Once per tab: a session
 * already stored is kept, and a tab that signed out stays signed out when it navigates.
 */
export async function storeSession(target: Page | BrowserContext, ticket: string, userId: string): Promise<void> {
  await target.addInitScript(
    ([key, value]) => {
      const marker = `${key}.seeded`;
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify({ ticket, userId })] as const,
  );
}
