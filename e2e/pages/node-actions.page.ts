import type { Page } from '@playwright/test';

/** The actions in the header of a file's or folder's page (`/nodes/:nodeId`). */
export class NodeActions {
  constructor(private readonly page: Page) {}

  readonly region = () => this.page.getByRole('region', { name: 'Actions', exact: true });
  readonly button = (name: string) => this.region().getByRole('button', { name, exact: true });
  readonly summary = () => this.page.getByTestId('node-summary');
  readonly location = () => this.page.getByRole('navigation', { name: 'Location' });
}
