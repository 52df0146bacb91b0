import { aFolder, API, childNames, manyFolders, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

const adminAuth = { Authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };

test('an upload into a folder that was deleted meanwhile says so and offers no Retry', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Gone'));
  // Without live updates (ADR 0022), which would take the page off the deleted folder at once: the
  // page still shows it, as one does whose stream is down, and takes a drop.
  await page.route('**/quire/versions/1/events', (route) => route.abort());
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

test('a drop on a folder row uploads into that folder, and the row is highlighted while dragging', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('RowDrop'));
  const drafts = await aFolder(request, 'Drafts', folder.id);
  await signedIn.goto(folder.id);
  await expect(signedIn.row('Drafts')).toBeVisible();

  const files = [{ name: 'into-drafts.txt', content: 'x' }];
  await signedIn.dropFilesOnRow('Drafts', files, { drop: false });
  await expect(signedIn.row('Drafts')).toHaveAttribute('data-drop-over', 'true');
  await expect(page.getByText('Drop to upload into “Drafts”')).toBeVisible();
  await page.screenshot({ path: shot('browser-drop-on-folder-row') });
  await signedIn.dropFilesOnRow('Drafts', files);

  await expect(signedIn.upload('into-drafts.txt')).toContainText('Uploaded');
  expect(await childNames(request, drafts.id)).toEqual(['into-drafts.txt']);
  expect(await childNames(request, folder.id)).toEqual(['Drafts']);
  await expect(signedIn.row('Drafts')).not.toHaveAttribute('data-drop-over', 'true');
});

test('a drop where one cannot add items says so after the drop', async ({ page, request, signInAs, browserPage }) => {
  const folder = await aFolder(request, unique('ReadOnlyDrop'));
  await signInAs('dave');
  await browserPage.goto('-root-');
  await expect(browserPage.row(folder.name)).toBeVisible();

  await browserPage.dropFiles([{ name: 'x.txt', content: 'x' }]);
  await expect(page.getByRole('alert').filter({ hasText: 'You cannot add items to this folder.' })).toBeVisible();
  await expect(browserPage.uploads()).toHaveCount(0);
  await page.screenshot({ path: shot('browser-drop-refused-after') });
});

test('the upload panel lists the newest first and leaves the pager reachable', async ({ page, request, signedIn }) => {
  const folder = await aFolder(request, unique('PanelPager'));
  await manyFolders(
    request,
    folder.id,
    Array.from({ length: 60 }, (_, i) => `f${String(i).padStart(2, '0')}`),
  );
  await signedIn.goto(folder.id);
  await expect(signedIn.row('f00')).toBeVisible();

  await signedIn.uploadThroughButton('Files…', [
    { name: 'first.txt', mimeType: 'text/plain', buffer: Buffer.from('1') },
    { name: 'second.txt', mimeType: 'text/plain', buffer: Buffer.from('2') },
    { name: 'third.txt', mimeType: 'text/plain', buffer: Buffer.from('3') },
  ]);
  await expect(signedIn.upload('first.txt')).toContainText('Uploaded');
  await expect(signedIn.uploads().getByRole('listitem').first()).toHaveAccessibleName('third.txt');

  const next = page.getByRole('button', { name: 'Go to next page' });
  await next.scrollIntoViewIfNeeded();
  const pager = (await next.boundingBox())!;
  const panel = (await signedIn.uploads().boundingBox())!;
  expect(pager.y + pager.height <= panel.y || pager.x + pager.width <= panel.x).toBe(true);
  await page.screenshot({ path: shot('upload-panel-above-pager') });
  await next.click();
  await expect(signedIn.row('f50')).toBeVisible();
});

test('every page has the same frame: heading style, width and padding', async ({
  page,
  request,
  signedIn: _signedIn,
}) => {
  const folder = await aFolder(request, unique('Shell'));
  const pages = [
    `/browse/${folder.id}`,
    `/nodes/${folder.id}`,
    '/sites',
    '/sites/engineering',
    '/favorites',
    '/people',
    '/org-chart',
    '/no-such-page',
  ];
  await page.setViewportSize({ width: 1920, height: 900 });
  const frames: Record<string, unknown> = {};
  for (const path of pages) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    frames[path] = await heading.evaluate((h) => {
      const style = getComputedStyle(h);
      const shell = h.closest('[data-page-shell]');
      const box = shell?.getBoundingClientRect();
      const shellStyle = shell ? getComputedStyle(shell) : undefined;
      return {
        fontSize: style.fontSize,
        fontWeight: style.fontWeight,
        shellLeft: box?.left,
        shellWidth: box?.width,
        paddingTop: shellStyle?.paddingTop,
      };
    });
  }
  const first = frames[pages[0]!];
  for (const path of pages) expect({ path, ...(frames[path] as object) }).toEqual({ path, ...(first as object) });
  expect((first as { shellLeft?: number }).shellLeft).toBeGreaterThan(0);
});

test('a user who asks for less motion gets no transitions or animations; others get them', async ({
  browser,
  baseURL,
}) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeVisible();
    // MUI's button eases its colours and shadow: durations such as "0.25s, 0.25s, 0.25s, 0.25s".
    const durations = (await button.evaluate((el) => getComputedStyle(el).transitionDuration)).split(', ');
    await context.close();
    const instant = durations.every((d) => parseFloat(d) < 0.001);
    expect(instant, `${reducedMotion}: ${durations.join()}`).toBe(reducedMotion === 'reduce');
  }
});
