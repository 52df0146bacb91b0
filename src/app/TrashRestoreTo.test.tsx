import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChooseFolderDialog } from '../features/browser/components/ChooseFolderDialog.tsx';
import { TrashPage } from '../features/trash/components/TrashPage.tsx';
import { session } from '../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../test/render.tsx';

// The Trash page with the browser's folder picker, as the router composes them.

const alice = { id: 'alice', displayName: 'Alice Andrews' };
const stamp = '2026-11-22T10:00:00.000+0000';
const folder = (id: string, name: string, elements: { id: string; name: string }[], ops = ['create']) => ({
  id,
  name,
  nodeType: 'cm:folder',
  isFolder: true,
  isFile: false,
  createdAt: stamp,
  createdByUser: alice,
  modifiedAt: stamp,
  modifiedByUser: alice,
  allowableOperations: ops,
  path: { name: elements.map((e) => e.name).join('/'), isComplete: true, elements },
});
const home = folder('h1', 'alice', [
  { id: 'ch', name: 'Company Home' },
  { id: 'uh', name: 'User Homes' },
]);
const projects = folder('p1', 'Projects', [...home.path.elements, { id: 'h1', name: 'alice' }]);
const drafts = {
  ...folder('n2', 'Drafts', []),
  path: undefined,
  archivedAt: stamp,
  archivedByUser: alice,
};
const page = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 25 },
    entries: entries.map((entry) => ({ entry })),
  },
});

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('Trash: restore into a chosen folder when the original one is gone', { timeout: 30_000 }, () => {
  it('opens the folder picker, restores into the folder chosen, and says where', async () => {
    let isGone = true;
    const requests = stubApi({
      'GET /people/-me-': () => json(200, { entry: { ...alice, firstName: 'Alice', enabled: true } }),
      'GET /deleted-nodes': () => json(200, page(isGone ? [drafts] : [])),
      'POST /deleted-nodes/n2/restore': async (request) => {
        const body = await request.text();
        if (!body) return errorJson(404, 'The folder n2 was deleted from is gone: give a targetParentId');
        isGone = false;
        return json(200, { entry: { ...drafts, parentId: 'p1' } });
      },
      'GET /nodes/-my-': () => json(200, { entry: home }),
      'GET /nodes/-my-/children': () => json(200, page([projects])),
      'GET /nodes/p1': () => json(200, { entry: projects }),
      'GET /nodes/p1/children': () => json(200, page([])),
      'GET /nodes/-root-': () => json(200, { entry: folder('sites', 'Sites', [{ id: 'ch', name: 'Company Home' }]) }),
    });
    const { router } = renderRoutes(
      [
        { path: '/trash', element: <TrashPage ChooseFolder={ChooseFolderDialog} /> },
        { path: '/browse/:nodeId', element: <p>Projects folder</p> },
      ],
      '/trash',
    );
    const row = await screen.findByRole('listitem', { name: 'Drafts' });
    await userEvent.click(within(row).getByRole('button', { name: 'Restore Drafts' }));
    await within(row).findByRole('alert');
    await userEvent.click(within(row).getByRole('button', { name: 'Restore to…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Restore “Drafts” to…' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Projects' }));
    await waitFor(() => expect(within(dialog).getByText('No folders inside “Projects”.')).toBeTruthy());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore here' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Restored “Drafts” to Company Home / User Homes / alice / Projects');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(await posts[1]!.json()).toEqual({ targetParentId: 'p1', assocType: 'cm:contains' });
    await userEvent.click(within(notice).getByRole('link', { name: 'Open folder' }));
    expect(router.state.location.pathname).toBe('/browse/p1');
  });

  it('keeps the picker open with the reason when the chosen folder refuses', async () => {
    stubApi({
      'GET /people/-me-': () => json(200, { entry: { ...alice, firstName: 'Alice', enabled: true } }),
      'GET /deleted-nodes': () => json(200, page([drafts])),
      'POST /deleted-nodes/n2/restore': async (request) =>
        (await request.text())
          ? errorJson(409, 'Duplicate child name not allowed: Drafts')
          : errorJson(404, 'The folder n2 was deleted from is gone: give a targetParentId'),
      'GET /nodes/-my-': () => json(200, { entry: home }),
      'GET /nodes/-my-/children': () => json(200, page([projects])),
      'GET /nodes/-root-': () => json(200, { entry: folder('sites', 'Sites', [{ id: 'ch', name: 'Company Home' }]) }),
    });
    renderRoutes([{ path: '/trash', element: <TrashPage ChooseFolder={ChooseFolderDialog} /> }], '/trash');
    const row = await screen.findByRole('listitem', { name: 'Drafts' });
    await userEvent.click(within(row).getByRole('button', { name: 'Restore Drafts' }));
    await userEvent.click(await within(row).findByRole('button', { name: 'Restore to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore “Drafts” to…' });
    await within(dialog).findByRole('button', { name: 'Projects' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore here' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An item named “Drafts” is already in “alice”. Rename or move that item, then restore again.',
    );
  });
});
