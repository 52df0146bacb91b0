import type { Page } from '@playwright/test';

/** `/trash`. */
export class TrashPage {
  constructor(private readonly page: Page) {}

  readonly list = () => this.page.getByRole('list', { name: 'Deleted items' });
  readonly item = (name: string) => this.list().getByRole('listitem', { name, exact: true });
  readonly purgeDialog = () => this.page.getByRole('dialog', { name: 'Delete permanently?' });
  readonly selectionBar = () => this.page.getByRole('toolbar', { name: 'Selection' });
  readonly select = (name: string) =>
    this.item(name)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
  readonly notice = () => this.page.getByRole('alert').filter({ hasText: 'Restored' });

  async goto() {
    await this.page.goto('/trash');
  }
}
