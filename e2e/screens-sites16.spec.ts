import { SitesPage } from './pages/sites.page.ts';
import { expect, shot, test } from './support/fixtures.ts';

/** The screens changed for issue 16 defects 8 and 6 (a site's folders, narrow layouts), saved for people to look at. */
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

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
