import { EditorPage, signInContext } from './pages/editor.page.ts';
import { aFile, aFolder, secondaryChild, setPermissions, ticketFor, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

test('edit properties and aspects; they are there after a reload', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Editor'));
  const file = await aFile(request, folder.id, 'report.txt', 'Quarterly numbers');
  void signedIn;
  const editor = new EditorPage(page);
  await editor.goto(file.id);
  await expect(editor.heading()).toHaveText('report.txt');
  await expect(page.getByRole('link', { name: 'Back to folder' })).toHaveAttribute('href', `/browse/${folder.id}`);

  await editor.addAspect('Titled (cm:titled)');
  await editor.addAspect('Author (cm:author)');
  await editor.field('Title').fill('Quarterly report');
  await editor.field('Description').fill('Numbers for the fourth quarter');
  await editor.field('Author').fill('Alice Andrews');
  await editor.save();
  await expect(page.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(editor.field('Title')).toHaveValue('Quarterly report');
  await expect(editor.field('Description')).toHaveValue('Numbers for the fourth quarter');
  await expect(editor.field('Author')).toHaveValue('Alice Andrews');
  await page.getByRole('region', { name: 'Titled' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('editor-properties') });

  await editor.removeAspect('Author');
  await expect(page.getByRole('alert')).toContainText('Saving removes Author and its properties (Author)');
  await editor.save();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(editor.field('Title')).toHaveValue('Quarterly report');
  await expect(editor.aspects()).toContainText('Titled (cm:titled)');
  await expect(editor.aspects()).not.toContainText('Author');
  await expect(editor.field('Author')).toHaveCount(0);
});

test(
  'the properties tab in dark theme and on a narrow window',
  { tag: '@screens' },
  async ({ page, request, signedIn }) => {
    const folder = await aFolder(request, unique('EditorDark'));
    void signedIn;
    const editor = new EditorPage(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await editor.goto(folder.id);
    await expect(editor.field('Name')).toHaveValue(folder.name);
    await page.screenshot({ path: shot('editor-properties-dark') });
    await page.setViewportSize({ width: 400, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(editor.tab('Permissions')).toBeVisible();
    await page.screenshot({ path: shot('editor-properties-narrow'), fullPage: true });
  },
);

test('give bob access to a folder he could not read; he sees it at once', async ({
  browser,
  page,
  request,
  signedIn,
  baseURL,
}) => {
  const folder = await aFolder(request, unique('Private'));
  await setPermissions(request, folder.id, { isInheritanceEnabled: false, locallySet: [] });
  void signedIn;

  const bobContext = await browser.newContext({ baseURL });
  await signInContext(bobContext, await ticketFor(request, 'bob'), 'bob');
  const bobPage = await bobContext.newPage();
  await bobPage.goto(`/browse/${folder.id}`);
  await expect(bobPage.getByRole('alert')).toContainText('You are not allowed to do this');

  const editor = new EditorPage(page);
  await editor.goto(folder.id, 'permissions');
  await expect(page.getByRole('switch', { name: 'Inherit permissions from the parent folder' })).not.toBeChecked();
  await editor.addPermission('bob', /Bob Brown \(bob\)/, 'Consumer');
  await expect(editor.localPermissions()).toContainText('Bob Brown');
  await editor.save();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
  await page.screenshot({ path: shot('editor-permissions') });

  await bobPage.reload();
  await expect(bobPage.getByRole('heading', { level: 1 })).toHaveText(folder.name);

  await page.getByRole('button', { name: 'Remove Bob Brown as Consumer' }).click();
  await editor.save();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
  await bobPage.reload();
  await expect(bobPage.getByRole('alert')).toContainText('You are not allowed to do this');
  await bobContext.close();
});

test('removing your own access asks first', async ({ browser, baseURL, request }) => {
  const folder = await aFolder(request, unique('AliceOnly'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: false,
    locallySet: [{ authorityId: 'alice', name: 'Coordinator' }],
  });
  const context = await browser.newContext({ baseURL });
  await signInContext(context, await ticketFor(request, 'alice'), 'alice');
  const editor = new EditorPage(await context.newPage());
  await editor.goto(folder.id, 'permissions');
  await editor.page.getByRole('button', { name: 'Remove Alice Andrews as Coordinator' }).click();
  await editor.save();
  const dialog = editor.page.getByRole('dialog', { name: 'Remove your own access?' });
  await expect(dialog).toContainText('you will no longer be able to open this item or change its permissions');
  await editor.page.screenshot({ path: shot('editor-permissions-self-removal') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await editor.page.reload();
  await expect(editor.localPermissions()).toContainText('Alice Andrews');
  await context.close();
});

test('upload a new version with a comment, then revert to the first', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Versions'));
  const file = await aFile(request, folder.id, 'notes.txt', 'first draft');
  void signedIn;
  const editor = new EditorPage(page);
  await editor.goto(file.id, 'versions');
  await expect(editor.versionRow('1.0')).toBeVisible();

  await editor.uploadVersion('second draft', 'Second pass');
  await expect(editor.versionRow('1.1')).toContainText('Second pass');
  await expect(editor.versionRow('1.1')).toContainText('Current');
  await page.screenshot({ path: shot('editor-versions') });

  await editor.revertTo('1.0', 'Back to the first draft');
  await expect(editor.versionRow('1.2')).toContainText('Back to the first draft');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download version 1.2' }).click();
  const { readFile } = await import('node:fs/promises');
  const downloaded = await download;
  expect(await readFile(await downloaded.path(), 'utf8')).toBe('first draft');
  // The download went through a direct access URL: no ticket in it.
  expect(downloaded.url()).toContain('/direct-access/');
  expect(downloaded.url()).not.toMatch(/ticket/i);
});

test('secondary children: open one, remove the association', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Filing'));
  const elsewhere = await aFolder(request, unique('Elsewhere'));
  const file = await aFile(request, elsewhere.id, 'contract.txt', 'terms');
  await secondaryChild(request, folder.id, file.id);
  void signedIn;
  const editor = new EditorPage(page);
  await editor.goto(folder.id, 'secondary-children');
  const table = page.getByRole('table', { name: 'Secondary children' });
  await expect(table.getByRole('link', { name: 'contract.txt' })).toBeVisible();
  await page.getByRole('switch', { name: 'Include source' }).check();
  await expect(page.getByText(`Source: ${folder.name}`)).toBeVisible();
  await page.screenshot({ path: shot('editor-secondary-children') });

  await page.getByRole('button', { name: 'Remove association to contract.txt' }).click();
  await expect(page.getByText('No secondary children.')).toBeVisible();
  await editor.goto(file.id);
  await expect(editor.heading()).toHaveText('contract.txt');
});
