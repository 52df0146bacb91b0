import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { saver } from '../api/download-deleted-content.ts';
import { TrashPage } from './TrashPage.tsx';

const alice = { id: 'alice', displayName: 'Alice Andrews' };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString().replace('Z', '+0000');
const item = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  nodeType: 'cm:content',
  isFile: true,
  isFolder: false,
  createdAt: '2026-11-22T10:00:00.000+0000',
  createdByUser: alice,
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  modifiedByUser: alice,
  archivedAt: minutesAgo(5),
  archivedByUser: alice,
  ...over,
});
const inCampaigns = {
  name: '/Company Home/Sites/marketing/documentLibrary/Campaigns',
  isComplete: true,
  elements: [
    { id: 'ch', name: 'Company Home' },
    { id: 'sites', name: 'Sites' },
    { id: 'mkt', name: 'marketing' },
    { id: 'lib', name: 'documentLibrary' },
    { id: 'camp', name: 'Campaigns' },
  ],
};
const plan = item('n1', 'plan.txt', { path: inCampaigns, content: { mimeType: 'text/plain', sizeInBytes: 1536 } });
const drafts = item('n2', 'Drafts', { nodeType: 'cm:folder', isFile: false, isFolder: true });
const page = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 25 },
    entries: entries.map((entry) => ({ entry })),
  },
});
const me = (isAdmin: boolean) =>
  json(200, {
    entry: { ...alice, firstName: 'Alice', enabled: true, capabilities: { isAdmin, isGuest: false, isMutable: true } },
  });
const marketing = () =>
  json(200, { entry: { id: 'marketing', guid: 'mkt', title: 'Marketing', visibility: 'PUBLIC', preset: 'x' } });

const routes = [
  { path: '/trash', element: <TrashPage /> },
  { path: '/sites/:siteId/folder/:nodeId', element: <p>Campaigns folder</p> },
  { path: '/browse/:nodeId', element: <p>My files</p> },
];

