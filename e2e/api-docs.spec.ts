import type { Page } from '@playwright/test';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The API reference at /api-docs: served by the server from its own files, linked from the user menu. */

const TITLE = 'Quire content repository API';

// The reference is a 4 MB script that the browser compiles on every first visit: slower than the app's pages.
test.slow();
const LOADED = { timeout: 60_000 };

// Zod, inside Scalar's script, probes whether it may compile code (`Function('')` in a try) and,
// refused by the page's CSP, goes on without: the browser reports that probe as a blocked eval.
// It is the policy at work, not a fault; any other violation still fails the test.
const EVAL_PROBE = /^script-src blocked eval \(http:\/\/[^/]+\/api-docs\/js\/scalar\.js:\d+\)$/;
test.afterEach(({ cspViolations }) => {
  const others = cspViolations.filter((v) => !EVAL_PROBE.test(v));
  cspViolations.splice(0, cspViolations.length, ...others);
});

/** Every request the page makes to another host (there must be none: the machine may be offline). */
function foreignRequests(page: Page, baseURL: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

test('the user menu opens the API reference in a new tab', async ({ page, signedIn }) => {
  await signedIn.goto('-my-');
  await page.getByRole('button', { name: 'User menu' }).click();
  const link = page.getByRole('menuitem', { name: 'API reference' });
  await expect(link).toHaveAttribute('href', '/api-docs/');
  const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(docs.getByRole('heading', { name: TITLE })).toBeVisible(LOADED);
});

test('finds an operation by search and tries it with the signed-in ticket, offline', async ({
  page,
  signedIn,
  baseURL,
}) => {
  const foreign = foreignRequests(page, baseURL!);
  await signedIn.goto('-my-');
  await page.goto('/api-docs/');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible(LOADED);

  await page.getByRole('button', { name: /Open Search/ }).click();
  await page.getByRole('combobox', { name: 'Enter search query' }).fill('discovery');
  await page.getByRole('option', { name: /Operation: What this repository is/ }).click();
  await expect(page).toHaveURL(/#tag\/discovery\/GET\/alfresco\/api\/discovery$/);

  const sent = page.waitForRequest((r) => r.url().endsWith('/alfresco/api/discovery'));
  await page.getByRole('button', { name: 'Test Request (get /alfresco/api/discovery)' }).click();
  await page.getByRole('button', { name: /Send/ }).first().click();
  // No credentials were typed: the app's ticket went with the request, as Basic base64(ticket).
  expect((await sent).headers().authorization).toMatch(/^Basic /);
  await expect(page.getByText('200 OK')).toBeVisible();
  await expect(page.getByText('"Community"').first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test('takes the colour scheme the app was set to', async ({ page, signedIn }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signedIn.goto('-my-');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.goto('/api-docs/');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible(LOADED);
  await expect(page.locator('body')).toHaveClass(/dark-mode/);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`API reference screens: ${scheme} ${viewport.name}`, { tag: '@screens' }, async ({ page, signedIn }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      await signedIn.goto('-my-');
      await page.goto('/api-docs/#tag/model/GET/alfresco/service/api/classes/{className}');
      await expect(page.getByRole('heading', { name: /legacy dictionary web script/ }).first()).toBeVisible(LOADED);
      await expect(page.locator('body')).toHaveClass(scheme === 'dark' ? /dark-mode/ : /light-mode/);
      await page.screenshot({ path: shot(`api-docs-operation-${scheme}-${viewport.name}`) });
      // The top of the page, without loading the 4 MB script again. Scalar scrolls to the address's
      // operation once it has laid it out, which on a busy machine can come after our scroll: again
      // until the top stays in view.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(page.getByRole('heading', { name: TITLE })).toBeInViewport({ timeout: 1000 });
      }).toPass(LOADED);
      await page.screenshot({ path: shot(`api-docs-${scheme}-${viewport.name}`) });
    });
  }
}
