import { expect, type BrowserContext, type Page } from '@playwright/test';
import { storeSession } from '../support/session.ts';

/** The node editor at `/nodes/:nodeId`. */
export class EditorPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly tab = (name: string) => this.page.getByRole('tab', { name });
  readonly field = (label: string) => this.page.getByRole('textbox', { name: label, exact: true });
  readonly saveButton = () => this.page.getByRole('button', { name: 'Save', exact: true });
  readonly aspects = () => this.page.getByRole('list', { name: 'Aspects' });
  readonly localPermissions = () => this.page.getByRole('table', { name: 'Set on this node' });
  readonly versions = () => this.page.getByRole('table', { name: 'Versions' });
  readonly versionRow = (label: string) =>
    this.versions()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: new RegExp(`^${label.replace('.', '\\.')}( Current)?$`) }) });

  /** The lock section of the header (who holds the lock, Lock… / Unlock). */
  readonly lockSection = () => this.page.getByRole('region', { name: 'Lock', exact: true });
  readonly unlockButton = () => this.lockSection().getByRole('button', { name: 'Unlock' });
  readonly footer = () => this.page.getByText(/^(Unsaved changes|No changes)$/);

  /** How wide the page's title is drawn, in pixels. */
  async headingWidth(): Promise<number> {
    return (await this.heading().boundingBox())?.width ?? 0;
  }

  async goto(nodeId: string, tab?: string) {
    await this.page.goto(`/nodes/${nodeId}${tab ? `?tab=${tab}` : ''}`);
  }

  async addAspect(option: string) {
    await this.page.getByRole('combobox', { name: 'Aspect to add' }).click();
    await this.page.getByRole('option', { name: option }).click();
    await this.page.getByRole('button', { name: 'Add aspect' }).click();
  }

  async removeAspect(title: string) {
    await this.page.getByRole('img', { name: `Remove aspect ${title}` }).click();
  }

  async save() {
    await this.saveButton().click();
  }

  /** Picks a person or group (typing to search), a role and ALLOWED, then "Add". */
  async addPermission(search: string, option: RegExp | string, role: string) {
    const picker = this.page.getByRole('combobox', { name: 'Person or group' });
    await picker.fill(search);
    await this.page.getByRole('option', { name: option }).click();
    await this.page.getByLabel('Role', { exact: true }).click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
  }

  async uploadVersion(content: string, comment: string) {
    await this.page.getByRole('button', { name: 'Upload new version' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Upload new version' });
    const chooser = this.page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    await (await chooser).setFiles({ name: 'new.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await dialog.getByLabel('Comment').fill(comment);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden();
  }

  async revertTo(label: string, comment: string) {
    await this.page.getByRole('button', { name: `Revert to version ${label}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Revert to version ${label}?` });
    await dialog.getByLabel('Comment').fill(comment);
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Puts a ticket in a context's session (every tab of it), as signing in would. */
export async function signInContext(context: BrowserContext, ticket: string, userId: string) {
  await storeSession(context, ticket, userId);
}
