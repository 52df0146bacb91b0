import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly username = () => this.page.getByLabel('Username');
  readonly password = () => this.page.getByLabel('Password');
  readonly signInButton = () => this.page.getByRole('button', { name: 'Sign in' });
  readonly alert = () => this.page.getByRole('alert');

  async goto(next?: string) {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  }

  async signIn(userId: string, password: string) {
    await this.username().fill(userId);
    await this.password().fill(password);
    await this.signInButton().click();
  }

  async expectVisible() {
    await expect(this.page.getByRole('heading', { name: 'Sign in to Quire' })).toBeVisible();
  }
}
