import { LoginPage } from './pages/login.page.ts';
import { PeoplePage } from './pages/people.page.ts';
import { unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

// Journeys of many steps on a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

test('an admin creates a person, who then signs in through /login', async ({ page, signedIn: _signedIn }) => {
  const people = new PeoplePage(page);
  await people.goto();
  await expect(people.navEntry()).toBeVisible();
  await expect(people.row('Dave Davis')).toContainText('0 bytes of 977 KB', { timeout: 15_000 });
  await expect(people.enabledSwitch('erin')).not.toBeChecked();
  await page.screenshot({ path: shot('people-light-1280') });

  await people.search().fill('car');
  await expect(people.row('Carol Chen')).toBeVisible();
  await expect(people.row('Alice Andrews')).toHaveCount(0);
  await people.search().fill('');

  // The form checks what the server checks, then the server's 409 lands on the user name.
  const dialog = await people.fillNewPerson({ 'User name': 'ROLE_x' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('A user name cannot start with GROUP_ or ROLE_.')).toBeVisible();
  await expect(dialog.getByText('A first name is required.')).toBeVisible();
  await page.screenshot({ path: shot('new-person-errors-light-1280') });
  await dialog.getByLabel(/^User name/).fill('alice');
  await dialog.getByLabel(/^First name/).fill('Frank');
  await dialog.getByLabel(/^Email\s*\*?$/).fill('frank@example.com');
  await dialog.getByLabel(/^Password/).fill('s3cret-pw');
  await dialog.getByLabel(/^Job title/).fill('Buyer');
  await dialog.getByLabel('Organization').fill('Acme');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText("Person 'alice' already exists. Choose another user name.")).toBeVisible();
  await expect(dialog.getByLabel(/^User name/)).toHaveAttribute('aria-invalid', 'true');

  const id = unique('frank').toLowerCase();
  await dialog.getByLabel(/^User name/).fill(id);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toContainText(`(${id}) can now sign in`);

  await people.search().fill(id);
  await expect(people.row('Frank')).toContainText('Buyer');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const login = new LoginPage(page);
  await login.expectVisible();
  await login.signIn(id, 's3cret-pw');
  // Their own, new home folder.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(id);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect(people.navEntry()).toHaveCount(0);
});

test('an admin sets a quota, disables and enables a person; an administrator cannot be disabled', async ({
  page,
  request,
  signedIn,
}) => {
  void signedIn;
  const people = new PeoplePage(page);
  const id = unique('tmp').toLowerCase();
  await request.post('/alfresco/api/-default-/public/alfresco/versions/1/people', {
    headers: { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    data: { id, firstName: 'Temp', email: `${id}@example.com`, password: 'demo' },
  });
  await people.goto();
  await people.search().fill(id);
  const row = people.row('Temp');
  await row.getByRole('button', { name: `Set quota for ${id}` }).click();
  const quota = page.getByRole('dialog', { name: /Quota of/ });
  await quota.getByLabel('No limit').uncheck();
  await quota.getByLabel('Quota').fill('5');
  await page.screenshot({ path: shot('quota-light-1280') });
  await quota.getByRole('button', { name: 'Save' }).click();
  await expect(quota).toBeHidden();
  await expect(row).toContainText('0 bytes of 5 MB');

  await people.enabledSwitch(id).click();
  await expect(people.enabledSwitch(id)).not.toBeChecked();
  await people.enabledSwitch(id).click();
  await expect(people.enabledSwitch(id)).toBeChecked();

  await people.search().fill('admin');
  await people.enabledSwitch('admin').click();
  await expect(page.getByRole('alert')).toContainText('An administrator cannot be disabled');
  await expect(people.enabledSwitch('admin')).toBeChecked();
});

test('a non-admin visiting /people is told it needs administrator rights, and has no People entry', async ({
  page,
  signInAs,
}) => {
  const people = new PeoplePage(page);
  await signInAs('carol');
  await people.goto();
  await expect(page.getByRole('heading', { name: 'Administrator rights needed' })).toBeVisible();
  await expect(page.getByText(/People administration is for administrators only/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' })).toBeVisible();
  await expect(people.navEntry()).toHaveCount(0);
  await expect(people.table()).toHaveCount(0);
  await page.screenshot({ path: shot('people-not-admin-light-1280') });
});
