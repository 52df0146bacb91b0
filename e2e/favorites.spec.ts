import { FavoritesPage } from './pages/favorites.page.ts';
import { callAs, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

test('filter favorites by kind; the filter is the interface where clause', async ({ page, signInAs }) => {
  const favorites = new FavoritesPage(page);
  await signInAs('alice');
  await favorites.goto();
  await expect(favorites.item('spring-launch-plan.txt')).toBeVisible();
  await expect(favorites.item('Handbook')).toBeVisible();
  await expect(favorites.item('Marketing')).toBeVisible();
  // A place in a site reads as the site's title and the folders below its library (issue 16).
  await expect(favorites.item('spring-launch-plan.txt')).toContainText('In Marketing / Campaigns');
  await page.screenshot({ path: shot('favorites-light-1280') });

  const filesOnly = page.waitForRequest((r) => new URL(r.url()).searchParams.get('where') === '(EXISTS(target/file))');
  await favorites.chip('Files').click();
  await filesOnly;
  await expect(favorites.chip('Files')).toHaveAttribute('aria-pressed', 'true');
  await expect(favorites.item('spring-launch-plan.txt')).toBeVisible();
  await expect(favorites.items()).toHaveCount(1);

  const filesOrSites = page.waitForRequest(
    (r) => new URL(r.url()).searchParams.get('where') === '(EXISTS(target/file) OR EXISTS(target/site))',
  );
  await favorites.chip('Sites').click();
  await filesOrSites;
  await expect(favorites.item('Marketing')).toBeVisible();
  await expect(favorites.item('Handbook')).toHaveCount(0);
  await expect(page).toHaveURL(/kind=file%2Csite|kind=file,site/);
  await page.screenshot({ path: shot('favorites-filtered-light-1280') });

  await favorites.chip('Files').click();
  await favorites.chip('Sites').click();
  await favorites.chip('Folders').click();
  await expect(favorites.items()).toHaveCount(1);
  await favorites.item('Handbook').getByRole('link', { name: 'Handbook' }).click();
  await expect(page).toHaveURL(/\/browse\/[\w-]+$/);
  await expect(page.getByRole('table', { name: 'Folder contents' }).getByText('welcome.txt')).toBeVisible();
});

test('a file favorite opens its details page; its content downloads from its own button', async ({
  page,
  signInAs,
}) => {
  const favorites = new FavoritesPage(page);
  await signInAs('alice');
  await favorites.goto('?kind=file');
  const item = favorites.item('spring-launch-plan.txt');

  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download spring-launch-plan.txt' }).click();
  expect((await download).suggestedFilename()).toBe('spring-launch-plan.txt');
  expect((await download).url()).not.toMatch(/ticket/i);

  await item.getByRole('link', { name: 'spring-launch-plan.txt', exact: true }).click();
  await expect(page).toHaveURL(/\/nodes\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('spring-launch-plan.txt');
});

test('open a site from favorites, and unfavorite a folder', async ({ page, request, signInAs }) => {
  const favorites = new FavoritesPage(page);
  const name = unique('Starred');
  const folder = await callAs(request, 'carol', 'POST', '/nodes/-my-/children', { name, nodeType: 'cm:folder' });
  await callAs(request, 'carol', 'POST', '/people/-me-/favorites', { target: { folder: { guid: folder.entry.id } } });
  await signInAs('carol');

  await favorites.goto();
  await expect(favorites.item(name)).toBeVisible();
  await favorites.unfavorite(name);
  await expect(favorites.item(name)).toHaveCount(0);
  await expect(favorites.item('Designs')).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot('favorites-dark-1280') });
  await page.setViewportSize({ width: 400, height: 800 });
  await page.screenshot({ path: shot('favorites-dark-narrow') });
});
