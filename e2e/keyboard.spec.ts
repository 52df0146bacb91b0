import type { Locator, Page } from '@playwright/test';
import { aFile, aFolder, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 16: upload, rename, lock and unlock with the keyboard alone (no click anywhere).

/** Presses Tab (or Shift+Tab) until the element has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never got the focus in ${max} presses`);
}

const row = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Folder contents' }).getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

test('upload a file with the keyboard: the Upload button, Files…, the file chooser', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Keys-upload'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Files…' })).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'typed.txt', mimeType: 'text/plain', buffer: Buffer.from('keys') });
  await expect(signedIn.upload('typed.txt')).toContainText('Uploaded');
  await expect(row(page, 'typed.txt')).toBeVisible();
});

test('rename a file with the keyboard: its row, F2, type, Enter', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('Keys-rename'));
  await aFile(request, folder.id, 'draft.txt', 'draft');
  await signedIn.goto(folder.id);
  await tabTo(page, row(page, 'draft.txt'));
  await page.keyboard.press('F2');
  const dialog = page.getByRole('dialog', { name: /^Rename/ });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('final.txt');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row(page, 'final.txt')).toBeVisible();
  await expect(row(page, 'draft.txt')).toHaveCount(0);
});

test('lock and unlock a file with the keyboard: select its row, the selection’s Lock… and Unlock…', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Keys-lock'));
  await aFile(request, folder.id, 'contract.txt', 'terms');
  await signedIn.goto(folder.id);
  const file = row(page, 'contract.txt');
  await tabTo(page, file);
  await page.keyboard.press('Space');
  const toolbar = page.getByRole('toolbar', { name: 'Selection' });
  await tabTo(page, toolbar.getByRole('button', { name: 'Lock…' }), { back: true });
  await page.keyboard.press('Enter');
  const lockDialog = page.getByRole('dialog', { name: 'Lock “contract.txt”' });
  await tabTo(page, lockDialog.getByRole('button', { name: 'Lock', exact: true }));
  await page.keyboard.press('Enter');
  await expect(lockDialog).toBeHidden();
  await expect(file.getByRole('img', { name: /Locked/ })).toBeVisible();

  await tabTo(page, file);
  if (!(await file.getAttribute('aria-selected'))?.includes('true')) await page.keyboard.press('Space');
  await tabTo(page, toolbar.getByRole('button', { name: 'Unlock…' }), { back: true });
  await page.keyboard.press('Enter');
  const unlockDialog = page.getByRole('dialog', { name: 'Unlock “contract.txt”?' });
  await tabTo(page, unlockDialog.getByRole('button', { name: 'Unlock', exact: true }));
  await page.keyboard.press('Enter');
  await expect(unlockDialog).toBeHidden();
  await expect(file.getByRole('img', { name: /Locked/ })).toHaveCount(0);
});
