import type { Browser } from '@playwright/test';
import { BrowserPage } from './pages/browser.page.ts';
import { aFile, aFolder, callAs, lock, secondaryChild, setPermissions, ticketFor, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { storeSession } from './support/session.ts';

// Issue 20, live updates (ADR 0022): two people look at the same folder in two browsers; what one
// of them, or anyone else, changes shows in the other's open folder without a reload.

async function signedInBrowser(browser: Browser, baseURL: string, userId: string, ticket: string) {
  const context = await browser.newContext({ baseURL });
  await storeSession(context, ticket, userId);
  const page = await context.newPage();
  return { context, page, folder: new BrowserPage(page) };
}

test("someone else's new file, lock and delete show at once in the open folder", async ({
  browser,
  request,
  serverURL,
}) => {
  const folder = await aFolder(request, unique('Live'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: [{ authorityId: 'GROUP_EVERYONE', name: 'Collaborator' }],
  });
  const alice = await signedInBrowser(browser, serverURL, 'alice', await ticketFor(request, 'alice'));
  const bob = await signedInBrowser(browser, serverURL, 'bob', await ticketFor(request, 'bob'));
  try {
    // Each browser opens the folder and subscribes before anything changes.
    const subscribed = (page: typeof alice.page) =>
      page.waitForResponse((r) => r.url().endsWith('/quire/versions/1/events') && r.status() === 200);
    const opened = [subscribed(alice.page), subscribed(bob.page)];
    await alice.folder.goto(folder.id);
    await bob.folder.goto(folder.id);
    await Promise.all(opened);
    await alice.folder.expectFolder(folder.name);
    await expect(alice.page.getByText('This folder is empty')).toBeVisible();

    // Bob creates a folder in his browser: it appears in Alice's.
    const dialog = await bob.folder.typeNewFolder('From-Bob');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(alice.folder.row('From-Bob')).toBeVisible();

    // A file uploaded by someone else appears in both.
    const file = await aFile(request, folder.id, 'live-report.txt', 'hello');
    await expect(alice.folder.row('live-report.txt')).toBeVisible();
    await expect(bob.folder.row('live-report.txt')).toBeVisible();

    // A lock shows at once.
    await lock(request, file.id);
    await expect(alice.folder.row('live-report.txt').getByRole('img', { name: 'Locked' })).toBeVisible();

    // A node deleted elsewhere leaves the list.
    const fromBob = (await callAs(
      request,
      'bob',
      'GET',
      `/nodes/${folder.id}/children?where=(isFolder=true)`,
    )) as unknown as {
      list: { entries: { entry: { id: string; name: string } }[] };
    };
    const created = fromBob.list.entries.find((e) => e.entry.name === 'From-Bob')!.entry;
    await callAs(request, 'bob', 'DELETE', `/nodes/${created.id}`);
    await expect(alice.folder.row('From-Bob')).toHaveCount(0);
    await expect(alice.folder.row('live-report.txt')).toBeVisible();
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test('a folder holding a file as a secondary child shows it filed there, its lock, and its taking out, at once', async ({
  browser,
  request,
  serverURL,
}) => {
  const everyone = {
    isInheritanceEnabled: true,
    locallySet: [{ authorityId: 'GROUP_EVERYONE', name: 'Collaborator' }],
  };
  const [home, holder] = [await aFolder(request, unique('Home')), await aFolder(request, unique('Holder'))];
  await setPermissions(request, home.id, everyone);
  await setPermissions(request, holder.id, everyone);
  const file = await aFile(request, home.id, 'filed-twice.txt', 'hello');
  const alice = await signedInBrowser(browser, serverURL, 'alice', await ticketFor(request, 'alice'));
  try {
    const subscribed = alice.page.waitForResponse(
      (r) => r.url().endsWith('/quire/versions/1/events') && r.status() === 200,
    );
    await alice.folder.goto(holder.id);
    await subscribed;
    await expect(alice.page.getByText('This folder is empty')).toBeVisible();

    // Filed in the open folder by someone else (linked): it appears.
    await secondaryChild(request, holder.id, file.id);
    await expect(alice.folder.row('filed-twice.txt')).toBeVisible();

    // Locked in its primary folder: the event names the folder holding it too.
    await lock(request, file.id);
    await expect(alice.folder.row('filed-twice.txt').getByRole('img', { name: 'Locked' })).toBeVisible();

    // Taken out (unlinked): it leaves the list.
    await callAs(request, 'admin', 'DELETE', `/nodes/${holder.id}/secondary-children/${file.id}`, undefined, 'admin');
    await expect(alice.folder.row('filed-twice.txt')).toHaveCount(0);
  } finally {
    await alice.context.close();
  }
});
