import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { aFile, aFolder, unique } from './support/api.ts';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The screens changed for issue 16 defect 2 (names): the upload's one name fix, New folder, Copy with a new name. */

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`names screens: ${scheme} ${viewport.name}`, async ({ page, request, signedIn }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const folder = await aFolder(request, unique('ScreensNames'));
      await aFolder(request, 'Target', folder.id);
      await aFile(request, folder.id, 'plan.txt', 'plan');
      const root = testInfo.outputPath('My Docs');
      await mkdir(path.join(root, 'Sub Folder'), { recursive: true });
      await writeFile(path.join(root, 'ok.txt'), 'ok');
      await writeFile(path.join(root, 'Annual report for the board, second quarter 2026 (final).txt'), 'figures');
      await writeFile(path.join(root, 'Sub Folder', 'meeting notes.txt'), 'notes');
      await signedIn.goto(folder.id);
      await signedIn.expectFolder(folder.name);

      await signedIn.uploadThroughButton('Folder…', root);
      const fix = page.getByRole('dialog', { name: 'Names the repository does not accept' });
      await expect(fix).toBeVisible();
      await page.screenshot({ path: shot(`names-upload-fix-${scheme}-${viewport.name}`), animations: 'disabled' });
      await fix.getByRole('button', { name: 'Cancel upload' }).click();

      const dialog = await signedIn.typeNewFolder('Team Notes');
      await expect(dialog.getByRole('button', { name: 'Use “Team_Notes”' })).toBeVisible();
      await page.screenshot({ path: shot(`names-new-folder-${scheme}-${viewport.name}`), animations: 'disabled' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await signedIn.rowAction('plan.txt', 'Copy to…');
      const picker = signedIn.picker();
      await signedIn.pickerGo('Target');
      await picker.getByLabel('Name in “Target”').fill('plan copy.txt');
      await expect(picker.getByRole('button', { name: 'Use “plan_copy.txt”' })).toBeVisible();
      await page.screenshot({ path: shot(`names-copy-new-name-${scheme}-${viewport.name}`), animations: 'disabled' });
    });
  }
}
