import type { Page } from '@playwright/test';

/** The app bar's search box, `/search` and `/recent`. */
export class SearchPage {
  constructor(readonly page: Page) {}

  readonly box = () => this.page.getByRole('combobox', { name: 'Search files, folders, people and sites' });
  readonly suggestions = () => this.page.getByRole('listbox', { name: 'Suggestions' });
  readonly suggestion = (name: string | RegExp) => this.suggestions().getByRole('option', { name });
  readonly results = () => this.page.getByRole('list', { name: 'Search results' });
  readonly result = (name: string) => this.results().getByRole('listitem', { name, exact: true });
  readonly filters = () => this.page.getByRole('region', { name: 'Filters' }).last();
  readonly filter = (group: string, bucket: string | RegExp) =>
    this.filters().getByRole('group', { name: group }).getByRole('checkbox', { name: bucket });
  readonly status = () => this.page.getByRole('status').filter({ hasText: /result|Searching/ });
  readonly recent = () => this.page.getByRole('list', { name: 'Recent files' });

  /** Types in the app bar's box and presses Enter: the search page for those words. */
  async searchFor(words: string) {
    await this.box().fill(words);
    await this.box().press('Enter');
  }
}
