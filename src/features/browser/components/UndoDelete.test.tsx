import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { aNode, onePage, projectsFolder } from './browser-test-data.ts';
import { FolderBrowserPage } from './FolderBrowserPage.tsx';

const folder = projectsFolder;
const all = ['a', 'b', 'c'].map((id) => ({ ...aNode({}), id, name: `${id}.txt` }));
const page = onePage;
const routes = [
  { path: '/browse/:nodeId', element: <FolderBrowserPage /> },
  { path: '/trash', element: <p>Trash page</p> },
];

/** A folder whose children go to the trash and come back; `refuse` answers restores of that id with a 409. */
function stubFolder({ refuse, isAdmin = false }: { refuse?: string; isAdmin?: boolean } = {}) {
  const trashed = new Set<string>();
  const requests = stubApi({
    'GET /nodes/f1': () => json(200, { entry: folder }),
    'GET /people/-me-': () =>
      json(200, {
        entry: {
          id: 'admin',
          firstName: 'Administrator',
          enabled: true,
          capabilities: { isAdmin, isGuest: false, isMutable: true },
        },
      }),
    'GET /nodes/f1/children': () => json(200, page(all.filter((n) => !trashed.has(n.id)))),
    ...Object.fromEntries(
      all.flatMap((n) => {
        const { id } = n;
        return [
          [
            `DELETE /nodes/${id}`,
            () => {
              trashed.add(id);
              return json(204, null);
            },
          ],
          [
            `POST /deleted-nodes/${id}/restore`,
            () => {
              if (id === refuse) return errorJson(409, `Duplicate child name not allowed: ${n.name}`);
              trashed.delete(id);
              return json(200, { entry: { ...n, parentId: 'f1' } });
            },
          ],
        ];
      }),
    ),
  });
  return requests;
}

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'admin' }));

describe('Delete and Undo in the folder browser', { timeout: 30_000 }, () => {
  it('says how many items went to the trash; Undo restores each and the listing shows them again', async () => {
    const requests = stubFolder();
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select a.txt' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select b.txt' }));
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Delete' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete 2 items?' })).getByRole('button', { name: 'Delete' }),
    );

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Moved 2 items to the trash');
    await waitFor(() => expect(within(table).queryByRole('row', { name: /a\.txt/ })).toBeNull());
    expect(within(notice).getByRole('link', { name: 'Open trash' }).getAttribute('href')).toBe('/trash');

    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Restored 2 items'));
    expect(await within(table).findByRole('row', { name: /a\.txt/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /b\.txt/ })).toBeTruthy();
    const restores = requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(restores.map((p) => p.replace(/^.*\/versions\/1/, ''))).toEqual([
      '/deleted-nodes/a/restore',
      '/deleted-nodes/b/restore',
    ]);
  });

  it('says which item could not come back, and why', async () => {
    stubFolder({ refuse: 'c' });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for c.txt' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Delete/ }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete' }),
    );
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Moved 1 item to the trash');
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('c.txt was not restored'));
    expect(screen.getByRole('alert').textContent).toContain('already exists');
  });

  it('lets an administrator delete for good instead: no trash, no Undo', async () => {
    const requests = stubFolder({ isAdmin: true });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for a.txt' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file?' });
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Delete permanently, without the trash' }),
    );
    expect(dialog.textContent).toContain('“a.txt” will be deleted for good. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Deleted 1 item for good');
    expect(within(notice).queryByRole('button', { name: 'Undo' })).toBeNull();
    const deletes = requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url));
    expect(deletes.map((u) => u.searchParams.get('permanent'))).toEqual(['true']);
  });

  it('offers deleting for good to administrators only', async () => {
    const requests = stubFolder({ isAdmin: false });
    renderRoutes(routes, '/browse/f1');
    const table = await screen.findByRole('table', { name: 'Folder contents' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for a.txt' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file?' });
    await waitFor(() => expect(dialog.textContent).toContain('will be moved to the trash'));
    // The answer about who the caller is has come (an administrator's checkbox would show by now).
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/people/-me-'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});
