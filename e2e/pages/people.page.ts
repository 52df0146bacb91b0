import type { Page } from '@playwright/test';

/** `/people` (administrators). */
export class PeoplePage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'People' });
  readonly row = (displayName: string) => this.table().getByRole('row', { name: displayName });
  readonly search = () => this.page.getByLabel('Search people');
  readonly newPersonDialog = () => this.page.getByRole('dialog', { name: 'New person' });
  readonly enabledSwitch = (id: string) => this.page.getByRole('switch', { name: `${id} can sign in` });
  readonly navEntry = () => this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' });

  async goto() {
    await this.page.goto('/people');
  }

  /** Opens "New person" and fills the required fields (and any others given by label). */
  async fillNewPerson(fields: Record<string, string>) {
    await this.page.getByRole('button', { name: 'New person' }).click();
    const dialog = this.newPersonDialog();
    for (const [label, value] of Object.entries(fields)) {
      await dialog.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).fill(value);
    }
    return dialog;
  }
}
