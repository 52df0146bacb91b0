import type { Page } from '@playwright/test';

/** A person's page (`/people/:personId`, administrators) and one's own profile (`/profile`). */
export class PersonPage {
  constructor(private readonly page: Page) {}

  readonly details = () => this.page.getByRole('form', { name: 'Details' });
  readonly detail = (label: string) => this.details().getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  readonly saveDetails = () => this.details().getByRole('button', { name: 'Save details' });
  readonly passwordForm = () => this.page.getByRole('form', { name: /(Change|Reset) password/ });
  readonly passwordField = (label: 'Current password' | 'New password' | 'New password again') =>
    this.passwordForm().getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  readonly passwordButton = () => this.passwordForm().getByRole('button', { name: /(Change|Reset) password/ });

  async openProfileFromUserMenu() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Your profile' }).click();
  }

  async setPassword(password: string, oldPassword?: string) {
    if (oldPassword !== undefined) await this.passwordField('Current password').fill(oldPassword);
    await this.passwordField('New password').fill(password);
    await this.passwordField('New password again').fill(password);
    await this.passwordButton().click();
  }
}