/** A trash of `items`; restores and purges take them out, unless `restore` answers otherwise; a purge answers once `purged` settles. */
function stubTrash(
  items: ReturnType<typeof item>[],
  { isAdmin = false, restore = {} as Record<string, () => Response>, purged = Promise.resolve() } = {},
) {
  let left = [...items];
  return stubApi({
    'GET /people/-me-': () => me(isAdmin),
    'GET /sites/marketing': marketing,
    'GET /deleted-nodes': () => json(200, page(left)),
    ...Object.fromEntries(
      items.flatMap((it) => [
        [
          `POST /deleted-nodes/${it.id}/restore`,
          (request: Request) => {
            const answer = restore[it.id]?.();
            if (answer && !answer.ok) return answer;
            left = left.filter((l) => l.id !== it.id);
            return request.text().then((body) => {
              const target = body ? (JSON.parse(body) as { targetParentId: string }).targetParentId : 'camp';
              return json(200, { entry: { ...it, parentId: target === '-my-' ? 'home' : target } });
            });
          },
        ],
        [
          `DELETE /deleted-nodes/${it.id}`,
          async () => {
            await purged;
            left = left.filter((l) => l.id !== it.id);
            return json(204, null);
          },
        ],
      ]),
    ),
  });
}

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('TrashPage', { timeout: 30_000 }, () => {
  it('lists the items with where they were deleted from and when; Restore says where it went, with a link', async () => {
    const requests = stubTrash([plan, drafts]);
    const { router } = renderRoutes(routes, '/trash');
    const list = await screen.findByRole('list', { name: 'Deleted items' });
    const row = within(list).getByRole('listitem', { name: 'plan.txt' });
    expect(await within(row).findByRole('link', { name: 'Open folder Marketing / Campaigns' })).toBeTruthy();
    expect(row.textContent).toContain('Deleted 5 minutes ago');
    expect(row.textContent).toContain('1.5 KB');
    expect(within(list).getByRole('listitem', { name: 'Drafts' }).textContent).not.toContain('bytes');
    expect(row.textContent).not.toContain('by Alice');
    expect(within(list).getByRole('listitem', { name: 'Drafts' }).textContent).toContain('Its folder is gone');
    // A folder has no content to download.
    expect(within(list).queryByRole('button', { name: 'Download Drafts' })).toBeNull();
    expect(new URL(requests[0]!.url).searchParams.get('include')).toBe('path');

    await userEvent.click(within(row).getByRole('button', { name: 'Restore plan.txt' }));
    const notice = await screen.findByRole('alert');
    await waitFor(() => expect(notice.textContent).toContain('Restored “plan.txt” to Marketing / Campaigns'));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'plan.txt' })).toBeNull());
    await userEvent.click(within(notice).getByRole('link', { name: 'Open folder' }));
    expect(router.state.location.pathname).toBe('/sites/marketing/folder/camp');
  });

  it('explains a restore whose folder is gone, and restores into My files instead', async () => {
    let isFirst = true;
    const gone = () => {
      const answer = isFirst
        ? errorJson(404, 'The folder n2 was deleted from is gone: give a targetParentId')
        : undefined;
      isFirst = false;
      return answer ?? json(200, {});
    };
    const requests = stubTrash([drafts], { restore: { n2: gone } });
    renderRoutes(routes, '/trash');
    const row = await screen.findByRole('listitem', { name: 'Drafts' });
    await userEvent.click(within(row).getByRole('button', { name: 'Restore Drafts' }));
    expect((await within(row).findByRole('alert')).textContent).toContain(
      '“Drafts” cannot go back: the folder it was deleted from is gone, or is in the trash itself.',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Restore to My files' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Restored “Drafts” to My files'));
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Open folder' }).getAttribute('href')).toBe(
      '/browse/home',
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(await posts[0]!.text()).toBe('');
    expect(await posts[1]!.json()).toEqual({ targetParentId: '-my-', assocType: 'cm:contains' });
  });

  it('explains a name clash in the original folder', async () => {
    stubTrash([plan], { restore: { n1: () => errorJson(409, 'Duplicate child name not allowed: plan.txt') } });
    renderRoutes(routes, '/trash');
    const row = await screen.findByRole('listitem', { name: 'plan.txt' });
    await within(row).findByRole('link', { name: 'Open folder Marketing / Campaigns' });
    await userEvent.click(within(row).getByRole('button', { name: 'Restore plan.txt' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(
      'An item named “plan.txt” is already in Marketing / Campaigns. Rename or move that item, then restore again.',
    );
  });

  it('deletes permanently after asking; the busy button, then the item is gone', async () => {
    let answer!: () => void;
    stubTrash([plan, drafts], { isAdmin: true, purged: new Promise<void>((resolve) => (answer = resolve)) });
    renderRoutes(routes, '/trash');
    const row = await screen.findByRole('listitem', { name: 'Drafts' });
    // Administrators see everyone's items, and who deleted each.
    await waitFor(() => expect(row.textContent).toContain('by Alice Andrews'));
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Drafts permanently' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete permanently?' });
    expect(dialog.textContent).toContain('“Drafts” and everything in it will be deleted for good');
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-busy')).toBe('true'));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Drafts' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'plan.txt' })).toBeTruthy();
  });

  it('shows a refused purge in the dialog', async () => {
    stubApi({
      'GET /people/-me-': () => me(false),
      'GET /sites/marketing': marketing,
      'GET /deleted-nodes': () => json(200, page([plan])),
      'DELETE /deleted-nodes/n1': () => errorJson(403, 'Permission was denied'),
    });
    renderRoutes(routes, '/trash');
    const row = await screen.findByRole('listitem', { name: 'plan.txt' });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete plan.txt permanently' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete permanently?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You are not allowed to do this');
    expect(screen.getByRole('listitem', { name: 'plan.txt', hidden: true })).toBeTruthy();
  });

  it("downloads a file's content with the ticket in the header, never in the URL", async () => {
    const save = vi.spyOn(saver, 'save').mockImplementation(() => {});
    const requests = stubApi({
      'GET /people/-me-': () => me(false),
      'GET /sites/marketing': marketing,
      'GET /deleted-nodes': () => json(200, page([plan])),
      'GET /deleted-nodes/n1/content': () => new Response('the plan', { status: 200 }),
    });
    renderRoutes(routes, '/trash');
    const row = await screen.findByRole('listitem', { name: 'plan.txt' });
    await userEvent.click(within(row).getByRole('button', { name: 'Download plan.txt' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0]!;
    expect(name).toBe('plan.txt');
    expect(await blob.text()).toBe('the plan');
    const asked = requests.find((r) => r.url.includes('/content'))!;
    expect(asked.headers.get('Authorization')).toBe(`Basic ${btoa('TICKET_1')}`);
    expect(asked.url).not.toContain('TICKET_1');
    save.mockRestore();
  });

  it('selects rows one by one and all on the page; restores the selection with a summary naming each failure', async () => {
    const memo = item('n3', 'memo.txt', { path: inCampaigns });
    const taken = () => errorJson(409, 'memo.txt is already there');
    const requests = stubTrash([plan, drafts, memo], { restore: { n3: taken } });
    renderRoutes(routes, '/trash');
    const list = await screen.findByRole('list', { name: 'Deleted items' });
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();

    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select plan.txt' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(within(toolbar).getByRole('status').textContent).toBe('1 selected');
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(all);
    expect(within(toolbar).getByRole('status').textContent).toBe('3 selected');
    await userEvent.click(all);
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();

    // Keyboard: Space on a focused checkbox selects.
    within(list).getByRole('checkbox', { name: 'Select plan.txt' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select memo.txt' }));
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Restore' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore: 2 items' });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('1 restored, 1 failed'));
    const results = within(dialog).getByRole('list', { name: 'Results' });
    expect(within(results).getByRole('listitem', { name: 'plan.txt' }).textContent).toContain('Restored');
    expect(within(results).getByRole('listitem', { name: 'memo.txt' }).textContent).toContain(
      'An item named “memo.txt” is already in “Campaigns”.',
    );
    const restores = requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(restores.map((path) => path.replace(/^.*\/versions\/1/, ''))).toEqual([
      '/deleted-nodes/n1/restore',
      '/deleted-nodes/n3/restore',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'plan.txt' })).toBeNull());
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('deletes the selection permanently after asking, with the count', async () => {
    const requests = stubTrash([plan, drafts]);
    renderRoutes(routes, '/trash');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Delete permanently' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete permanently?' });
    expect(dialog.textContent).toContain(
      'The 2 selected items (folders with everything in them) will be deleted for good. This cannot be undone.',
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('2 deleted'));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
  });

  it('lets an administrator empty the trash, asking the server again while items remain', async () => {
    const answers = [
      { purged: 2, remaining: 1 },
      { purged: 1, remaining: 0 },
    ];
    let isEmpty = false;
    const requests = stubApi({
      'GET /people/-me-': () => me(true),
      'GET /sites/marketing': marketing,
      'GET /deleted-nodes': () => json(200, page(isEmpty ? [] : [plan, drafts, item('n3', 'memo.txt')])),
      'POST /trash/empty': () => {
        const entry = answers.shift()!;
        isEmpty = entry.remaining === 0;
        return json(200, { entry });
      },
    });
    renderRoutes(routes, '/trash');
    await userEvent.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the trash?' });
    expect(dialog.textContent).toContain(
      'Delete everything in the trash permanently? 3 items, everyone’s. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('The trash is empty: 3 items deleted.'),
    );
    const empties = requests.filter((r) => r.url.endsWith('/trash/empty'));
    expect(empties.map((r) => new URL(r.url).pathname)).toEqual([
      '/alfresco/api/-default-/public/quire/versions/1/trash/empty',
      '/alfresco/api/-default-/public/quire/versions/1/trash/empty',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
  });

  it('shows no Empty trash button to someone who is not an administrator', async () => {
    const requests = stubTrash([plan]);
    const { queryClient } = renderRoutes(routes, '/trash');
    await screen.findByRole('list', { name: 'Deleted items' });
    await waitFor(() => expect(requests.some((r) => r.url.includes('/people/-me-'))).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Empty trash' })).toBeNull();
  });

  it('says when the trash is empty', async () => {
    stubTrash([]);
    renderRoutes(routes, '/trash');
    expect(await screen.findByText('The trash is empty')).toBeTruthy();
  });
});
