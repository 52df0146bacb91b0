import { SitesPage } from './pages/sites.page.ts';
import { aFile, aFolder, API, ADMIN, setPermissions, unique } from './support/api.ts';
import { expect, shot, test, VIEWPORTS } from './support/fixtures.ts';

/** The screens changed for issue 16 defects 8 and 6 (a site's folders, narrow layouts), saved for people to look at. */

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`issue 16 site screens: ${scheme} ${viewport.name}`, async ({ page, signInAs }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const sites = new SitesPage(page);
      await signInAs('alice');
      await sites.goto('marketing');
      await expect(sites.library().getByText('Campaigns')).toBeVisible();
      await page.screenshot({ path: shot(`sites16-site-library-${scheme}-${viewport.name}`) });
      await sites.library().getByRole('link', { name: 'Campaigns', exact: true }).click();
      await expect(sites.library().getByText('spring-launch-plan.txt')).toBeVisible();
      await page.screenshot({ path: shot(`sites16-site-folder-${scheme}-${viewport.name}`) });
    });
  }
}

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`issue 16 narrow-layout screens: ${scheme} ${viewport.name}`, async ({ page, request, signedIn }) => {
      void signedIn;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const folder = await aFolder(request, unique('Screens-narrow'));
      const file = await aFile(request, folder.id, 'budget-2026.txt', 'one');
      const second = await request.put(`${API}/nodes/${file.id}/content?majorVersion=true&comment=Numbers+approved`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${ADMIN.userId}:${ADMIN.password}`).toString('base64')}`,
          'Content-Type': 'text/plain',
        },
        data: 'two',
      });
      expect(second.ok()).toBe(true);
      await setPermissions(request, file.id, {
        isInheritanceEnabled: true,
        locallySet: [
          { authorityId: 'alice', name: 'Collaborator' },
          { authorityId: 'GROUP_EVERYONE', name: 'Consumer' },
        ],
      });

      await page.goto('/people');
      await expect(page.getByRole('table', { name: 'People' }).locator('tbody tr').first()).toBeVisible();
      await page.screenshot({ path: shot(`sites16-people-${scheme}-${viewport.name}`) });
      await page.goto(`/nodes/${file.id}?tab=versions`);
      await expect(page.getByRole('table', { name: 'Versions' })).toBeVisible();
      await page.screenshot({ path: shot(`sites16-file-versions-${scheme}-${viewport.name}`) });
      await page.goto(`/nodes/${file.id}?tab=permissions`);
      await expect(page.getByText('Alice Andrews').first()).toBeVisible();
      await page.screenshot({ path: shot(`sites16-file-permissions-${scheme}-${viewport.name}`), fullPage: true });
    });
  }
}
