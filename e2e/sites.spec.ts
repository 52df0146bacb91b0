import { SitesPage } from './pages/sites.page.ts';
import { aPerson, callAs, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 60_000 });

test('a manager adds a member, changes a role, meets the last-manager rule and removes the member', async ({
  page,
  request,
  signInAs,
}) => {
  const sites = new SitesPage(page);
  const id = unique('member').toLowerCase();
  const person = await aPerson(request, id, { firstName: 'Morgan', lastName: 'Member' });
  await signInAs('alice');

  await sites.goto();
  const marketing = sites.siteRow('Marketing');
  await expect(marketing).toContainText('Public');
  await expect(marketing).toContainText('Manager');
  await page.screenshot({ path: shot('sites-light-1280') });

  await marketing.getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL('/sites/marketing');
  await expect(page.getByRole('table', { name: 'Folder contents' }).getByText('Campaigns')).toBeVisible();
  await page.screenshot({ path: shot('site-library-light-1280') });

  await sites.tab('Members').click();
  await expect(page).toHaveURL('/sites/marketing/members');
  await expect(sites.member('Alice Andrews')).toBeVisible();
  await expect(sites.member('Carol Chen')).toBeVisible();

  await sites.addMember(id, new RegExp(person.displayName), 'Collaborator');
  await expect(sites.member(person.displayName)).toBeVisible();
  await expect(sites.roleOf(person.displayName)).toHaveText('Collaborator');

  await sites.setRole(person.displayName, 'Contributor');
  await expect(sites.roleOf(person.displayName)).toHaveText('Contributor');
  const after = await callAs(request, 'alice', 'GET', `/sites/marketing/members/${id}`);
  expect((after.entry as unknown as { role: string }).role).toBe('SiteContributor');

  // Alice is the only manager: the server refuses to demote her, and the page says why.
  await sites.setRole('Alice Andrews', 'Consumer');
  await expect(sites.alert()).toContainText('A site must keep at least one manager');
  await expect(sites.alert()).toContainText("Can't demote the last SiteManager of site marketing");
  await expect(sites.roleOf('Alice Andrews')).toHaveText('Manager');
  await page.screenshot({ path: shot('site-members-light-1280') });

  await sites
    .member(person.displayName)
    .getByRole('button', { name: `Remove ${person.displayName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Remove member' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(sites.member(person.displayName)).toHaveCount(0);
});

test('a member who is not a manager sees roles but no controls', async ({ page, signInAs }) => {
  const sites = new SitesPage(page);
  await signInAs('carol');
  await sites.goto('marketing', '/members');
  await expect(sites.member('Alice Andrews')).toContainText('Manager');
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await expect(sites.roleOf('Alice Andrews')).toHaveCount(0);
});

test('an administrator who is not a member manages a private site’s members', async ({ page, signedIn }) => {
  void signedIn;
  const sites = new SitesPage(page);
  await sites.goto('engineering', '/members');
  await expect(page.getByText('Your role: Not a member')).toBeVisible();
  await expect(sites.member('Bob Brown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add member' })).toBeVisible();
  await expect(sites.roleOf('Carol Chen')).toHaveText('Contributor');
});

test('create a site: checked in the form, a taken id shown on its field, then the new site', async ({
  page,
  signInAs,
}) => {
  const sites = new SitesPage(page);
  await signInAs('alice');
  await sites.goto();
  const dialog = await sites.fillNewSite({ title: 'Marketing', description: 'A second marketing site' });
  await expect(dialog.getByLabel('Site id')).toHaveValue('marketing');
  await dialog.getByLabel('Site id').fill('has space');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Only letters, digits and dashes (no spaces).')).toBeVisible();

  await dialog.getByLabel('Site id').fill('marketing');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(/This site id is already in use/)).toBeVisible();
  await expect(dialog.getByLabel('Site id')).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(300); // the Create button's colour transition after its loading state
  await page.screenshot({ path: shot('new-site-error-light-1280') });

  const id = unique('launch').toLowerCase();
  await dialog.getByLabel('Title').fill(`Launch ${id}`);
  await dialog.getByLabel('Site id').fill(id);
  await dialog.getByLabel('Private').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(`/sites/${id}`);
  await expect(page.getByRole('heading', { name: `Launch ${id}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Your role: Manager')).toBeVisible();
  await expect(page.getByText('This folder is empty')).toBeVisible();
});

test('sites: dark and narrow screens', { tag: '@screens' }, async ({ page, signInAs }) => {
  const sites = new SitesPage(page);
  await signInAs('alice');
  await page.emulateMedia({ colorScheme: 'dark' });
  await sites.goto('marketing', '/members');
  await expect(sites.member('Carol Chen')).toBeVisible();
  await page.screenshot({ path: shot('site-members-dark-1280') });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 400, height: 800 });
  await sites.goto();
  await expect(sites.siteRow('Marketing')).toBeVisible();
  await page.screenshot({ path: shot('sites-light-narrow') });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('link', { name: 'Favorites' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'People' })).toHaveCount(0);
  await page.waitForTimeout(400); // the drawer's slide-in
  await page.screenshot({ path: shot('nav-drawer-light-narrow') });
  await page.keyboard.press('Escape');
  await sites.goto('marketing', '/members');
  await expect(sites.member('Carol Chen')).toBeVisible();
  await page.screenshot({ path: shot('site-members-light-narrow') });
});
