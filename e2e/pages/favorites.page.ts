import type { Page } from '@playwright/test';

/** `/favorites`. */
export class FavoritesPage {
  constructor(private readonly page: Page) {}

  readonly list = () => this.page.getByRole('list', { name: 'Favorites' });
  readonly item = (name: string) => this.list().getByRole('listitem', { name });
  readonly items = () => this.list().getByRole('listitem');
  readonly chip = (name: 'Files' | 'Folders' | 'Sites') => this.page.getByRole('button', { name, exact: true });

  async goto(search = '') {
    await this.page.goto(`/favorites${search}`);
  }

  async unfavorite(name: string) {
    await this.page.getByRole('button', { name: `Remove ${name} from favorites` }).click();
  }
}
