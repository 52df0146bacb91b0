import type { Page } from '@playwright/test';
import { aFolder, childNames, ticketFor, unique } from './support/api.ts';
import { expect, putSession, shot, test } from './support/fixtures.ts';
import { BrowserPage } from './pages/browser.page.ts';

/** A slow line (256 KiB/s up), so that an upload is still running when the test acts on it; answers how to end it. */
async function slowUploadLine(page: Page): Promise<() => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const line = (uploadThroughput: number, latency: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput });
  await line(256 * 1024, 20);
  return () => line(-1, 0);
}

const binary = (name: string, bytes: number) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.alloc(bytes, 7),
});

test('cancel a large upload: the request is aborted and no node is left', async ({ page, request, signedIn }) => {
  test.slow();
  const folder = await aFolder(request, unique('Cancel'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  const normalLine = await slowUploadLine(page);

  await signedIn.uploadThroughButton('Files…', [binary('big.bin', 12 * 1024 * 1024)]);
  const item = signedIn.upload('big.bin');
  await expect(item.getByRole('progressbar', { name: 'Progress of big.bin' })).toBeVisible();
  await expect(item).toContainText(/\d+% of 12 MB/);
  await item.getByRole('button', { name: 'Cancel big.bin' }).click();
  await expect(item).toContainText('Cancelled');
  await expect(item.getByRole('button', { name: 'Retry big.bin' })).toBeVisible();
  await page.screenshot({ path: shot('upload-cancelled') });
  await normalLine();

  await expect.poll(() => childNames(request, folder.id), { timeout: 10_000 }).toEqual([]);
  await expect(page.getByText('This folder is empty')).toBeVisible();
});

test('leaving the app while a file uploads, from any page, asks first; staying keeps the upload going', async ({
  page,
  request,
  signedIn,
}) => {
  const folder = await aFolder(request, unique('Leave'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);
  const normalLine = await slowUploadLine(page);
  await signedIn.uploadThroughButton('Files…', [binary('slow.bin', 4 * 1024 * 1024)]);
  const item = signedIn.upload('slow.bin');
  await expect(item).toContainText(/\d+% of 4 MB/);
  // Uploads go on on other pages of the app, where no upload panel shows.
  await page.getByRole('link', { name: 'Sites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();

  // The browser's own "leave site?" question; dismissed, the page and its upload stay.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await normalLine();
  await expect.poll(() => childNames(request, folder.id), { timeout: 30_000 }).toEqual(['slow.bin']);
});

test('a file over the size limit is refused (413) and explained', async ({ page, request, signedIn }) => {
  test.slow();
  const folder = await aFolder(request, unique('TooLarge'));
  await signedIn.goto(folder.id);
  await signedIn.expectFolder(folder.name);

  await signedIn.uploadThroughButton('Files…', [binary('huge.bin', 21 * 1024 * 1024)]);
  const item = signedIn.upload('huge.bin');
  await expect(item.getByRole('alert')).toHaveText('The file is too large for this repository.', { timeout: 20_000 });
  await page.screenshot({ path: shot('upload-too-large') });
  expect(await childNames(request, folder.id)).toEqual([]);
});

test('over the quota (507): dave has 1 MB and uploads 1.5 MB into his home', async ({ page, request }) => {
  await putSession(page, await ticketFor(request, 'dave'), 'dave');
  const dave = new BrowserPage(page);
  await dave.goto('-my-');
  await expect(dave.heading()).toBeVisible();

  await dave.uploadThroughButton('Files…', [binary('scan.bin', 1.5 * 1024 * 1024)]);
  const item = dave.upload('scan.bin');
  await expect(item.getByRole('alert')).toHaveText('There is not enough storage quota left for this file.');
  await page.screenshot({ path: shot('upload-over-quota') });
  await expect(dave.row('scan.bin')).toHaveCount(0);
});
