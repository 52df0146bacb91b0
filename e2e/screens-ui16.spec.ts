import { EditorPage } from './pages/editor.page.ts';
import { aFile, aFolder, callAs, setPermissions, unique } from './support/api.ts';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The screens changed for issue 16 (selection toolbar, file page header and locks), saved for people to look at. */

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`issue 16 screens: ${scheme} ${viewport.name}`, async ({ page, request, signInAs, browserPage }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const folder = await aFolder(request, unique('Screens16'));
      await aFolder(request, 'Contracts', folder.id);
      const file = await aFile(
        request,
        folder.id,
        'Quarterly-financial-statements-and-management-commentary-for-the-board-2026-final-draft.txt',
        'x'.repeat(48_000),
      );
      await aFile(request, folder.id, 'meeting-notes.txt', 'notes');
      await setPermissions(request, folder.id, {
        isInheritanceEnabled: true,
        locallySet: ['alice', 'carol'].map((authorityId) => ({ authorityId, name: 'Collaborator' })),
      });
      await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });

      // Carol, a Collaborator, on a file alice has locked.
      await signInAs('carol');
      const signedIn = browserPage;
      await signedIn.goto(folder.id);
      await signedIn.row('meeting-notes.txt').getByRole('cell').nth(1).click();
      await expect(signedIn.selectionToolbar()).toBeVisible();
      await page.screenshot({ path: shot(`ui16-browser-selected-${scheme}-${viewport.name}`) });

      const editor = new EditorPage(page);
      await editor.goto(file.id);
      await expect(editor.heading()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Lock', exact: true })).toBeVisible();
      await page.screenshot({ path: shot(`ui16-file-locked-${scheme}-${viewport.name}`) });
      await editor.tab('Versions').click();
      await expect(page.getByRole('button', { name: 'Upload new version' })).toBeDisabled();
      await page.screenshot({ path: shot(`ui16-file-locked-versions-${scheme}-${viewport.name}`) });
    });
  }
}
