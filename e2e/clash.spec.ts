import { aFile, aFolder, API, childNames, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

test('copy into a folder that has one of the names: one question, keep both lands both', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('Clash'));
  const source = await aFolder(request, 'Source', parent.id);
  const target = await aFolder(request, 'Target', parent.id);
  await aFile(request, source.id, 'a.txt', 'a');
  await aFile(request, source.id, 'b.txt', 'b');
  await aFile(request, target.id, 'b.txt', 'already there');
  await aFile(request, target.id, 'b-1.txt', 'the first free name is taken too');
  await signedIn.goto(source.id);

  await signedIn.select('a.txt');
  await signedIn.select('b.txt');
  await signedIn.selectionAction('Copy to…').click();
  const picker = signedIn.picker();
  await signedIn.pickerGo(parent.name);
  await signedIn.pickerGo('Target');
  await picker.getByRole('button', { name: 'Copy here' }).click();

  const clash = page.getByRole('dialog', { name: 'Name already taken' });
  await expect(clash).toContainText('“Target” already has an item named “b.txt”.');
  await expect(clash.getByRole('radio', { name: /Replace/ })).toBeVisible();
  await page.screenshot({ path: shot('clash-copy-dialog'), animations: 'disabled' });
  await clash.getByRole('radio', { name: /Keep both/ }).check();
  await clash.getByRole('button', { name: 'Continue' }).click();
  await expect(clash).toBeHidden();

  await expect(picker.getByRole('status')).toHaveText('2 copied');
  await expect(picker.getByRole('listitem', { name: 'b.txt' })).toContainText('Copied as “b-2.txt”');
  await expect(page.getByRole('dialog', { name: 'Name already taken' })).toHaveCount(0);
  expect((await childNames(request, target.id)).sort()).toEqual(['a.txt', 'b-1.txt', 'b-2.txt', 'b.txt']);
});

test('move a folder onto a taken name: replace is not offered, skip leaves it where it was', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('ClashMove'));
  const source = await aFolder(request, 'Source', parent.id);
  const target = await aFolder(request, 'Target', parent.id);
  await aFolder(request, 'Reports', source.id);
  await aFolder(request, 'Reports', target.id);
  await signedIn.goto(source.id);

  await signedIn.rowAction('Reports', 'Move to…');
  const picker = signedIn.picker();
  await signedIn.pickerGo(parent.name);
  await signedIn.pickerGo('Target');
  await picker.getByRole('button', { name: 'Move here' }).click();

  const clash = page.getByRole('dialog', { name: 'Name already taken' });
  await expect(clash).toContainText('A folder cannot be replaced');
  await expect(clash.getByRole('radio', { name: /Replace/ })).toHaveCount(0);
  await clash.getByRole('radio', { name: /Skip/ }).check();
  await clash.getByRole('button', { name: 'Continue' }).click();
  await expect(picker.getByRole('status')).toHaveText('1 skipped');
  expect(await childNames(request, source.id)).toEqual(['Reports']);
});

test('copy a file onto a taken name and replace it: the existing file gets a new version', async ({
  page,
  request,
  signedIn,
}) => {
  const parent = await aFolder(request, unique('ClashReplace'));
  const source = await aFolder(request, 'Source', parent.id);
  const target = await aFolder(request, 'Target', parent.id);
  await aFile(request, source.id, 'plan.txt', 'new plan');
  const existing = await aFile(request, target.id, 'plan.txt', 'old plan');
  await signedIn.goto(source.id);

  await signedIn.rowAction('plan.txt', 'Copy to…');
  const picker = signedIn.picker();
  await signedIn.pickerGo(parent.name);
  await signedIn.pickerGo('Target');
  await picker.getByRole('button', { name: 'Copy here' }).click();
  const clash = page.getByRole('dialog', { name: 'Name already taken' });
  await clash.getByRole('radio', { name: /Replace/ }).check();
  await clash.getByRole('button', { name: 'Continue' }).click();
  await expect(picker.getByRole('listitem', { name: 'plan.txt' })).toContainText('Replaced the existing file');

  const content = await request.get(`${API}/nodes/${existing.id}/content`, {
    headers: { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
  });
  expect(await content.text()).toBe('new plan');
});
