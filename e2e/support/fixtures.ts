import { expect, type Page, test as base } from '@playwright/test';
import { BrowserPage } from '../pages/browser.page.ts';
import { LoginPage } from '../pages/login.page.ts';
import { adminTicket, ticketFor } from './api.ts';
import { serverUrl } from './servers.ts';
import { storeSession } from './session.ts';

/** Puts a session (a ticket from the API) in the origin's storage before the app starts, as signing in would. */
export async function putSession(page: Page, ticket: string, userId: string): Promise<void> {
  await storeSession(page, ticket, userId);
}

interface Fixtures {
  loginPage: LoginPage;
  browserPage: BrowserPage;
  /** A page already signed in as admin (a ticket from the API put in the origin's session storage). */
  signedIn: BrowserPage;
  /** Signs the tab in as a demo person (or anyone, with a password) before its first page. */
  signInAs: (userId: string, password?: string) => Promise<void>;
}

/**
 * Every test fails on a Content-Security-Policy violation in its page: the browser reports each one
 * as a `securitypolicyviolation` event (and a console error), so a policy that breaks the app shows.
 * `serverURL` is the worker's own server (e2e/support/servers.ts) and the default baseURL of its
 * pages and requests; seed in `beforeAll` with `playwright.request.newContext({ baseURL: serverURL })`.
 */
export const test = base.extend<Fixtures & { cspViolations: string[] }, { serverURL: string }>({
  // Playwright reads a fixture's dependencies from the destructuring: this one has none.
  // eslint-disable-next-line no-empty-pattern
  serverURL: [async ({}, use, workerInfo) => use(serverUrl(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('__quireCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __quireCspViolation: (t: string) => void }).__quireCspViolation;
          void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  browserPage: async ({ page }, use) => use(new BrowserPage(page)),
  signedIn: async ({ page, request }, use) => {
    await putSession(page, await adminTicket(request), 'admin');
    await use(new BrowserPage(page));
  },
  signInAs: async ({ page, request }, use) => {
    await use(async (userId, password = 'demo') => {
      await storeSession(page, await ticketFor(request, userId, password), userId);
    });
  },
});

export { expect };

/** Screenshots of the main screens, looked at by people. */
/** The widths every screenshot spec takes its screens at (light and dark each). */
export const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

export const shot = (name: string) => `test-results/screenshots/${name}.png`;
