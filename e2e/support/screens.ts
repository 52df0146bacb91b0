import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BrowserPage } from '../pages/browser.page.ts';
import { ADMIN, aFile, aFolder, API, callAs, favorite, lock, setPermissions, siteLibrary, unique } from './api.ts';

/**
 * Every screen of the web app, with the data it shows: one list that the accessibility spec (axe,
 * light and dark) and the screenshot spec (three widths, light and dark) both walk.
 */

/** What the screens show, seeded once through the API. */
export interface ScreenData {
  folder: { id: string; name: string };
  file: { id: string; name: string };
  lockedFile: { id: string; name: string };
  /** A folder "My Docs" on disk whose names the strict name policy refuses (spaces). */
  badNames: string;
}

const adminAuth = `Basic ${Buffer.from(`${ADMIN.userId}:${ADMIN.password}`).toString('base64')}`;

export async function seedScreens(request: APIRequestContext): Promise<ScreenData> {
  const folder = await aFolder(request, unique('Screens'));
  const contracts = await aFolder(request, 'Contracts', folder.id);
  await aFolder(request, 'Invoices_2026', folder.id);
  const file = await aFile(request, folder.id, 'quarterly-report.txt', 'x'.repeat(48_000));
  await aFile(request, contracts.id, 'quarterly-report.txt', 'an older report');
  await aFile(request, folder.id, 'meeting-notes.txt', 'notes');
  const second = await request.put(`${API}/nodes/${file.id}/content?majorVersion=true&comment=Numbers+approved`, {
    headers: { Authorization: adminAuth, 'Content-Type': 'text/plain' },
    data: 'y'.repeat(50_000),
  });
  if (!second.ok()) throw new Error(`a second version: ${second.status()}`);
  await setPermissions(request, folder.id, {
    isInheritanceEnabled: true,
    locallySet: [
      { authorityId: 'alice', name: 'Collaborator' },
      { authorityId: 'bob', name: 'Coordinator' },
      { authorityId: 'GROUP_EVERYONE', name: 'Consumer' },
    ],
  });
  await favorite(request, file.id);
  const lockedFile = await aFile(
    request,
    folder.id,
    'Board-minutes-with-a-rather-long-name-to-see-how-it-wraps-2026.txt',
    'minutes',
  );
  await callAs(request, 'alice', 'POST', `/nodes/${lockedFile.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' });
  const inSite = await aFile(request, await siteLibrary(request, 'marketing'), `${unique('brief')}.txt`, 'brief');
  await favorite(request, inSite.id);
  await lock(request, inSite.id);
  await seedTrash(request, folder.id);
  const badNames = path.join(await mkdtemp(path.join(tmpdir(), 'quire-screens-')), 'My Docs');
  await mkdir(path.join(badNames, 'Sub Folder'), { recursive: true });
  await writeFile(path.join(badNames, 'ok.txt'), 'ok');
  await writeFile(path.join(badNames, 'Annual report for the board, second quarter 2026 (final).txt'), 'figures');
  await writeFile(path.join(badNames, 'Sub Folder', 'meeting notes.txt'), 'notes');
  return { folder, file, lockedFile, badNames };
}

/** The Trash page's items: from a folder, from a site (deleted by alice), one whose folder is gone, a long name. */
async function seedTrash(request: APIRequestContext, folderId: string) {
  const trash = async (nodeId: string, as = 'admin') =>
    as === 'admin'
      ? callAs(request, 'admin', 'DELETE', `/nodes/${nodeId}`, undefined, 'admin')
      : callAs(request, as, 'DELETE', `/nodes/${nodeId}`);
  const gone = await aFolder(request, unique('Old-drafts'), folderId);
  await trash((await aFile(request, gone.id, 'draft-v1.txt', 'v1')).id);
  await trash(gone.id);
  const inSite = await aFile(request, await siteLibrary(request, 'marketing'), `${unique('flyer')}.txt`, 'flyer');
  await trash(inSite.id, 'alice');
  await trash(
    (await aFile(request, folderId, 'Budget-forecast-with-a-rather-long-name-for-the-trash-2026-final.txt', 'x')).id,
  );
  await trash((await aFolder(request, 'Superseded', folderId)).id);
}

export interface Screen {
  name: string;
  /** Who looks at it: admin unless named (demo people's password is `demo`), nobody when null. */
  as?: string | null;
  /** Opens the screen (from a blank tab) and waits until it is complete. */
  open: (page: Page, data: ScreenData) => Promise<void>;
}

/** Shows the page in a colour scheme (the app follows the system's) and waits until it is painted so. */
export async function showScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  if (page.url() === 'about:blank') return;
  await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
  // MUI eases colours from one scheme to the other: wait for any such transition (the app drops
  // them under reduced motion, as the suite asks), or a reading taken meanwhile sees neither scheme.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const table = (page: Page, name: string) =>
  expect(page.getByRole('table', { name }).locator('tbody tr').first()).toBeVisible();
const dialog = (page: Page, name: string | RegExp) => expect(page.getByRole('dialog', { name })).toBeVisible();

async function browse(page: Page, data: ScreenData) {
  await page.goto(`/browse/${data.folder.id}`);
  await expect(page.getByRole('row', { name: /quarterly-report\.txt/ })).toBeVisible();
}

async function rowMenu(page: Page, data: ScreenData, item: string) {
  await browse(page, data);
  await page.getByRole('button', { name: `Actions for ${data.file.name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export const SCREENS: Screen[] = [
  { name: 'login', as: null, open: (page) => page.goto('/login').then(() => heading(page)) },
  {
    name: 'browse-root',
    open: async (page) => {
      await page.goto('/browse/-root-');
      await table(page, 'Folder contents');
    },
  },
  { name: 'browse-folder', open: browse },
  {
    name: 'browse-selected',
    open: async (page, data) => {
      await browse(page, data);
      await page.getByRole('checkbox', { name: 'Select meeting-notes.txt' }).check();
      await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeVisible();
    },
  },
  {
    name: 'browse-row-menu',
    as: 'bob',
    open: async (page, data) => {
      await browse(page, data);
      await page.getByRole('button', { name: `Actions for ${data.lockedFile.name}` }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'new-folder-dialog',
    open: async (page, data) => {
      await browse(page, data);
      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByLabel('Folder name').fill('Team Notes');
      await expect(page.getByRole('button', { name: 'Use “Team_Notes”' })).toBeVisible();
    },
  },
  {
    name: 'rename-dialog',
    open: async (page, data) => {
      await rowMenu(page, data, 'Rename…');
      await dialog(page, /^Rename/);
    },
  },
  {
    name: 'copy-dialog',
    open: async (page, data) => {
      await rowMenu(page, data, 'Copy to…');
      await dialog(page, /^Copy /);
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Contracts' })).toBeVisible();
    },
  },
  {
    name: 'copy-clash-dialog',
    open: async (page, data) => {
      await rowMenu(page, data, 'Copy to…');
      const browser = new BrowserPage(page);
      await browser.pickerGo('Contracts');
      await browser.picker().getByRole('button', { name: 'Copy here' }).click();
      await dialog(page, 'Name already taken');
    },
  },
  {
    name: 'names-upload-fix',
    open: async (page, data) => {
      await browse(page, data);
      await new BrowserPage(page).uploadThroughButton('Folder…', data.badNames);
      await dialog(page, 'Names the repository does not accept');
    },
  },
  {
    name: 'delete-dialog',
    open: async (page, data) => {
      await rowMenu(page, data, 'Delete');
      await dialog(page, /^Delete/);
    },
  },
  {
    name: 'lock-dialog',
    open: async (page, data) => {
      await rowMenu(page, data, 'Lock…');
      await dialog(page, /^Lock/);
    },
  },
  {
    name: 'upload-panel',
    open: async (page, data) => {
      await browse(page, data);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Files…' }).click();
      await (await chooser).setFiles({ name: `${unique('up')}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') });
      await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('Uploaded');
    },
  },
  {
    name: 'file-properties',
    open: async (page, data) => {
      await page.goto(`/nodes/${data.file.id}`);
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
    },
  },
  {
    name: 'file-permissions',
    open: async (page, data) => {
      await page.goto(`/nodes/${data.folder.id}?tab=permissions`);
      await expect(page.getByText('Alice Andrews').first()).toBeVisible();
    },
  },
  {
    name: 'file-versions',
    open: async (page, data) => {
      await page.goto(`/nodes/${data.file.id}?tab=versions`);
      await table(page, 'Versions');
    },
  },
  {
    name: 'upload-version-dialog',
    open: async (page, data) => {
      await page.goto(`/nodes/${data.file.id}?tab=versions`);
      await page.getByRole('button', { name: 'Upload new version' }).click();
      await dialog(page, 'Upload new version');
    },
  },
  {
    name: 'file-locked-by-other',
    as: 'bob',
    open: async (page, data) => {
      await page.goto(`/nodes/${data.lockedFile.id}`);
      await expect(page.getByRole('region', { name: 'Lock', exact: true })).toContainText('Locked by Alice');
    },
  },
  {
    name: 'sites',
    open: async (page) => {
      await page.goto('/sites');
      await table(page, 'Sites');
    },
  },
  {
    name: 'new-site-dialog',
    open: async (page) => {
      await page.goto('/sites');
      await page.getByRole('button', { name: 'New site' }).click();
      await dialog(page, 'New site');
    },
  },
  {
    name: 'site-library',
    as: 'alice',
    open: async (page) => {
      await page.goto('/sites/marketing');
      await expect(page.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();
    },
  },
  {
    name: 'site-folder',
    as: 'alice',
    open: async (page) => {
      await page.goto('/sites/marketing');
      await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
      await expect(page.getByText('spring-launch-plan.txt')).toBeVisible();
    },
  },
  {
    name: 'site-members',
    as: 'alice',
    open: async (page) => {
      await page.goto('/sites/marketing/members');
      await expect(page.getByRole('list', { name: 'Site members' }).getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'favorites',
    open: async (page) => {
      await page.goto('/favorites');
      await expect(page.getByRole('list', { name: 'Favorites' }).getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'trash',
    open: async (page) => {
      await page.goto('/trash');
      // .first(): a worker that restarts after a failed test seeds the screens' data again.
      await expect(page.getByRole('list', { name: 'Deleted items' }).getByText('Superseded').first()).toBeVisible();
      await expect(
        page
          .getByRole('list', { name: 'Deleted items' })
          .getByText(/^From Marketing/)
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: 'trash-purge-dialog',
    open: async (page) => {
      await page.goto('/trash');
      await page.getByRole('button', { name: 'Delete Superseded permanently' }).first().click();
      await dialog(page, 'Delete permanently?');
    },
  },
  {
    name: 'trash-restore-to-dialog',
    open: async (page) => {
      await page.goto('/trash');
      const orphan = page.getByRole('listitem', { name: 'draft-v1.txt' }).first();
      await orphan.getByRole('button', { name: 'Restore draft-v1.txt' }).click();
      await orphan.getByRole('button', { name: 'Restore to…' }).click();
      await dialog(page, 'Restore “draft-v1.txt” to…');
      await expect(page.getByRole('dialog').getByRole('list', { name: /^Folders in / })).toBeVisible();
    },
  },
  {
    name: 'trash-selected',
    open: async (page) => {
      await page.goto('/trash');
      const list = page.getByRole('list', { name: 'Deleted items' });
      await list.getByRole('checkbox', { name: 'Select Superseded' }).first().check();
      await list.getByRole('checkbox', { name: 'Select draft-v1.txt' }).first().check();
      await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('2 selected');
    },
  },
  {
    name: 'trash-empty-dialog',
    open: async (page) => {
      await page.goto('/trash');
      await expect(page.getByRole('list', { name: 'Deleted items' })).toBeVisible();
      await page.getByRole('button', { name: 'Empty trash' }).click();
      await dialog(page, 'Empty the trash?');
    },
  },
  {
    name: 'trash-empty',
    as: 'carol',
    open: async (page) => {
      await page.goto('/trash');
      // Empty unless another spec on this server had carol delete something.
      const list = page.getByRole('list', { name: 'Deleted items' });
      await expect(page.getByText('The trash is empty').or(list)).toBeVisible();
    },
  },
  {
    name: 'search',
    open: async (page) => {
      await page.goto('/search?q=quarterly');
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('group', { name: 'File type' }).first()).toBeVisible();
    },
  },
  {
    name: 'search-suggestions',
    open: async (page) => {
      await page.goto('/favorites');
      await page.getByRole('combobox', { name: 'Search files, folders, people and sites' }).fill('quarterly');
      await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').nth(1)).toBeVisible();
    },
  },
  {
    name: 'search-nothing-found',
    open: async (page) => {
      await page.goto('/search?q=no-such-words-anywhere');
      await expect(page.getByText('Nothing found')).toBeVisible();
    },
  },
  {
    name: 'recent',
    open: async (page) => {
      await page.goto('/recent');
      await expect(page.getByRole('list', { name: 'Recent files' }).getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'people',
    open: async (page) => {
      await page.goto('/people');
      await table(page, 'People');
    },
  },
  {
    name: 'new-person-dialog',
    open: async (page) => {
      await page.goto('/people');
      await page.getByRole('button', { name: 'New person' }).click();
      await dialog(page, 'New person');
    },
  },
  {
    name: 'person',
    open: async (page) => {
      await page.goto('/people/alice');
      await expect(page.getByRole('form', { name: 'Details' })).toBeVisible();
    },
  },
  {
    name: 'profile',
    as: 'carol',
    open: async (page) => {
      await page.goto('/profile');
      await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    },
  },
  {
    name: 'org-chart',
    open: async (page) => {
      await page.goto('/org-chart');
      await expect(page.getByRole('tree', { name: 'Organisation units' })).toBeVisible();
    },
  },
  {
    name: 'org-chart-member',
    open: async (page) => {
      await page.goto('/org-chart/member/alice');
      await expect(page.getByRole('heading', { name: 'Alice Andrews' }).first()).toBeVisible();
    },
  },
  {
    name: 'navigation-drawer',
    open: async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/favorites');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' })).toBeVisible();
    },
  },
  { name: 'not-found', open: (page) => page.goto('/no-such-page').then(() => heading(page)) },
];
