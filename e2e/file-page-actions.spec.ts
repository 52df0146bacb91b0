import { EditorPage, signInContext } from './pages/editor.page.ts';
import { NodeActions } from './pages/node-actions.page.ts';
import { aFile, aFolder, API, callAs, setPermissions, ticketFor, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 60_000 });

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

test('the file page says what the file is and offers Download, Open, Rename, Move, Copy, Favorite and Delete', async ({
  page,
  request,
  signedIn,
}) => {
  void signedIn;
  const folderName = unique('Reports');
  const folder = await aFolder(request, folderName);
  const file = await aFile(request, folder.id, 'notes.txt', 'hello from the notes');
  const editor = new EditorPage(page);
  const actions = new NodeActions(page);
  await editor.goto(file.id);

  await expect(actions.summary()).toContainText('Text file · 20 bytes · Modified just now by Administrator');
  await expect(actions.location().getByRole('link', { name: folderName })).toHaveAttribute(
    'href',
    `/browse/${folder.id}`,
  );
  for (const name of ['Download', 'Open', 'Rename', 'Move to', 'Copy to', 'Add to favorites', 'Delete']) {
    await expect(actions.button(name)).toBeEnabled();
  }

  // Download: a direct access URL (no ticket in it).
  const download = page.waitForEvent('download');
  await actions.button('Download').click();
  expect((await download).url()).not.toMatch(/alf_ticket|ticket=/i);
  expect((await download).suggestedFilename()).toBe('notes.txt');

  // Open: the text in a new tab.
  const popup = page.waitForEvent('popup');
  await actions.button('Open').click();
  const tab = await popup;
  await expect(tab.locator('body')).toContainText('hello from the notes');
  await tab.close();

  await actions.button('Add to favorites').click();
  await expect(actions.button('Remove from favorites')).toBeVisible();

  await actions.button('Rename').click();
  const rename = page.getByRole('dialog', { name: /Rename/ });
  await rename.getByLabel('New name').fill('minutes.txt');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(editor.heading()).toHaveText('minutes.txt');

  await actions.button('Copy to').click();
  await expect(page.getByRole('dialog', { name: /Copy “minutes.txt” to/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await actions.button('Move to').click();
  await expect(page.getByRole('dialog', { name: /Move “minutes.txt” to/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Title and Description are there without adding the Titled aspect; the person's word first.
  await expect(editor.aspects()).not.toContainText('Titled');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(page.getByText('cm:title', { exact: true })).toBeVisible();
  await title.fill('Minutes of the board');
  await editor.saveButton().click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const saved = await request.get(`${API}/nodes/${file.id}`, { headers: { Authorization: basic('admin', 'admin') } });
  const entry = ((await saved.json()) as { entry: { aspectNames: string[]; properties: Record<string, string> } })
    .entry;
  expect(entry.aspectNames).toContain('cm:titled');
  expect(entry.properties['cm:title']).toBe('Minutes of the board');

  await actions.button('Delete').click();
  await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`/browse/${folder.id}`);
});

test('a lock held by someone else disables Rename, Move and Delete, and says why', async ({
  browser,
  request,
  baseURL,
}) => {
  const folder = await aFolder(request, unique('Shared'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: [
      { authorityId: 'alice', name: 'Collaborator' },
      { authorityId: 'bob', name: 'Coordinator' },
    ],
  });
  const file = await aFile(request, folder.id, 'plan.txt', 'plan');
  await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  const context = await browser.newContext({ baseURL });
  await signInContext(context, await ticketFor(request, 'bob'), 'bob');
  const page = await context.newPage();
  const actions = new NodeActions(page);
  await new EditorPage(page).goto(file.id);

  for (const name of ['Rename', 'Move to', 'Delete']) {
    await expect(actions.button(name)).toBeDisabled();
    await expect(actions.button(name)).toHaveAccessibleDescription(/Locked by Alice Andrews/);
  }
  for (const name of ['Download', 'Open', 'Copy to', 'Add to favorites']) {
    await expect(actions.button(name)).toBeEnabled();
  }
  // Who holds the lock is said once, in the lock section; the buttons are described by it, not a second note.
  await expect(page.getByText(/Locked by Alice Andrews/).filter({ visible: true })).toHaveCount(1);
  await context.close();
});
