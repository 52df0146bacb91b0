import { expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/** The folder browser at `/browse/:nodeId`. */
export class BrowserPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Folder contents' });
  readonly breadcrumb = () => this.page.getByRole('navigation', { name: 'Breadcrumb' });
  readonly row = (name: string) =>
    this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell').getByText(name, { exact: true }) });
  readonly rows = () => this.table().locator('tbody tr');
  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly newFolderButton = () => this.page.getByRole('button', { name: 'New folder' });
  readonly columnHeader = (name: string) => this.page.getByRole('button', { name, exact: true });

  async goto(nodeId: string, search = '') {
    await this.page.goto(`/browse/${nodeId}${search}`);
  }

  async expectFolder(name: string) {
    await expect(this.heading()).toHaveText(name);
  }

  /** Where a row is drawn, from the top of the window (to see whether something moved it). */
  async rowTop(name: string): Promise<number> {
    return (await this.row(name).boundingBox())?.y ?? Number.NaN;
  }

  async names(): Promise<string[]> {
    return this.rows().locator('td:first-child').allInnerTexts();
  }

  /** Opens "New folder" and types a name; the caller decides whether to press Create. */
  async typeNewFolder(name: string) {
    await this.newFolderButton().click();
    const dialog = this.page.getByRole('dialog', { name: 'New folder' });
    await dialog.getByLabel('Folder name').fill(name);
    return dialog;
  }

  readonly uploads = () => this.page.getByRole('region', { name: 'Uploads' });
  readonly upload = (name: string) => this.uploads().getByRole('listitem', { name });

  /** "Upload" → "Files…" (or "Folder…"), answering the file chooser. */
  async uploadThroughButton(kind: 'Files…' | 'Folder…', files: Parameters<FileChooser['setFiles']>[0]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Upload', exact: true }).click();
    await this.page.getByRole('menuitem', { name: kind }).click();
    await (await chooser).setFiles(files);
  }

  /** Drops files on the folder view, as a drag from the desktop does. */
  async dropFiles(files: { name: string; content: string }[]) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([f.content], f.name, { type: 'text/plain' }));
      return dt;
    }, files);
    await this.page.getByTestId('upload-dropzone').dispatchEvent('drop', { dataTransfer });
  }

  /** Drags files over the folder view (without dropping them). */
  async dragFilesOver(files: { name: string; content: string }[]) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([f.content], f.name, { type: 'text/plain' }));
      return dt;
    }, files);
    await this.page.getByTestId('upload-dropzone').dispatchEvent('dragenter', { dataTransfer });
  }

  /** Drags files over one row (a folder's row is a drop target), then drops them there unless told not to. */
  async dropFilesOnRow(name: string, files: { name: string; content: string }[], { drop = true } = {}) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([f.content], f.name, { type: 'text/plain' }));
      return dt;
    }, files);
    const row = this.row(name);
    await row.dispatchEvent('dragenter', { dataTransfer });
    await row.dispatchEvent('dragover', { dataTransfer });
    if (drop) await row.dispatchEvent('drop', { dataTransfer });
  }

  async openActions(name: string) {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
  }

  /** Runs one item's action from its row menu ("Rename…", "Copy to…", "Lock…"…). */
  async rowAction(name: string, action: string) {
    await this.openActions(name);
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** Ticks an item's checkbox (adds it to the selection). */
  async select(name: string) {
    await this.row(name)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
  }

  /** What is drawn of a checkbox: the element around its (invisible) input. */
  readonly checkbox = (input: Locator) => input.locator('xpath=..');

  /** How many pixels across its middle an element is really shown, not covered by something else. */
  async shownWidth(element: Locator): Promise<number> {
    return element.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const y = box.top + box.height / 2;
      let shown = 0;
      for (let x = Math.ceil(box.left); x < box.right; x++) {
        if (el.contains(document.elementFromPoint(x, y))) shown++;
      }
      return shown;
    });
  }

  readonly selectionToolbar = () => this.page.getByRole('toolbar', { name: 'Selection' });
  readonly selectionAction = (label: string) => this.selectionToolbar().getByRole('button', { name: label });

  /** The "Copy to…" / "Move to…" folder picker. */
  readonly picker = () => this.page.getByRole('dialog', { name: /^(Copy|Move) / });

  /** In the open folder picker: follow a breadcrumb link or open a listed folder. */
  async pickerGo(name: string) {
    const picker = this.picker();
    const crumb = picker.getByRole('navigation', { name: 'Folder picker location' }).getByRole('button', { name });
    if (await crumb.count()) await crumb.click();
    else await picker.getByRole('button', { name, exact: true }).click();
    await expect(picker.getByText(name, { exact: true }).first()).toBeVisible();
  }

  async userMenu() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
  }
}
