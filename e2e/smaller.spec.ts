import { aFolder, API, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

const adminAuth = { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

test('an upload into a folder that was deleted meanwhile says so and offers no Retry', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Gone'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  const removed = await request.delete(`${API}/nodes/${folder.id}?permanent=true`, { headers: adminAuth });
  expect(removed.ok()).toBe(true);

  await signedIn.dropFiles([{ name: 'late.txt', content: 'late' }]);
  const item = signedIn.upload('late.txt');
  await expect(item.getByRole('alert')).toHaveText('This item does not exist any more, or you cannot see it.');
  await expect(item.getByRole('button', { name: 'Retry late.txt' })).toHaveCount(0);
  await page.screenshot({ path: shot('upload-gone-no-retry') });
});
