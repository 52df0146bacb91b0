import { aFile, aFolder, manyFolders, unique } from './support/api.ts';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The screens changed for issue 16 defects 10 and 11 (clash dialog, drops, upload panel, page frame), to look at. */

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`issue 16 clash and frame screens: ${scheme} ${viewport.name}`, async ({ page, request, signedIn }) => {
      test.slow();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const name = `${scheme}-${viewport.name}`;
      const folder = await aFolder(request, unique('ScreensClash'));
      const target = await aFolder(request, 'Target', folder.id);
      await aFolder(request, 'Drafts', folder.id);
      await manyFolders(
        request,
        folder.id,
        Array.from({ length: 12 }, (_, i) => `f${i}`),
      );
      const file = await aFile(request, folder.id, 'plan.txt', 'plan');
      await aFile(request, target.id, 'plan.txt', 'old plan');

      // The clash dialog of a copy.
      await signedIn.goto(folder.id);
      await signedIn.rowAction('plan.txt', 'Copy to…');
      await signedIn.pickerGo('Target');
      await signedIn.picker().getByRole('button', { name: 'Copy here' }).click();
      const clash = page.getByRole('dialog', { name: 'Name already taken' });
      await expect(clash).toBeVisible();
      await page.screenshot({ path: shot(`clash-dialog-${name}`), animations: 'disabled' });
      await clash.getByRole('button', { name: 'Continue' }).click();
      await expect(signedIn.picker().getByRole('status')).toHaveText('1 copied');
      await page.screenshot({ path: shot(`clash-result-${name}`), animations: 'disabled' });
      await signedIn.picker().getByRole('button', { name: 'Close' }).click();

      // A drag over a folder's row, then the upload panel over the page.
      await signedIn.dropFilesOnRow('Drafts', [{ name: 'x.txt', content: 'x' }], { drop: false });
      await page.screenshot({ path: shot(`drop-on-row-${name}`) });
      await signedIn.dropFilesOnRow('Drafts', [{ name: 'x.txt', content: 'x' }]);
      await expect(signedIn.upload('x.txt')).toContainText('Uploaded');
      await page.screenshot({ path: shot(`upload-panel-${name}`) });

      // The file page (properties: switches, Description) and the other pages in their frame.
      await page.goto(`/nodes/${file.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('plan.txt');
      await page.screenshot({ path: shot(`frame-file-page-${name}`), fullPage: true });
      for (const path of ['/sites', '/favorites', '/people', '/sites/engineering']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.screenshot({ path: shot(`frame${path.replaceAll('/', '-')}-${name}`) });
      }
    });
  }
}
