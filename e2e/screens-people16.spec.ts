import { EditorPage } from './pages/editor.page.ts';
import { aFile, aFolder, aPerson, callAs, unique } from './support/api.ts';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The screens changed for issue 16's file page, sites and people parts, saved for people to look at. */

test.describe.configure({ timeout: 60_000 });

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`issue 16 people, sites and file page screens: ${scheme} ${viewport.name}`, async ({
      page,
      request,
      signInAs,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const folder = await aFolder(request, unique('Screens16p'));
      const file = await aFile(request, folder.id, 'board-minutes-2026.txt', 'x'.repeat(48_000));
      await callAs(request, 'admin', 'PUT', `/people/alice`, { jobTitle: 'Marketing lead' }, 'admin');
      const person = await aPerson(request, unique('pat').toLowerCase(), { firstName: 'Pat', lastName: 'Lee' });

      await signInAs('admin', 'admin');
      const editor = new EditorPage(page);
      await editor.goto(file.id);
      await expect(page.getByRole('region', { name: 'Actions', exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
      await page.screenshot({ path: shot(`p16-file-page-${scheme}-${viewport.name}`), fullPage: true });

      await page.goto('/sites');
      await expect(page.getByRole('table', { name: 'Sites' })).toBeVisible();
      await expect(page.getByRole('button', { name: /favorites$/ }).first()).toBeEnabled();
      await page.screenshot({ path: shot(`p16-sites-${scheme}-${viewport.name}`) });

      await page.goto('/sites/marketing');
      await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
      await page.screenshot({ path: shot(`p16-site-${scheme}-${viewport.name}`) });

      await page.goto(`/people/${person.id}`);
      await expect(page.getByRole('form', { name: 'Details' })).toBeVisible();
      await page.screenshot({ path: shot(`p16-person-${scheme}-${viewport.name}`), fullPage: true });

      await page.goto('/profile');
      await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.screenshot({ path: shot(`p16-profile-${scheme}-${viewport.name}`), fullPage: true });
    });
  }
}
