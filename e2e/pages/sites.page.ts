import { expect, type Page } from '@playwright/test';

/** `/sites` and a site's pages (`/sites/:siteId`, `/sites/:siteId/folder/:nodeId`, `/sites/:siteId/members`). */
export class SitesPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Sites' });
  readonly siteRow = (title: string) =>
    this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  readonly newSiteButton = () => this.page.getByRole('button', { name: 'New site' });
  readonly newSiteDialog = () => this.page.getByRole('dialog', { name: 'New site' });
  readonly tab = (name: 'Documents' | 'Members') => this.page.getByRole('tab', { name });
  readonly members = () => this.page.getByRole('list', { name: 'Site members' });
  readonly member = (name: string) => this.members().getByRole('listitem', { name });
  readonly roleOf = (name: string) => this.page.getByRole('combobox', { name: `Role of ${name}` });
  readonly alert = () => this.page.getByRole('alert');
  /** Every breadcrumb trail on the page (a site shows one). */
  readonly breadcrumbs = () => this.page.getByRole('navigation', { name: /breadcrumb/i });
  readonly library = () => this.page.getByRole('table', { name: 'Folder contents' });
  readonly mainNavCurrent = () => this.page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
  /** The star of a site (in its row or its header): its name says what a click does. */
  readonly addFavorite = (title: string) => this.page.getByRole('button', { name: `Add ${title} to favorites` });
  readonly removeFavorite = (title: string) =>
    this.page.getByRole('button', { name: `Remove ${title} from favorites` });
  readonly join = (title: string) => this.page.getByRole('button', { name: `Join ${title}` });
  readonly leave = (title: string) => this.page.getByRole('button', { name: `Leave ${title}` });

  async goto(siteId?: string, tab: '' | '/members' = '') {
    await this.page.goto(siteId ? `/sites/${siteId}${tab}` : '/sites');
  }

  async fillNewSite({ title, id, description }: { title: string; id?: string; description?: string }) {
    await this.newSiteButton().click();
    const dialog = this.newSiteDialog();
    await dialog.getByLabel('Title').fill(title);
    if (id !== undefined) await dialog.getByLabel('Site id').fill(id);
    if (description) await dialog.getByLabel('Description').fill(description);
    return dialog;
  }

  async addMember(search: string, optionName: RegExp | string, role: string) {
    await this.page.getByRole('button', { name: 'Add member' }).click();
    const dialog = this.page.getByRole('dialog', { name: /Add a member/ });
    await dialog.getByLabel('Person').fill(search);
    await this.page.getByRole('option', { name: optionName }).click();
    await dialog.getByLabel('Role').click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async setRole(name: string, role: string) {
    await this.roleOf(name).click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
  }
}
