import type { Page } from '@playwright/test';
import { ADMIN, aFile, aFolder, API, favorite, secondaryChild, setPermissions, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 16, defect 6: every screen works at 390 px and 1024 px without sideways scrolling.

/** What does not fit the window: the page's sideways scroll, and controls drawn (partly) outside it. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll > width) problems.push(`the page scrolls sideways: ${scroll} px in ${width}`);
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [role=tab]',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // The tabs of a scrollable tab strip (with its scroll buttons) may lie beyond its edges.
      if (control.getAttribute('role') === 'tab' && control.closest('.MuiTabs-scrollableX')) continue;
      // Radios and checkboxes are drawn by their MUI wrapper; their own input is an invisible cover.
      if (control instanceof HTMLInputElement && style.opacity === '0') continue;
      if (box.right > width + 1 || box.left < -1) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName;
        problems.push(`"${name}" is drawn at ${Math.round(box.left)}–${Math.round(box.right)} px in ${width}`);
      }
    }
    return problems;
  });
}

/** Rows of a table taller than a few lines: text wrapped a letter or two per line (they were 190–650 px). */
async function tallRows(page: Page, table: string, limit: number): Promise<number[]> {
  const heights = await page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  return heights.filter((h) => h > limit);
}

for (const width of [390, 1024]) {
  test(`every screen fits ${width} px without sideways scrolling`, async ({ page, request, signedIn }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    const folder = await aFolder(request, unique('Narrow-screens-with-a-long-folder-name'));
    const file = await aFile(request, folder.id, 'a-file-with-a-rather-long-name-for-narrow-screens.txt', 'one');
    const second = await request.put(`${API}/nodes/${file.id}/content?majorVersion=true&comment=Second`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${ADMIN.userId}:${ADMIN.password}`).toString('base64')}`,
        'Content-Type': 'text/plain',
      },
      data: 'two',
    });
    expect(second.ok()).toBe(true);
    await setPermissions(request, folder.id, {
      isInheritanceEnabled: true,
      locallySet: [
        { authorityId: 'alice', name: 'Collaborator' },
        { authorityId: 'GROUP_EVERYONE', name: 'Consumer' },
      ],
    });
    await favorite(request, file.id);
    const elsewhere = await aFolder(request, unique('Narrow-elsewhere'));
    await secondaryChild(request, folder.id, (await aFile(request, elsewhere.id, 'filed-here-too.txt', 'x')).id);

    const screens: [string, () => Promise<void>][] = [
      ['/browse/-root-', () => expect(signedIn.table()).toBeVisible()],
      [`/browse/${folder.id}`, () => expect(signedIn.row(file.name)).toBeVisible()],
      [`/nodes/${file.id}`, () => expect(page.getByRole('tab', { name: 'Properties' })).toBeVisible()],
      [`/nodes/${file.id}?tab=permissions`, () => expect(page.getByText('Inherit permissions').first()).toBeVisible()],
      [`/nodes/${file.id}?tab=versions`, () => expect(page.getByRole('table', { name: 'Versions' })).toBeVisible()],
      [`/nodes/${folder.id}?tab=permissions`, () => expect(page.getByText('Collaborator').first()).toBeVisible()],
      [`/nodes/${folder.id}?tab=secondary-children`, () => expect(page.getByRole('table').first()).toBeVisible()],
      ['/sites', () => expect(page.getByRole('table', { name: 'Sites' })).toBeVisible()],
      ['/sites/marketing', () => expect(signedIn.table()).toBeVisible()],
      ['/sites/marketing/members', () => expect(page.getByRole('list', { name: 'Site members' })).toBeVisible()],
      ['/favorites', () => expect(page.getByRole('list', { name: 'Favorites' })).toBeVisible()],
      ['/search?q=narrow', () => expect(page.getByRole('list', { name: 'Search results' })).toBeVisible()],
      ['/recent', () => expect(page.getByRole('list', { name: 'Recent files' })).toBeVisible()],
      ['/people', () => expect(page.getByRole('table', { name: 'People' })).toBeVisible()],
      ['/org-chart', () => expect(page.getByRole('tree', { name: 'Organisation units' })).toBeVisible()],
      ['/org-chart/member/alice', () => expect(page.getByRole('heading', { name: 'Alice Andrews' })).toBeVisible()],
      ['/no-such-page', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ];
    const found: string[] = [];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      await page.waitForTimeout(150); // late layout (fonts, a second page of data)
      found.push(...(await overflow(page)).map((problem) => `${path}: ${problem}`));
    }
    await page.goto('/people');
    await expect(page.getByRole('table', { name: 'People' }).locator('tbody tr').first()).toBeVisible();
    found.push(...(await tallRows(page, 'People', 120)).map((h) => `/people: a row ${Math.round(h)} px tall`));
    expect(found).toEqual([]);
  });
}

test('the sign-in page fits 390 px', async ({ page, loginPage }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginPage.goto();
  expect(await overflow(page)).toEqual([]);
});
