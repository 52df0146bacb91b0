import { EditorPage } from './pages/editor.page.ts';
import { FavoritesPage } from './pages/favorites.page.ts';
import { aFile, aFolder, callAs, favorite, setPermissions, siteLibrary, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 16, the defects left after the last session: where a file in a site is (a, b), who is
// offered Unlock (c), what a folder row's menu offers on a locked file (d), and one "Locked by" (e).

test('the file page says where a file in a site is from the site’s title, without documentLibrary', async ({
  page,
  request,
  signedIn,
}) => {
  void signedIn;
  const folder = await aFolder(request, unique('Place'), await siteLibrary(request, 'marketing'));
  const file = await aFile(request, folder.id, 'place.txt', 'here');
  await new EditorPage(page).goto(file.id);
  const location = page.getByRole('navigation', { name: 'Location' });
  await expect(location.getByRole('link')).toHaveText(['Marketing', folder.name]);
  await expect(location).not.toContainText('documentLibrary');
  await location.getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL(/\/sites\/marketing$/);
});

test('Favorites say where a favorite in a site is from the site’s title, without documentLibrary', async ({
  page,
  request,
  signedIn,
}) => {
  void signedIn;
  const folder = await aFolder(request, unique('FavPlace'), await siteLibrary(request, 'marketing'));
  const file = await aFile(request, folder.id, `${unique('fav')}.txt`, 'here');
  await favorite(request, file.id);
  const favorites = new FavoritesPage(page);
  await favorites.goto();
  const item = favorites.item(file.name);
  await expect(item).toContainText(`In Marketing / ${folder.name}`);
  await expect(item).not.toContainText('documentLibrary');
  await expect(item).not.toContainText('Company Home');
  await item.getByRole('link', { name: `Open folder Marketing / ${folder.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/marketing/folder/${folder.id}$`));
});

/** A folder where alice (Collaborator) locks a file that bob (Coordinator) and dave (Unlock only) see. */
async function lockedByAlice(request: Parameters<typeof aFolder>[0]) {
  const folder = await aFolder(request, unique('Locked'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: [
      { authorityId: 'alice', name: 'Collaborator' },
      { authorityId: 'bob', name: 'Coordinator' },
      { authorityId: 'GROUP_EVERYONE', name: 'Consumer' },
      { authorityId: 'dave', name: 'Unlock' },
    ],
  });
  const file = await aFile(request, folder.id, 'locked.txt', 'locked');
  await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  return { folder, file };
}

test('Unlock is offered to someone who holds only the Unlock permission, and works', async ({
  page,
  request,
  signInAs,
  browserPage,
}) => {
  const { folder, file } = await lockedByAlice(request);
  await signInAs('dave');
  await browserPage.goto(folder.id);
  await browserPage.openActions('locked.txt');
  await expect(page.getByRole('menuitem', { name: 'Unlock' })).toBeEnabled();
  await page.keyboard.press('Escape');

  const editor = new EditorPage(page);
  await editor.goto(file.id);
  await expect(editor.lockSection()).toContainText('Locked by Alice Andrews');
  await editor.unlockButton().click();
  await expect(editor.lockSection()).toContainText('Not locked');
});

test('Unlock is not offered to someone who may not unlock', async ({ page, request, signInAs, browserPage }) => {
  const { folder, file } = await lockedByAlice(request);
  await signInAs('carol');
  await browserPage.goto(folder.id);
  await browserPage.openActions('locked.txt');
  await expect(page.getByRole('menuitem', { name: 'Unlock' })).toBeDisabled();
  await page.keyboard.press('Escape');
  const editor = new EditorPage(page);
  await editor.goto(file.id);
  await expect(editor.lockSection()).toContainText('Locked by Alice Andrews');
  await expect(editor.unlockButton()).toHaveCount(0);
});

test('a folder row’s menu disables what a lock held by someone else forbids, and says whose lock', async ({
  page,
  request,
  signInAs,
  browserPage,
}) => {
  const { folder } = await lockedByAlice(request);
  await aFile(request, folder.id, 'free.txt', 'free');
  await signInAs('bob');
  await browserPage.goto(folder.id);
  await browserPage.openActions('locked.txt');
  for (const name of ['Rename…', 'Move to…', 'Delete']) {
    const item = page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
    await expect(item).toBeDisabled();
    await expect(item).toContainText('Locked by Alice Andrews');
  }
  await expect(page.getByRole('menuitem', { name: 'Copy to…' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await browserPage.openActions('free.txt');
  await expect(page.getByRole('menuitem', { name: 'Rename…' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeEnabled();
});

test('at 390 px the file page says "Locked by …" once', async ({ page, request, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { file } = await lockedByAlice(request);
  await signInAs('bob');
  const editor = new EditorPage(page);
  await editor.goto(file.id);
  await expect(editor.lockSection()).toContainText('Locked by Alice Andrews');
  await expect(page.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(page.getByText(/Locked by/).filter({ visible: true })).toHaveCount(1);
  await editor.tab('Versions').click();
  await expect(page.getByRole('button', { name: 'Upload new version' })).toBeDisabled();
  await expect(page.getByText(/Locked by/).filter({ visible: true })).toHaveCount(1);
});
