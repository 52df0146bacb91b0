import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { aFile, aFolder, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

const text = (name: string, content: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });

test('upload files through the button; the panel shows each one and the list refreshes', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Upload'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);

  await signedIn.uploadThroughButton('Files…', [text('alpha.txt', 'a'.repeat(2048)), text('beta.txt', 'beta')]);
  await expect(signedIn.row('alpha.txt')).toBeVisible();
  await expect(signedIn.row('beta.txt')).toBeVisible();
  await expect(signedIn.upload('alpha.txt')).toContainText('Uploaded · 2 KB');
  await expect(signedIn.uploads()).toContainText('2 of 2 uploaded');
  await page.screenshot({ path: shot('upload-panel-done') });
});

test('upload a whole folder: its structure is kept', async ({ request, signedIn }, testInfo) => {
  const folder = await aFolder(request, unique('UploadDir'));
  const dir = testInfo.outputPath('Photos');
  await mkdir(path.join(dir, '2026'), { recursive: true });
  await writeFile(path.join(dir, 'cover.txt'), 'cover');
  await writeFile(path.join(dir, '2026', 'june.txt'), 'june');

  await signedIn.goto(folder.id);
  await signedIn.uploadThroughButton('Folder…', dir);
  await expect(signedIn.upload('june.txt')).toContainText('Uploaded');
  await expect(signedIn.row('Photos')).toBeVisible();
  await signedIn.row('Photos').getByRole('link', { name: 'Photos' }).click();
  await expect(signedIn.row('2026')).toBeVisible();
  await expect(signedIn.row('cover.txt')).toBeVisible();
});

test('drop files on the folder view', async ({ page, request, signedIn }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 800 });
  const folder = await aFolder(request, unique('Drop'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  await signedIn.dropFiles([{ name: 'dropped.txt', content: 'from the desktop' }]);
  await expect(signedIn.row('dropped.txt')).toBeVisible();
  await expect(signedIn.upload('dropped.txt')).toContainText('Uploaded');
  await page.screenshot({ path: shot('upload-dark-narrow') });
});

test('a name clash waits for a choice; "Keep both" uploads under a free name', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Clash'));
  await aFile(request, folder.id, 'report.txt', 'first');
  await signedIn.goto(folder.id);
  await expect(signedIn.row('report.txt')).toBeVisible();

  await signedIn.uploadThroughButton('Files…', [text('report.txt', 'second')]);
  const dialog = page.getByRole('dialog', { name: 'Name already taken' });
  await expect(dialog).toContainText('An item named “report.txt” already exists here.');
  await page.screenshot({ path: shot('upload-conflict') });
  await dialog.getByRole('radio', { name: /Keep both/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const item = signedIn.upload('report.txt');
  await expect(signedIn.row('report-1.txt')).toBeVisible();
  await expect(item).toContainText('Uploaded');
});

test('a clash with a name that differs in letter case names the item there; Replace updates it', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Case'));
  await aFile(request, folder.id, 'README.txt', 'old');
  await signedIn.goto(folder.id);
  await expect(signedIn.row('README.txt')).toBeVisible();

  await signedIn.uploadThroughButton('Files…', [text('Readme.txt', 'newer')]);
  const dialog = page.getByRole('dialog', { name: 'Name already taken' });
  await expect(dialog).toContainText(
    'An item named “README.txt” already exists here. Names that differ only in letter case clash, so “Readme.txt” cannot go beside it.',
  );
  await dialog.getByRole('radio', { name: /Replace/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(signedIn.uploads()).toContainText('1 of 1 uploaded');
  await expect(signedIn.row('README.txt').getByText('5 bytes')).toBeVisible();
  await expect(signedIn.rows()).toHaveCount(1);
});

test('clashes: replace as a major version with a comment, applied to all', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Replace'));
  await aFile(request, folder.id, 'one.txt', 'old one');
  await aFile(request, folder.id, 'two.txt', 'old two');
  await signedIn.goto(folder.id);
  await expect(signedIn.row('two.txt')).toBeVisible();

  await signedIn.uploadThroughButton('Files…', [text('one.txt', 'new one!'), text('two.txt', 'new two!')]);
  const dialog = page.getByRole('dialog', { name: 'Name already taken' });
  await expect(dialog.getByRole('checkbox', { name: 'Apply to all 2 clashes' })).toBeVisible();
  await dialog.getByRole('radio', { name: /Replace/ }).check();
  await dialog.getByRole('checkbox', { name: 'Major version' }).check();
  await dialog.getByLabel('Version comment').fill('June figures');
  await dialog.getByRole('checkbox', { name: 'Apply to all 2 clashes' }).check();
  await page.screenshot({ path: shot('upload-conflict-replace') });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(signedIn.uploads()).toContainText('2 of 2 uploaded');
  await expect(signedIn.row('one.txt').getByText('8 bytes')).toBeVisible();
  await expect(signedIn.rows()).toHaveCount(2);
});

test('a name the repository refuses is explained before sending, with a one-click fix', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('BadName'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);

  await signedIn.uploadThroughButton('Files…', [text('Q3 report.txt', 'figures')]);
  const dialog = page.getByRole('dialog', { name: 'Names the repository does not accept' });
  await expect(dialog).toContainText('Q3 report.txt → Q3_report.txt');
  await page.screenshot({ path: shot('upload-bad-name') });
  await dialog.getByRole('button', { name: 'Replace spaces with _ in 1 name' }).click();
  await expect(signedIn.row('Q3_report.txt')).toBeVisible();
});
