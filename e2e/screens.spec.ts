import { aFile, aFolder, lock, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

/** The main screens in light and dark, wide and narrow: saved for people to look at. */
for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: '1280', width: 1280, height: 720 },
    { name: 'narrow', width: 390, height: 800 },
  ]) {
    test(`screens: ${scheme} ${viewport.name}`, async ({ page, request, signedIn, loginPage }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const folder = await aFolder(request, unique('Screens'));
      await aFolder(request, 'Contracts', folder.id);
      await aFolder(request, 'Invoices_2026', folder.id);
      const file = await aFile(request, folder.id, 'quarterly-report.txt', 'x'.repeat(48_000));
      await aFile(request, folder.id, 'meeting-notes.txt', 'notes');
      await lock(request, file.id);

      await signedIn.goto(folder.id);
      await expect(signedIn.row('quarterly-report.txt')).toBeVisible();
      await signedIn.row('Contracts').click();
      await page.screenshot({ path: shot(`browser-${scheme}-${viewport.name}`) });

      await signedIn.newFolderButton().click();
      await page.getByLabel('Folder name').fill('bad:name');
      await page.screenshot({ path: shot(`new-folder-${scheme}-${viewport.name}`) });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await signedIn.userMenu();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await loginPage.expectVisible();
      await page.screenshot({ path: shot(`login-${scheme}-${viewport.name}`) });
    });
  }
}
