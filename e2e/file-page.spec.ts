import { EditorPage, signInContext } from './pages/editor.page.ts';
import { aFile, aFolder, callAs, setPermissions, ticketFor, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

const LONG_NAME = 'Quarterly-financial-statements-and-management-commentary-for-the-board-2026-final-draft.txt';

/** A folder where alice, bob and carol are Collaborators, with one file in it. */
async function sharedFile(request: Parameters<typeof aFolder>[0], name: string) {
  const folder = await aFolder(request, unique('Shared'));
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: ['alice', 'bob', 'carol'].map((authorityId) => ({ authorityId, name: 'Collaborator' })),
  });
  return aFile(request, folder.id, name, 'numbers');
}

test('the file page header keeps its shape with a lock and after a refused unlock', async ({
  browser,
  request,
  baseURL,
}) => {
  const file = await sharedFile(request, LONG_NAME);
  await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
  });
  // Without live updates (ADR 0022): the page must still show alice's lock when bob's replaces it,
  // as a page does whose stream is down, so that her Unlock is offered and refused.
  await context.route('**/quire/versions/1/events', (route) => route.abort());
  await signInContext(context, await ticketFor(request, 'alice'), 'alice');
  const editor = new EditorPage(await context.newPage());
  await editor.goto(file.id);
  await expect(editor.heading()).toHaveText(LONG_NAME);
  await expect(editor.lockSection()).toContainText('Locked by you');
  // The name has the width of the page, not a column squeezed by the lock.
  expect(await editor.headingWidth()).toBeGreaterThan(600);
  await expect(editor.heading()).toHaveAttribute('title', LONG_NAME);

  // Meanwhile an administrator unlocks it and bob locks it: alice's Unlock is refused.
  await callAs(request, 'admin', 'POST', `/nodes/${file.id}/unlock`, undefined, 'admin');
  await callAs(request, 'bob', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  await editor.unlockButton().click();
  const alert = editor.page.getByRole('alert').filter({ hasText: 'You are not allowed to do this' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`“${LONG_NAME}”`);
  await expect(alert).not.toContainText(file.id);
  // The refusal is not in the header: the title and the chip keep their width.
  expect(await editor.headingWidth()).toBeGreaterThan(600);
  const tabs = await editor.page.getByRole('tablist', { name: 'Node details' }).boundingBox();
  expect((await alert.boundingBox())!.y).toBeGreaterThan(tabs!.y + tabs!.height);
  await expect(editor.page.getByText('Locked', { exact: true })).toHaveText('Locked');
  // The page now shows the lock as it is: bob's, and alice may no longer change the file.
  await expect(editor.lockSection()).toContainText('Locked by Bob Brown');
  await editor.page.screenshot({ path: shot('file-page-refused-unlock-1024') });
  await context.close();
});

test('Unlock is offered only to those who may unlock', async ({ browser, baseURL, request }) => {
  const file = await sharedFile(request, 'plan.txt');
  await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  const context = await browser.newContext({ baseURL });
  await signInContext(context, await ticketFor(request, 'carol'), 'carol');
  const editor = new EditorPage(await context.newPage());
  await editor.goto(file.id);
  await expect(editor.lockSection()).toContainText('Locked by Alice Andrews');
  await expect(editor.lockSection()).toContainText('Only Alice Andrews or a coordinator can unlock it.');
  await expect(editor.unlockButton()).toHaveCount(0);
  await context.close();
});

test('locking and unlocking from the file page leaves no unsaved changes; a later save keeps the server’s aspects', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Baseline'));
  const file = await aFile(request, folder.id, 'notes.txt', 'notes');
  void signedIn;
  const editor = new EditorPage(page);
  await editor.goto(file.id);
  await expect(editor.footer()).toHaveText('No changes');

  await editor.lockSection().getByRole('button', { name: 'Lock…' }).click();
  await page.getByRole('dialog', { name: 'Lock “notes.txt”' }).getByRole('button', { name: 'Lock' }).click();
  await expect(editor.lockSection()).toContainText('Locked by you');
  await expect(editor.aspects()).toContainText('Lockable (cm:lockable)');
  await expect(editor.footer()).toHaveText('No changes');
  await expect(page.getByText(/Saving removes Lockable/)).toHaveCount(0);

  await editor.unlockButton().click();
  await expect(editor.lockSection()).toContainText('Not locked');
  await expect(editor.aspects()).not.toContainText('Lockable');
  await expect(editor.footer()).toHaveText('No changes');

  // An edit made while locked is kept, and its save sends no stale aspect list.
  await editor.lockSection().getByRole('button', { name: 'Lock…' }).click();
  await page.getByRole('dialog', { name: 'Lock “notes.txt”' }).getByRole('button', { name: 'Lock' }).click();
  await expect(editor.aspects()).toContainText('Lockable (cm:lockable)');
  await editor.addAspect('Titled (cm:titled)');
  await editor.field('Title').fill('Notes');
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await editor.save();
  const body = (await put).postDataJSON() as { aspectNames?: string[] };
  expect(body.aspectNames).toContain('cm:lockable');
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(editor.footer()).toHaveText('No changes');
});

test('a file locked by someone else is shown read-only, saying why', async ({ browser, baseURL, request }) => {
  const file = await sharedFile(request, 'budget.txt');
  await callAs(request, 'alice', 'POST', `/nodes/${file.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  const context = await browser.newContext({ baseURL });
  await signInContext(context, await ticketFor(request, 'carol'), 'carol');
  const editor = new EditorPage(await context.newPage());
  await editor.goto(file.id);
  await expect(editor.heading()).toHaveText('budget.txt');

  const note = 'It cannot be changed while it is locked.';
  await expect(editor.page.getByText(note)).toBeVisible();
  await expect(editor.field('Name')).toHaveAttribute('readonly', '');
  await expect(editor.saveButton()).toHaveCount(0);
  await expect(editor.page.getByRole('combobox', { name: 'Aspect to add' })).toHaveCount(0);
  await editor.page.screenshot({ path: shot('file-page-locked-by-other') });

  await editor.tab('Versions').click();
  await expect(editor.page.getByRole('button', { name: 'Upload new version' })).toBeDisabled();
  await expect(editor.page.getByRole('tabpanel').getByText(note)).toBeVisible();
  await context.close();
});
