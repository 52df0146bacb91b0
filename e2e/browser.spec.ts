import { aFile, aFolder, favorite, lock, manyFolders, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

test('breadcrumb, icons, sizes, lock and favorite indicators', async ({ page, request, signedIn }) => {
  const top = await aFolder(request, unique('Projects'));
  const sub = await aFolder(request, 'Drafts', top.id);
  const inner = await aFolder(request, 'Deep', sub.id);
  const report = await aFile(request, sub.id, 'report.txt', 'x'.repeat(1536));
  await aFile(request, sub.id, 'notes.txt', 'hello');
  await lock(request, report.id);
  await favorite(request, report.id);

  await signedIn.goto(sub.id);
  await signedIn.expectFolder('Drafts');
  const crumbs = signedIn.breadcrumb();
  await expect(crumbs.getByRole('link', { name: 'Company Home' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: top.name })).toBeVisible();
  await expect(signedIn.row('Deep')).toBeVisible();
  const reportRow = signedIn.row('report.txt');
  await expect(reportRow.getByText('1.5 KB')).toBeVisible();
  await expect(reportRow.getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(reportRow.getByRole('img', { name: 'Favorite' })).toBeVisible();
  await expect(signedIn.row('notes.txt').getByRole('img', { name: 'Locked' })).toHaveCount(0);
  await expect(signedIn.row('report.txt')).toContainText('Administrator');

  await page.screenshot({ path: shot('browser-light-1280') });

  await signedIn.row('Deep').getByRole('link', { name: 'Deep' }).click();
  await signedIn.expectFolder('Deep');
  await expect(page).toHaveURL(`/browse/${inner.id}`);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await crumbs.getByRole('link', { name: top.name }).click();
  await signedIn.expectFolder(top.name);
  await expect(signedIn.row('Drafts')).toBeVisible();
});

test('sorting and paging happen on the server; the DOM holds one page', async ({ page, request, signedIn }) => {
  const big = await aFolder(request, unique('Big'));
  const names = Array.from({ length: 120 }, (_, i) => `item-${String(i).padStart(3, '0')}`);
  await manyFolders(request, big.id, names);

  await signedIn.goto(big.id);
  await expect(signedIn.rows()).toHaveCount(50);
  await expect(page.getByText('1–50 of 120')).toBeVisible();

  const sorted = page.waitForRequest((r) => new URL(r.url()).searchParams.get('orderBy') === 'isFolder DESC,name DESC');
  await signedIn.columnHeader('Name').click();
  await expect(page).toHaveURL(/sort=name$/);
  // The second click toggles what the page shows: wait until it shows the first sort.
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await signedIn.columnHeader('Name').click();
  await sorted;
  await expect(signedIn.rows().first()).toContainText('item-119');
  await expect(page).toHaveURL(/sort=name&dir=desc/);

  const paged = page.waitForRequest((r) => r.url().includes('skipCount=50'));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await paged;
  await expect(signedIn.rows().first()).toContainText('item-069');
  await expect(page.getByText('51–100 of 120')).toBeVisible();
  expect(await signedIn.rows().count()).toBe(50);
});

test('keyboard: arrows move the selection, Enter opens, Delete asks first', async ({ page, request, signedIn }) => {
  const parent = await aFolder(request, unique('Keys'));
  await aFolder(request, 'alpha', parent.id);
  await aFolder(request, 'beta', parent.id);
  await aFolder(request, 'gamma', parent.id);

  await signedIn.goto(parent.id);
  await signedIn.row('alpha').click();
  await expect(signedIn.row('alpha')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(signedIn.row('beta')).toHaveAttribute('aria-selected', 'true');
  await expect(signedIn.row('beta')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(signedIn.row('beta')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete folder?' });
  await expect(dialog).toContainText('“beta” and everything in it will be moved to the trash.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(signedIn.row('beta')).toBeVisible();

  await signedIn.row('gamma').click();
  await page.keyboard.press('Enter');
  await signedIn.expectFolder('gamma');
});

test('new folder: the name is checked like the server does; conflicts are explained', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('Create'));
  await aFolder(request, 'Existing', parent.id);
  await signedIn.goto(parent.id);

  const dialog = await signedIn.typeNewFolder('Q3 report?');
  // The first rule broken, in the server's order; the fix mends them all.
  await expect(dialog.getByText('A name cannot contain any of * " < > \\ / ? : |')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await page.screenshot({ path: shot('new-folder-invalid') });
  await dialog.getByRole('button', { name: 'Use “Q3_report_”' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(signedIn.row('Q3_report_')).toBeVisible();

  const again = await signedIn.typeNewFolder('Existing');
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'An item named “Existing” already exists here. Choose another name.',
  );
  await again.getByRole('button', { name: 'Cancel' }).click();
});

test('delete with confirmation, and download a file', async ({ page, request, signedIn }) => {
  const parent = await aFolder(request, unique('Delete'));
  await aFolder(request, 'old-stuff', parent.id);
  await aFile(request, parent.id, 'hello.txt', 'hello, quire');
  await signedIn.goto(parent.id);

  await signedIn.openActions('old-stuff');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete folder?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(signedIn.row('old-stuff')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await signedIn.openActions('hello.txt');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hello.txt');
  expect(file.url()).toContain('/direct-access/');
  expect(file.url()).not.toMatch(/ticket/i);
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(await file.path(), 'utf8')).toBe('hello, quire');
});

test('a folder that cannot be read says why', async ({ page, signedIn }) => {
  await signedIn.goto('no-such-node');
  await expect(page.getByRole('alert')).toHaveText(/does not exist any more, or you cannot see it/);
});

test('double-click opens the row it was made on; selecting does not move the rows', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('DoubleClick'));
  await manyFolders(request, parent.id, ['alpha', 'beta', 'gamma', 'delta']);
  await signedIn.goto(parent.id);
  await expect(signedIn.rows()).toHaveCount(4);

  // The Modified cell of the third row, then the empty part of a name cell: nothing selected before.
  await signedIn.row('gamma').getByRole('cell').nth(3).dblclick();
  await signedIn.expectFolder('gamma');
  await page.goBack();
  await signedIn.expectFolder(parent.name);
  await signedIn
    .row('delta')
    .getByRole('cell')
    .nth(1)
    .dblclick({ position: { x: 200, y: 10 } });
  await signedIn.expectFolder('delta');
  await page.goBack();
  await signedIn.expectFolder(parent.name);

  const before = await signedIn.rowTop('beta');
  await signedIn.row('beta').getByRole('cell').nth(3).click();
  await expect(signedIn.selectionToolbar()).toBeVisible();
  expect(await signedIn.rowTop('beta')).toBe(before);
  // It lies over the header, not over a row.
  const toolbar = await signedIn.selectionToolbar().boundingBox();
  expect(toolbar!.y + toolbar!.height).toBeLessThanOrEqual(await signedIn.rowTop('alpha'));
});

test('where one cannot upload, only the drop target says so: the view stays usable for assistive technology', async ({
  page,
  request,
  signInAs,
  browserPage,
}) => {
  const folder = await aFolder(request, unique('ReadOnlyView'));
  await signInAs('dave');
  await browserPage.goto('-root-');
  await expect(browserPage.row(folder.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await expect(page.locator('[aria-disabled="true"]').filter({ has: browserPage.table() })).toHaveCount(0);
  await expect(browserPage.row(folder.name).getByRole('link', { name: folder.name })).toBeEnabled();
  await expect(browserPage.row(folder.name).getByRole('checkbox')).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveAccessibleDescription(
    'You cannot add items to this folder.',
  );

  // A drag says the folder refuses drops; a drop uploads nothing.
  await browserPage.dragFilesOver([{ name: 'x.txt', content: 'x' }]);
  await expect(
    page.getByText('You cannot add items to this folder.', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await page.screenshot({ path: shot('browser-drop-refused') });
  await browserPage.dropFiles([{ name: 'x.txt', content: 'x' }]);
  await expect(browserPage.uploads()).toHaveCount(0);
});
