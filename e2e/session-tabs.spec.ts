import { BrowserPage } from './pages/browser.page.ts';
import { LoginPage } from './pages/login.page.ts';
import { aFolder, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 16, defect 9: the tabs of one browser share the session.
test('a folder opened in a new tab (Ctrl-click, or a new tab with its address) shows the folder', async ({
  context,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('Tabs'));
  const child = await aFolder(request, 'Opened-in-a-tab', parent.id);
  await signedIn.goto(parent.id);

  const opened = context.waitForEvent('page');
  await signedIn
    .table()
    .getByRole('link', { name: 'Opened-in-a-tab' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/browse/${child.id}$`));
  await new BrowserPage(tab).expectFolder('Opened-in-a-tab');

  const another = await context.newPage();
  await another.goto(`/browse/${parent.id}`);
  await expect(new BrowserPage(another).row('Opened-in-a-tab')).toBeVisible();
  await expect(another).not.toHaveURL(/\/login/);
});

test('signing out in one tab signs out every tab', async ({ page, context, signedIn }) => {
  await signedIn.goto('-root-');
  await expect(signedIn.table()).toBeVisible();
  const other = await context.newPage();
  const otherBrowser = new BrowserPage(other);
  await otherBrowser.goto('-shared-');
  await expect(otherBrowser.table()).toBeVisible();

  await signedIn.userMenu();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await new LoginPage(page).expectVisible();
  await new LoginPage(other).expectVisible();
  await expect(other).toHaveURL(/\/login$/);
});
