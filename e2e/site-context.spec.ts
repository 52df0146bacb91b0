import { FavoritesPage } from './pages/favorites.page.ts';
import { SitesPage } from './pages/sites.page.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 16, defect 8: a folder inside a site's library opens inside the site.
test('a folder in a site library opens in the site: its header, one trail from its title, Sites current', async ({
  page,
  signInAs,
}) => {
  const sites = new SitesPage(page);
  await signInAs('alice');
  await sites.goto('marketing');
  await sites.library().getByRole('link', { name: 'Campaigns', exact: true }).click();

  await expect(page).toHaveURL(/\/sites\/marketing\/folder\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  await expect(sites.tab('Documents')).toHaveAttribute('aria-selected', 'true');
  await expect(sites.mainNavCurrent()).toHaveText('Sites');
  await expect(sites.breadcrumbs()).toHaveCount(1);
  await expect(sites.breadcrumbs().getByRole('link')).toHaveText(['Marketing']);
  await expect(sites.breadcrumbs()).toContainText('Campaigns');
  await expect(page.getByText('documentLibrary')).toHaveCount(0);
  await expect(sites.library().getByText('spring-launch-plan.txt')).toBeVisible();

  // The file page's way back and its path lead into the site too.
  await sites.library().getByRole('button', { name: 'Actions for spring-launch-plan.txt' }).click();
  await page.getByRole('menuitem', { name: 'Properties' }).click();
  await expect(page).toHaveURL(/\/nodes\//);
  const campaigns = /\/sites\/marketing\/folder\/[\w-]+$/;
  await expect(page.getByRole('link', { name: 'Back to folder' })).toHaveAttribute('href', campaigns);
  await page.getByRole('link', { name: 'Back to folder' }).click();
  await expect(page).toHaveURL(campaigns);

  await sites.breadcrumbs().getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL('/sites/marketing');
  await expect(sites.library().getByText('Campaigns')).toBeVisible();
  await expect(sites.breadcrumbs()).toHaveCount(1);
});

test('links from elsewhere to a folder in a site land in the site', async ({ page, signInAs }) => {
  const favorites = new FavoritesPage(page);
  const sites = new SitesPage(page);
  await signInAs('carol');
  await favorites.goto('?kind=folder');
  await favorites.item('Designs').getByRole('link', { name: 'Designs' }).click();
  await expect(page).toHaveURL(/\/sites\/engineering\/folder\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Engineering', level: 1 })).toBeVisible();
  await expect(sites.library().getByText('architecture.md')).toBeVisible();

  // An old /browse link to it is sent to the site as well.
  const id = page.url().split('/').at(-1) ?? '';
  await page.goto(`/browse/${id}`);
  await expect(page).toHaveURL(`/sites/engineering/folder/${id}`);
  await expect(sites.mainNavCurrent()).toHaveText('Sites');
});
