import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/download.ts';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { aNode, onePage, projectsFolder } from './browser-test-data.ts';
import { FolderBrowserPage } from './FolderBrowserPage.tsx';

const folder = projectsFolder;
const page = onePage;
const settings = (namePolicy: 'strict' | 'alfresco') => ({
  entry: { namePolicy, maxNameLength: 255, maxFolderDepth: 256, passwordMinLength: 8 },
});
const routes = [
  { path: '/browse/:nodeId', element: <FolderBrowserPage /> },
  { path: '/login', element: <p>login page</p> },
];

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'admin' }));

// MUI and user-event are slow on a busy machine; these are journeys of several steps.
describe('FolderBrowserPage', { timeout: 20_000 }, () => {
  it('shows the breadcrumb and the children, and sorts on the server', async () => {
    const requests = stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () =>
        json(
          200,
          page([
            aNode({ id: 'd1', name: 'Drafts', nodeType: 'cm:folder', isFolder: true, isFile: false }),
            aNode({
              id: 'r1',
              name: 'report.pdf',
              content: { mimeType: 'application/pdf', mimeTypeName: 'PDF', sizeInBytes: 1536 },
              isLocked: true,
            }),
          ]),
        ),
    });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    const report = await within(table).findByRole('row', { name: /report\.pdf/ });
    expect(within(report).getByText('1.5 KB')).toBeTruthy();
    expect(within(report).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company Home' }).getAttribute('href')).toBe('/browse/root');

    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() =>
      expect(requests.map((r) => new URL(r.url).searchParams.get('orderBy'))).toContain(
        'isFolder DESC,sizeInBytes ASC',
      ),
    );
  });

  it('shows no pager while the children load, then the real count', async () => {
    let answer!: (response: Response) => void;
    stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, '/browse/f1');
    await screen.findByRole('link', { name: 'Company Home' });
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
    answer(await json(200, page([aNode({ id: 'r1', name: 'a.txt' })])));
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
  });

  it('says when a folder is empty', async () => {
    stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => json(200, page([])),
    });
    renderRoutes(routes, '/browse/f1');
    expect(await screen.findByText('This folder is empty')).toBeTruthy();
  });

  it('shows the server refusal in words', async () => {
    stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => errorJson(403, 'Permission was denied'),
    });
    renderRoutes(routes, '/browse/f1');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You are not allowed to do this: Permission was denied',
    );
    expect(screen.queryByText('This folder is empty')).toBeNull();
  });

  it('explains a bad folder name before sending it, with a fix', async () => {
    const requests = stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => json(200, page([])),
      'POST /nodes/f1/children': () => errorJson(409, 'Duplicate child name not allowed: My_notes'),
      'GET /settings': () => json(200, settings('strict')),
    });
    renderRoutes(routes, '/browse/f1');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    await userEvent.type(screen.getByLabelText(/Folder name/), 'My notes');
    expect(screen.getByText('A name cannot contain spaces.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use “My_notes”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An item named “My_notes” already exists here. Choose another name.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ name: 'My_notes', nodeType: 'cm:folder' });
  });

  it('under NAME_POLICY=alfresco refuses nothing the server accepts, and still what it refuses', async () => {
    const requests = stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => json(200, page([])),
      'POST /nodes/f1/children': () => json(201, { entry: aNode({ id: 'n', name: 'My notes', isFolder: true }) }),
      'GET /settings': () => json(200, settings('alfresco')),
    });
    renderRoutes(routes, '/browse/f1');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const field = screen.getByLabelText(/Folder name/);
    await userEvent.type(field, 'My notes.');
    expect(screen.getByText('A name cannot end with a dot.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use “My notes”' }));
    expect(screen.queryByText(/cannot contain spaces/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ name: 'My notes', nodeType: 'cm:folder' });
  });
});

describe('FolderBrowserPage actions', { timeout: 20_000 }, () => {
  const rows = [
    aNode({ id: 'a', name: 'a.txt' }),
    aNode({ id: 'b', name: 'b.txt', allowableOperations: [] }),
    aNode({ id: 'c', name: 'c.txt' }),
  ];

  it('selects with checkboxes and keys; the toolbar counts and offers what every item allows', async () => {
    stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => json(200, page(rows)),
    });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select a.txt' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(toolbar).getByRole('status').textContent).toBe('1 selected');

    const rowA = within(table).getByRole('row', { name: /a\.txt/ });
    rowA.focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(within(toolbar).getByRole('status').textContent).toBe('2 selected');
    expect((within(toolbar).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Control>}{ArrowDown}{/Control} ');
    expect(within(toolbar).getByRole('status').textContent).toBe('3 selected');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('toolbar', { name: 'Selection' }).textContent).toContain('3 selected');
  });

  it('F2 renames the focused row and the listing refreshes', async () => {
    let renamed = false;
    const requests = stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () =>
        json(200, page(renamed ? [aNode({ id: 'a', name: 'final.txt' }), ...rows.slice(1)] : rows)),
      'PUT /nodes/a': () => {
        renamed = true;
        return json(200, { entry: aNode({ id: 'a', name: 'final.txt' }) });
      },
    });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('row', { name: /a\.txt/ }));
    await userEvent.keyboard('{F2}');
    const input = screen.getByLabelText('New name') as HTMLInputElement;
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe('a');
    await userEvent.keyboard('final{Enter}');
    expect(await within(table).findByRole('row', { name: /final\.txt/ }, { timeout: 5000 })).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ name: 'final.txt' });
  });

  it('downloads a file through a direct access URL (no ticket in it), and says so when that is refused', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const contentUrl = 'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1/direct-access/t.s';
    stubApi({
      'GET /nodes/f1': () => json(200, { entry: folder }),
      'GET /nodes/f1/children': () => json(200, page(rows)),
      'POST /nodes/a/request-direct-access-url': () =>
        json(200, { entry: { contentUrl, attachment: true, expiryTime: '2030-01-01T00:00:30.000+0000' } }),
      'POST /nodes/b/request-direct-access-url': () => errorJson(403, 'Permission was denied'),
    });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.dblClick(await within(table).findByRole('row', { name: /a\.txt/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(contentUrl));
    await userEvent.dblClick(within(table).getByRole('row', { name: /b\.txt/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('b.txt');
    expect(go).toHaveBeenCalledTimes(1);
    go.mockRestore();
  });
});
