import { expect, test } from '@playwright/test';

test('the home page shows that the repository is ready', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Quire' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('ready');
  await page.screenshot({ path: 'test-results/screenshots/home.png', fullPage: true });
});

test('client-side routes get the app, API paths get JSON errors', async ({ page, request }) => {
  await page.goto('/browse/somewhere');
  await expect(page.getByRole('heading', { name: 'Quire' })).toBeVisible();
  const api = await request.get('/alfresco/api/-default-/public/alfresco/versions/1/nodes/-root-');
  expect(api.status()).toBe(401);
  expect((await api.json()).error.statusCode).toBe(401);
});
