import { type Page, test as base } from '@playwright/test';
import { BrowserPage } from '../pages/browser.page.ts';
import { LoginPage } from '../pages/login.page.ts';
import { adminTicket, ticketFor } from './api.ts';

/** Puts a session (a ticket from the API) in the tab before the app starts, as signing in would. */
export async function putSession(page: Page, ticket: string, userId: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('quire.session')) sessionStorage.setItem('quire.session', value);
  }, JSON.stringify({ ticket, userId }));
}

interface Fixtures {
  loginPage: LoginPage;
  browserPage: BrowserPage;
  /** A page already signed in as admin (a ticket from the API put in the tab's session). */
  signedIn: BrowserPage;
  /** Signs the tab in as a demo person (or anyone, with a password) before its first page. */
  signInAs: (userId: string, password?: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  browserPage: async ({ page }, use) => use(new BrowserPage(page)),
  signedIn: async ({ page, request }, use) => {
    await putSession(page, await adminTicket(request), 'admin');
    await use(new BrowserPage(page));
  },
  signInAs: async ({ page, request }, use) => {
    await use(async (userId, password = 'demo') => {
      const ticket = await ticketFor(request, userId, password);
      await page.addInitScript((value) => {
        if (!sessionStorage.getItem('quire.session')) sessionStorage.setItem('quire.session', value);
      }, JSON.stringify({ ticket, userId }));
    });
  },
});

export { expect } from '@playwright/test';

/** Screenshots of the main screens, looked at by people. */
export const shot = (name: string) => `test-results/screenshots/${name}.png`;
