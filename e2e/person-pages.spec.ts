import { LoginPage } from './pages/login.page.ts';
import { PeoplePage } from './pages/people.page.ts';
import { PersonPage } from './pages/person.page.ts';
import { aPerson, callAs, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 60_000 });

test('an administrator edits a person and resets their password; the person signs in with it', async ({
  page,
  browser,
  request,
  signedIn,
}) => {
  void signedIn;
  const id = unique('edited').toLowerCase();
  const person = await aPerson(request, id, { firstName: 'Pat', lastName: 'Before' });
  const people = new PeoplePage(page);
  const personPage = new PersonPage(page);

  await people.goto();
  await people.search().fill(id);
  await people
    .row(person.displayName)
    .getByRole('link', { name: `Edit ${person.displayName}` })
    .click();
  await expect(page).toHaveURL(`/people/${id}`);
  await expect(personPage.detail('First name')).toHaveValue('Pat');

  await personPage.detail('Last name').fill('After');
  await personPage.detail('Job title').fill('Archivist');
  await personPage.detail('Email').fill('');
  await personPage.saveDetails().click();
  await expect(personPage.details().getByText('An email address is required.')).toBeVisible();
  await personPage.detail('Email').fill(`${id}@example.org`);
  await personPage.saveDetails().click();
  await expect(personPage.details().getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pat After', level: 1 })).toBeVisible();
  const saved = (await callAs(request, id, 'GET', '/people/-me-')).entry as unknown as Record<string, string>;
  expect(saved).toMatchObject({ lastName: 'After', jobTitle: 'Archivist', email: `${id}@example.org` });

  // The server's password policy answers on the field.
  await personPage.setPassword(id);
  await expect(personPage.passwordForm().getByText('The password must not be the user name')).toBeVisible();
  await personPage.setPassword('fresh-secret-1');
  await expect(personPage.passwordForm().getByText(/The password is reset/)).toBeVisible();

  // The person, in a browser of their own, signs in with the new password.
  const theirs = await browser.newPage();
  const login = new LoginPage(theirs);
  await login.goto();
  await login.signIn(id, 'fresh-secret-1');
  await expect(theirs).toHaveURL(/\/browse\//);
  await theirs.close();
});

test('a user changes their own password on the profile page; a wrong current password shows the server’s message', async ({
  page,
  request,
  signInAs,
}) => {
  const id = unique('self').toLowerCase();
  await aPerson(request, id, { firstName: 'Sam', lastName: 'Self' });
  await signInAs(id);
  const profile = new PersonPage(page);

  await page.goto('/browse/-my-');
  await profile.openProfileFromUserMenu();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await expect(profile.detail('First name')).toHaveValue('Sam');

  await profile.setPassword('brand-new-2', 'not-my-password');
  await expect(profile.passwordField('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(profile.passwordForm().getByText('Incorrect password.')).toBeVisible();

  // The throttle waits a moment after a wrong guess; its own message shows on the field meanwhile.
  await expect(async () => {
    await profile.setPassword('brand-new-2', 'demo');
    await expect(profile.passwordForm().getByText(/Your password is changed/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Still signed in here; the new password works, the old one does not.
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await callAs(request, id, 'GET', '/people/-me-', undefined, 'brand-new-2');
  await expect(callAs(request, id, 'GET', '/people/-me-', undefined, 'demo')).rejects.toThrow(/401/);
});
