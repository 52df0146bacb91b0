import { TrashPage } from './pages/trash.page.ts';
import { aFile, aFolder, callAs, childNames, setPermissions, ticketFor, unique } from './support/api.ts';
import { storeSession } from './support/session.ts';
import { expect, shot, test } from './support/fixtures.ts';

test('delete, Undo; delete again, restore from the Trash; delete permanently', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Trash'));
  const name = `${unique('report')}.txt`;
  await aFile(request, folder.id, name, 'the figures');
  await aFile(request, folder.id, 'keep.txt', 'keep');
  await signedIn.goto(folder.id);

  // Delete, then Undo from the notice: the file is back in its folder.
  const deleteIt = async () => {
    await signedIn
      .row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
  };
  await deleteIt();
  await expect(signedIn.row(name)).toHaveCount(0);
  const moved = page.getByRole('alert').filter({ hasText: 'Moved 1 item to the trash' });
  await expect(moved).toBeVisible();
  await page.screenshot({ path: shot('trash-undo-notice-light-1280') });
  await moved.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Restored 1 item' })).toBeVisible();
  await expect(signedIn.row(name)).toBeVisible();
  expect(await childNames(request, folder.id)).toContain(name);

  // Delete again, open the Trash from the notice, restore: back in its folder, with a link there.
  // The notice goes after 10 s: its link is clicked as soon as it shows (on a loaded machine,
  // waiting for the list to refresh first once took longer than that).
  await deleteIt();
  await page.getByRole('alert').getByRole('link', { name: 'Open trash' }).click();
  const trash = new TrashPage(page);
  await expect(page).toHaveURL(/\/trash$/);
  const item = trash.item(name);
  await expect(item).toContainText(`From Company Home / ${folder.name}`);
  await expect(item).toContainText(/Deleted (now|\d+ seconds? ago)/);
  await item.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(trash.notice()).toContainText(`Restored “${name}” to Company Home / ${folder.name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('trash-restored-notice-light-390') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(trash.item(name)).toHaveCount(0);
  await trash.notice().getByRole('link', { name: 'Open folder' }).click();
  await expect(page).toHaveURL(new RegExp(`/browse/${folder.id}$`));
  await expect(signedIn.row(name)).toBeVisible();

  // Delete once more, then for good from the Trash.
  await deleteIt();
  await trash.goto();
  await trash
    .item(name)
    .getByRole('button', { name: `Delete ${name} permanently` })
    .click();
  await expect(trash.purgeDialog()).toContainText(`“${name}” will be deleted for good`);
  await trash.purgeDialog().getByRole('button', { name: 'Delete permanently' }).click();
  await expect(trash.purgeDialog()).toBeHidden();
  await expect(trash.item(name)).toHaveCount(0);
  await trash.goto();
  await expect(trash.list().or(page.getByText('The trash is empty'))).toBeVisible();
  await expect(trash.item(name)).toHaveCount(0);
  expect(await childNames(request, folder.id)).toEqual(['keep.txt']);
});

test("each person sees their own trash; an administrator sees everyone's, and who deleted it", async ({
  browser,
  request,
  serverURL,
}) => {
  const folder = await aFolder(request, unique('Shared'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: [{ authorityId: 'alice', name: 'Coordinator' }],
  });
  const name = `${unique('alice-notes')}.txt`;
  const file = await aFile(request, folder.id, name, 'notes');
  await callAs(request, 'alice', 'DELETE', `/nodes/${file.id}`);

  /** The Trash page in a tab of its own, signed in as someone. */
  const trashOf = async (userId: string, password = 'demo') => {
    const context = await browser.newContext({ baseURL: serverURL });
    await storeSession(context, await ticketFor(request, userId, password), userId);
    const page = await context.newPage();
    const trash = new TrashPage(page);
    await trash.goto();
    await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
    await expect(trash.list().or(page.getByText('The trash is empty'))).toBeVisible();
    return { page, trash };
  };

  const bob = await trashOf('bob');
  await expect(bob.page.getByText(name)).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: 'Empty trash' })).toHaveCount(0);
  await bob.page.context().close();

  const alice = await trashOf('alice');
  await expect(alice.trash.item(name)).toBeVisible();
  await expect(alice.trash.item(name)).not.toContainText('by Alice');
  await alice.page.context().close();

  const admin = await trashOf('admin', 'admin');
  await expect(admin.trash.item(name)).toContainText('by Alice Andrews');
  await admin.page.context().close();
});

test('an item whose folder is gone is restored into a folder chosen with the picker', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('Parent'));
  const gone = await aFolder(request, 'Gone', parent.id);
  const name = `${unique('orphan')}.txt`;
  const file = await aFile(request, gone.id, name, 'orphan');
  await callAs(request, 'admin', 'DELETE', `/nodes/${file.id}`, undefined, 'admin');
  await callAs(request, 'admin', 'DELETE', `/nodes/${gone.id}`, undefined, 'admin');
  void signedIn; // the tab is signed in as admin, who deleted both

  const trash = new TrashPage(page);
  await trash.goto();
  const item = trash.item(name);
  await expect(item).toContainText('Its folder is gone');
  await item.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(item.getByRole('alert')).toContainText(
    `“${name}” cannot go back: the folder it was deleted from is gone`,
  );
  // At 390 px the rows, the explanation and its button fit: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shot('trash-folder-gone-light-390') });
  await item.getByRole('button', { name: 'Restore to…' }).click();
  const picker = page.getByRole('dialog', { name: `Restore “${name}” to…` });
  await picker.getByRole('button', { name: 'Company Home' }).click();
  await picker.getByRole('button', { name: parent.name }).click();
  await expect(picker.getByRole('navigation', { name: 'Folder picker location' })).toContainText(parent.name);
  await picker.getByRole('button', { name: 'Restore here' }).click();
  await expect(picker).toBeHidden();
  await expect(trash.notice()).toContainText(`Restored “${name}” to Company Home / ${parent.name}`);
  expect(await childNames(request, parent.id)).toEqual([name]);
});

test('select two items and restore both; select one and delete it permanently', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Many'));
  const names = ['a', 'b', 'c'].map((n) => `${unique(n)}.txt`);
  for (const name of names) {
    const file = await aFile(request, folder.id, name, name);
    await callAs(request, 'admin', 'DELETE', `/nodes/${file.id}`, undefined, 'admin');
  }
  void signedIn; // the tab is signed in as admin, who deleted them
  const [a, b, c] = names as [string, string, string];

  const trash = new TrashPage(page);
  await trash.goto();
  await trash.select(a);
  await trash.select(b);
  await expect(trash.selectionBar()).toContainText('2 selected');
  await page.screenshot({ path: shot('trash-selected-light-1280') });
  await trash.selectionBar().getByRole('button', { name: 'Restore' }).click();
  const restored = page.getByRole('dialog', { name: 'Restore: 2 items' });
  await expect(restored.getByRole('status')).toHaveText('2 restored');
  await restored.getByRole('button', { name: 'Close' }).click();
  await expect(trash.selectionBar()).toBeHidden();
  await expect(trash.item(a)).toHaveCount(0);
  await expect(trash.item(b)).toHaveCount(0);
  expect(await childNames(request, folder.id)).toEqual([a, b].sort());

  await trash.select(c);
  await trash.selectionBar().getByRole('button', { name: 'Delete permanently' }).click();
  await expect(trash.purgeDialog()).toContainText('The selected item will be deleted for good');
  await trash.purgeDialog().getByRole('button', { name: 'Delete permanently' }).click();
  const purged = page.getByRole('dialog', { name: 'Delete permanently: 1 item' });
  await expect(purged.getByRole('status')).toHaveText('1 deleted');
  await purged.getByRole('button', { name: 'Close' }).click();
  await expect(trash.item(c)).toHaveCount(0);
  expect(await childNames(request, folder.id)).toEqual([a, b].sort());
});

// Last: it empties everyone's trash on this worker's server.
test('an administrator empties the trash', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Emptied'));
  const name = `${unique('old')}.txt`;
  const file = await aFile(request, folder.id, name, 'old');
  await callAs(request, 'admin', 'DELETE', `/nodes/${file.id}`, undefined, 'admin');
  void signedIn;

  const trash = new TrashPage(page);
  await trash.goto();
  await expect(trash.item(name)).toBeVisible();
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(dialog).toContainText(/Delete everything in the trash permanently\? \d+ items?, everyone’s\./);
  await dialog.getByRole('button', { name: 'Empty trash' }).click();
  await expect(dialog.getByRole('status')).toContainText('The trash is empty');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
});
