import type { APIRequestContext } from '@playwright/test';
import { OrgChartPage } from './pages/orgchart.page.ts';
import { ADMIN, unique } from './support/api.ts';
import { expect, shot, test } from './support/fixtures.ts';

const ORGCHART = '/alfresco/service/api/ext/orgchart';
const adminAuth = { Authorization: `Basic ${Buffer.from(`${ADMIN.userId}:${ADMIN.password}`).toString('base64')}` };

/** A unit of this test's own (seeded through the API), so other tests' changes do not matter. */
async function aUnit(request: APIRequestContext, name: string, parentId: string) {
  const id = unique('e2e');
  const response = await request.post(`${ORGCHART}/unit`, { headers: adminAuth, data: { id, name, parentId } });
  expect(response.status()).toBe(201);
  return id;
}

test.describe('the org chart explorer', () => {
  test('a person explores from the root to a member card and back through a unit link', async ({ page, request }) => {
    const chart = new OrgChartPage(page);
    await chart.signInAs(request, 'alice', 'demo');
    await chart.goto();
    await chart.expectSelected('Acme Corporation');
    await expect(chart.members('Acme Corporation').getByRole('link', { name: 'Grace Green' })).toBeVisible();
    await expect(chart.unit('Sales and Marketing')).toHaveAttribute('aria-expanded', 'false');

    // The keyboard: into the tree, down to Sales and Marketing, open it, into Sales EMEA, select it.
    await chart.unit('Acme Corporation').focus();
    await page.keyboard.press('ArrowDown');
    await expect(chart.unit('Sales and Marketing')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(chart.unit('Sales and Marketing')).toHaveAttribute('aria-expanded', 'true');
    // The subunits load after it opens: ArrowRight moves to the first one once it is there (a press
    // before that finds no child, as the tree pattern says, and was a flaky step under load).
    await expect(chart.unit('Sales EMEA')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(chart.unit('Sales EMEA')).toBeFocused();
    await expect(chart.unit('Sales EMEA')).toHaveAttribute('aria-level', '3');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/org-chart\/unit\/sales-emea$/);
    await chart.expectSelected('Sales EMEA');
    const members = chart.members('Sales EMEA');
    await expect(page.getByText('3 members')).toBeVisible();
    await expect(members.getByRole('row').filter({ hasText: 'Judy Jones' })).toContainText('judy@example.com');
    await expect(page.getByRole('button', { name: 'Move to…' })).toHaveCount(0);

    // A member's card, then back into the tree through one of their units.
    await members.getByRole('link', { name: 'Judy Jones' }).click();
    await expect(page).toHaveURL(/\/org-chart\/member\/judy$/);
    await expect(page.getByRole('heading', { name: 'Judy Jones' })).toBeVisible();
    await expect(page.getByText('Team Lead')).toBeVisible();
    await expect(chart.unit('Sales EMEA member')).toBeVisible();
    await chart.unitsOf('Judy Jones').getByRole('link', { name: 'Sales EMEA' }).click();
    await expect(page).toHaveURL(/\/org-chart\/unit\/sales-emea$/);
    await chart.expectSelected('Sales EMEA');

    // Search by name opens the tree down to the person's units.
    await chart.findPerson('rita', /Rita Rossi/);
    await expect(page).toHaveURL(/\/org-chart\/member\/rita$/);
    await expect(chart.unit('Mobile member')).toHaveAttribute('aria-level', '4');
    await expect(page.getByRole('heading', { name: 'Rita Rossi' })).toBeVisible();
  });

  test('an administrator moves a unit with Move to… and renames it', async ({ page, request }) => {
    const name = 'Move Me';
    const id = await aUnit(request, name, 'operations');
    const chart = new OrgChartPage(page);
    await chart.signInAs(request, 'admin', 'admin');
    await chart.goto(`/unit/${id}`);
    await chart.expectSelected(name);
    await expect(page.getByRole('navigation', { name: 'Unit path' })).toHaveText('Acme Corporation/Operations');

    await chart.moveTo(name, ['Acme Corporation', 'Engineering', 'Platform']);
    await expect(page.getByRole('navigation', { name: 'Unit path' })).toHaveText(
      'Acme Corporation/Engineering/Platform',
    );
    await expect(chart.unit(name)).toHaveAttribute('aria-level', '4');
    await expect(chart.unit('Platform')).toHaveAttribute('aria-expanded', 'true');

    const renamed = `Moved ${id.slice(-4)}`;
    await chart.rename(name, renamed);
    await expect(chart.unitHeading()).toHaveText(renamed);
    await expect(chart.unit(renamed)).toHaveAttribute('aria-selected', 'true');
  });

  test('unit and member URLs open the tree down to them, also on reload', async ({ page, request }) => {
    const chart = new OrgChartPage(page);
    await chart.signInAs(request, 'bob', 'demo');
    await chart.goto('/unit/mobile');
    await chart.expectSelected('Mobile');
    await expect(chart.unit('Mobile')).toHaveAttribute('aria-level', '4');
    await page.reload();
    await chart.expectSelected('Mobile');
    await expect(chart.unit('Applications')).toHaveAttribute('aria-expanded', 'true');

    await chart.goto('/member/-me-');
    await expect(page.getByRole('heading', { name: /^Bob/ })).toBeVisible();
    await expect(chart.unit('Engineering member')).toBeVisible();
    await page.reload();
    await expect(chart.unit('Engineering member')).toBeVisible();
  });

  test('an administrator defines a job, gives it to someone, and deletes it once no one has it', async ({
    page,
    request,
  }) => {
    const person = await request.get(`${ORGCHART}/member/victor`, { headers: adminAuth });
    const original = ((await person.json()) as { data: { job?: { name: string } } }).data.job?.name;
    expect(original).toBeTruthy();
    const id = unique('job');
    const name = `Auditor ${id.slice(-4)}`;
    const renamed = `Senior ${name}`;
    const chart = new OrgChartPage(page);
    await chart.signInAs(request, 'admin', 'admin');
    await chart.goto();

    await chart.openJobs();
    const dialog = chart.jobsDialog();
    await dialog.getByLabel('Job name').fill(name);
    await dialog.getByLabel('Id (optional)').fill(id);
    await dialog.getByRole('button', { name: 'Add job' }).click();
    await expect(chart.job(name)).toContainText(id);
    await chart
      .job(name)
      .getByRole('button', { name: `Rename ${name}` })
      .click();
    await chart.job(name).getByLabel(`New name for ${name}`).fill(renamed);
    await chart.job(name).getByRole('button', { name: 'Save' }).click();
    await expect(chart.job(renamed)).toBeVisible();
    await expect(chart.job(name)).toHaveCount(0);
    await chart.closeJobs();

    // The person's job select knows the renamed job at once.
    await chart.goto('/member/victor');
    await expect(page.getByRole('heading', { name: 'Victor Vega' })).toBeVisible();
    await chart.assignJob(renamed);
    await expect(page.getByRole('combobox', { name: 'Assign job' })).toHaveText(renamed);

    // In use: the server refuses (409) and the dialog says why.
    await chart.openJobs();
    await chart.deleteJob(renamed);
    await expect(chart.job(renamed).getByRole('alert')).toHaveText(
      '1 person has this job, so it cannot be deleted. Give them another job, or none, first.',
    );
    await chart.closeJobs();

    // Victor gets his job back; now the new one can go.
    await chart.assignJob(original ?? '');
    await expect(page.getByRole('combobox', { name: 'Assign job' })).toHaveText(original ?? '');
    await chart.openJobs();
    await chart.deleteJob(renamed);
    await expect(chart.job(renamed)).toHaveCount(0);
    await chart.closeJobs();
    await page.getByRole('combobox', { name: 'Assign job' }).click();
    await expect(page.getByRole('option', { name: renamed })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: the Jobs dialog and an empty chart (${scheme})`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const chart = new OrgChartPage(page);
      await chart.signInAs(request, 'admin', 'admin');
      await chart.goto();
      await chart.openJobs();
      await chart.jobsDialog().getByRole('button', { name: 'Add job' }).click();
      await expect(chart.jobsDialog().getByText('A job needs a name.')).toBeVisible();
      await page.screenshot({ path: shot(`orgchart-jobs-${scheme}`), fullPage: true });
      await chart.closeJobs();

      // The e2e server has a root unit: an empty chart is answered here, as the server would.
      await page.route('**/unit/-root-/subunits', (route) =>
        route.fulfill({ status: 404, json: { data: null, message: 'No root unit', status: { code: 404 } } }),
      );
      await page.goto('/org-chart');
      await expect(chart.button('Create the root unit')).toBeVisible();
      await page.screenshot({ path: shot(`orgchart-empty-${scheme}`), fullPage: true });
      await chart.button('Create the root unit').click();
      await expect(page.getByRole('dialog', { name: 'Create the root unit' })).toBeVisible();
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1'); // faded in
      await page.screenshot({ path: shot(`orgchart-root-dialog-${scheme}`), fullPage: true });
    });
  }

  for (const [scheme, viewport] of [
    ['light', { width: 1280, height: 720, name: 'wide' }],
    ['dark', { width: 1280, height: 720, name: 'wide' }],
    ['light', { width: 400, height: 860, name: 'narrow' }],
  ] as const) {
    test(
      `screenshot: the tree with a member card (${scheme}, ${viewport.name})`,
      { tag: '@screens' },
      async ({ page, request }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const chart = new OrgChartPage(page);
        await chart.signInAs(request, 'admin', 'admin');
        await chart.goto('/member/quinn');
        await expect(page.getByRole('heading', { name: 'Quinn Quigley' })).toBeVisible();
        await expect(chart.unit('Web member')).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Assign job' })).toBeEnabled();
        await page.screenshot({ path: shot(`orgchart-member-${scheme}-${viewport.name}`), fullPage: true });
        await chart.goto('/unit/applications');
        await expect(page.getByText('3 members')).toBeVisible();
        await page.screenshot({ path: shot(`orgchart-unit-${scheme}-${viewport.name}`), fullPage: true });
      },
    );
  }
});
