import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_API } from '../support/api.ts';
import { storeSession } from '../support/session.ts';

/** The org chart explorer at `/org-chart`. */
export class OrgChartPage {
  constructor(private readonly page: Page) {}

  /** Signs in through the API and puts the ticket in the session (seeding, not the UI under test). */
  async signInAs(request: APIRequestContext, userId: string, password: string) {
    const response = await request.post(`${AUTH_API}/tickets`, { data: { userId, password } });
    expect(response.ok()).toBe(true);
    const ticket = ((await response.json()) as { entry: { id: string } }).entry.id;
    await storeSession(this.page, ticket, userId);
  }

  readonly tree = () => this.page.getByRole('tree', { name: 'Organisation units' });
  readonly unit = (name: string) => this.tree().getByRole('treeitem', { name, exact: true });
  readonly unitHeading = () => this.page.getByRole('heading', { level: 2 });
  readonly members = (unitName: string) => this.page.getByRole('table', { name: `Members of ${unitName}` });
  readonly memberLink = (name: string) => this.page.getByRole('link', { name, exact: true });
  readonly unitsOf = (personName: string) => this.page.getByRole('list', { name: `Units of ${personName}` });
  readonly search = () => this.page.getByRole('combobox', { name: 'Find a person' });
  readonly button = (name: string) => this.page.getByRole('button', { name, exact: true });

  async goto(path = '') {
    await this.page.goto(`/org-chart${path}`);
    await expect(this.tree()).toBeVisible();
  }

  async expectSelected(name: string) {
    await expect(this.unit(name)).toHaveAttribute('aria-selected', 'true');
    await expect(this.unitHeading()).toHaveText(name);
  }

  /** Finds a person by name and opens their card. */
  async findPerson(term: string, option: RegExp) {
    await this.search().fill(term);
    await this.page.getByRole('option', { name: option }).click();
  }

  /** "Move to…": browse by the dialog's breadcrumb and list, then "Move under …". */
  async moveTo(unitName: string, path: string[]) {
    await this.button('Move to…').click();
    const dialog = this.page.getByRole('dialog', { name: `Move ${unitName} to…` });
    const [top, ...rest] = path;
    if (top) await dialog.getByRole('navigation', { name: 'Where you are' }).getByRole('button', { name: top }).click();
    for (const name of rest) await dialog.getByRole('button', { name: `Open ${name}` }).click();
    await dialog.getByRole('button', { name: `Move under ${path[path.length - 1]}` }).click();
    await expect(dialog).toBeHidden();
  }

  async rename(from: string, to: string) {
    await this.button('Edit').click();
    const dialog = this.page.getByRole('dialog', { name: `Edit ${from}` });
    await dialog.getByLabel('Unit name').fill(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  readonly jobsDialog = () => this.page.getByRole('dialog', { name: 'Jobs' });
  readonly job = (name: string) => this.jobsDialog().getByRole('listitem', { name, exact: true });

  /** The Jobs dialog (administrators), from the page's header. */
  async openJobs() {
    await this.button('Jobs').click();
    await expect(this.jobsDialog().getByRole('list', { name: 'Jobs' })).toBeVisible();
  }

  /** Delete in a job's row of the Jobs dialog, then confirm. */
  async deleteJob(name: string) {
    await this.job(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await this.job(name).getByRole('button', { name: 'Delete', exact: true }).click();
  }

  async closeJobs() {
    await this.jobsDialog().getByRole('button', { name: 'Close' }).click();
    await expect(this.jobsDialog()).toBeHidden();
  }

  /** "Assign job" on a person's card; the change is saved at once. */
  async assignJob(name: string) {
    await this.page.getByRole('combobox', { name: 'Assign job' }).click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }
}
