import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { aFile, aFolder, childNames, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

/** "My Docs" holding ok.txt, "Annual report.txt" and "Sub Folder/meeting notes.txt". */
async function myDocs(dir: string): Promise<string> {
  const root = path.join(dir, 'My Docs');
  await mkdir(path.join(root, 'Sub Folder'), { recursive: true });
  await writeFile(path.join(root, 'ok.txt'), 'ok');
  await writeFile(path.join(root, 'Annual report.txt'), 'figures');
  await writeFile(path.join(root, 'Sub Folder', 'meeting notes.txt'), 'notes');
  return root;
}

test('a folder upload with spaced names: one fix for the whole batch, folders included', async ({
  page,
  request,
  signedIn,
}, testInfo) => {
  const parent = await aFolder(request, unique('Names'));
  const dir = await myDocs(testInfo.outputPath());
  await signedIn.goto(parent.id);
  await signedIn.expectFolder(parent.name);

  await signedIn.uploadThroughButton('Folder…', dir);
  const dialog = page.getByRole('dialog', { name: 'Names the repository does not accept' });
  await expect(dialog).toContainText(
    '4 names in this upload of 3 files cannot be used here. Nothing has been sent yet.',
  );
  await expect(dialog.getByRole('list', { name: 'Names to change' })).toContainText('My Docs → My_Docs');
  await expect(dialog.getByRole('list', { name: 'Names to change' })).toContainText('Sub Folder → Sub_Folder');
  // Each name says why it is refused.
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Sub Folder → Sub_Folder' })).toContainText(
    'Folder in My Docs · A name cannot contain spaces.',
  );
  await page.screenshot({ path: shot('upload-name-fix') });
  await dialog.getByRole('button', { name: 'Replace spaces with _ in 4 names' }).click();
  await expect(dialog).toBeHidden();

  await expect(signedIn.uploads()).toContainText('3 of 3 uploaded');
  expect(await childNames(request, parent.id)).toEqual(['My_Docs']);
  await signedIn.row('My_Docs').getByRole('link', { name: 'My_Docs' }).click();
  await expect(signedIn.row('Sub_Folder')).toBeVisible();
  await expect(signedIn.row('Annual_report.txt')).toBeVisible();
  await expect(signedIn.row('ok.txt')).toBeVisible();
  await signedIn.row('Sub_Folder').getByRole('link', { name: 'Sub_Folder' }).click();
  await expect(signedIn.row('meeting_notes.txt')).toBeVisible();
});

test('cancelling the name fix sends nothing', async ({ page, request, signedIn }) => {
  const parent = await aFolder(request, unique('NamesCancel'));
  await signedIn.goto(parent.id);
  await signedIn.expectFolder(parent.name);
  await signedIn.dropFiles([
    { name: 'Q3 report.txt', content: 'figures' },
    { name: 'fine.txt', content: 'fine' },
  ]);
  const dialog = page.getByRole('dialog', { name: 'Names the repository does not accept' });
  await expect(dialog.getByRole('button', { name: 'Replace spaces with _ in 1 name' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(signedIn.uploads()).toHaveCount(0);
  expect(await childNames(request, parent.id)).toEqual([]);
});

test('new folder with a space: the reason and the one-click fix', async ({ request, signedIn }) => {
  const parent = await aFolder(request, unique('NamesFolder'));
  await signedIn.goto(parent.id);
  const dialog = await signedIn.typeNewFolder('Team Notes');
  await expect(dialog.getByText('A name cannot contain spaces.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Use “Team_Notes”' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(signedIn.row('Team_Notes')).toBeVisible();
});

test('copy under a new name: the name is checked, with the one-click fix', async ({ page, request, signedIn }) => {
  const parent = await aFolder(request, unique('NamesCopy'));
  const target = await aFolder(request, 'Target', parent.id);
  await aFile(request, parent.id, 'plan.txt', 'plan');
  await signedIn.goto(parent.id);

  await signedIn.rowAction('plan.txt', 'Copy to…');
  const picker = signedIn.picker();
  await signedIn.pickerGo('Target');
  const name = picker.getByLabel('Name in “Target”');
  await expect(name).toHaveValue('plan.txt');
  await name.fill('plan copy.txt');
  await expect(picker.getByText('A name cannot contain spaces.')).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Copy here' })).toBeDisabled();
  await page.screenshot({ path: shot('copy-new-name'), animations: 'disabled' });
  await picker.getByRole('button', { name: 'Use “plan_copy.txt”' }).click();
  await picker.getByRole('button', { name: 'Copy here' }).click();
  await expect(picker.getByRole('status')).toHaveText('1 copied');
  expect(await childNames(request, target.id)).toEqual(['plan_copy.txt']);
});
