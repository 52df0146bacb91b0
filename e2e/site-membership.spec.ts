import { SitesPage } from './pages/sites.page.ts';
import { aPerson, callAs, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 60_000 });

/** A PUBLIC site of alice's whose title sorts first in the sites list. */
async function aPublicSite(request: Parameters<typeof callAs>[0], prefix: string) {
  const id = unique(prefix).toLowerCase();
  const title = `000 ${id}`;
  await callAs(request, 'alice', 'POST', '/sites', { id, title, visibility: 'PUBLIC' });
  return { id, title };
}

test('a user favorites a site from the list and unfavorites it from the site page', async ({
  page,
  request,
  signInAs,
}) => {
  const sites = new SitesPage(page);
  const site = await aPublicSite(request, 'fav');
  const user = await aPerson(request, unique('fan').toLowerCase());
  await signInAs(user.id);

  await sites.goto();
  await sites.addFavorite(site.title).click();
  await expect(sites.removeFavorite(site.title)).toHaveAttribute('aria-pressed', 'true');
  const favorites = await callAs(request, user.id, 'GET', '/people/-me-/favorites');
  expect(JSON.stringify(favorites)).toContain(site.id);

  await sites.siteRow(site.title).getByRole('link', { name: site.title }).click();
  await expect(page).toHaveURL(`/sites/${site.id}`);
  await sites.removeFavorite(site.title).click();
  await expect(sites.addFavorite(site.title)).toHaveAttribute('aria-pressed', 'false');
  const after = await callAs(request, user.id, 'GET', '/people/-me-/favorites');
  expect(JSON.stringify(after)).not.toContain(site.id);
});

test('a user joins a public site from the list and leaves it from the site page', async ({
  page,
  request,
  signInAs,
}) => {
  const sites = new SitesPage(page);
  const site = await aPublicSite(request, 'join');
  const user = await aPerson(request, unique('joiner').toLowerCase());
  await signInAs(user.id);

  await sites.goto();
  const row = sites.siteRow(site.title);
  await expect(row).toContainText('Not a member');
  await sites.join(site.title).click();
  await expect(row).toContainText('Consumer');
  await expect(sites.leave(site.title)).toBeVisible();

  await row.getByRole('link', { name: site.title }).click();
  await expect(page.getByText('Your role: Consumer')).toBeVisible();
  await sites.leave(site.title).click();
  await expect(sites.join(site.title)).toBeVisible();
  await expect(page.getByText('Your role: Not a member')).toBeVisible();
  const members = await callAs(request, 'alice', 'GET', `/sites/${site.id}/members`);
  expect(JSON.stringify(members)).not.toContain(user.id);
});
