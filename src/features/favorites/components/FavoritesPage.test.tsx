import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/download.ts';
import { session } from '../../../lib/session.ts';
import { json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { FavoritesPage } from './FavoritesPage.tsx';

const user = { id: 'alice', displayName: 'Alice Andrews' };
const node = (id: string, name: string, isFile: boolean) => ({
  id,
  guid: id,
  name,
  isFile,
  isFolder: !isFile,
  parentId: 'p1',
  createdAt: '2026-11-22T10:00:00.000+0000',
  createdBy: 'alice',
  createdByUser: user,
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  modifiedBy: 'alice',
  modifiedByUser: user,
  path: {
    name: '/Company Home/Shared',
    isComplete: true,
    elements: [
      { id: 'ch', name: 'Company Home' },
      { id: 'sh', name: 'Shared' },
    ],
  },
});
const plan = {
  targetGuid: 'n1',
  createdAt: '2026-11-22T10:00:00.000+0000',
  target: { file: node('n1', 'plan.txt', true) },
};
const site = {
  targetGuid: 's1',
  createdAt: '2026-11-22T10:00:00.000+0000',
  target: {
    site: { id: 'marketing', guid: 's1', title: 'Marketing', visibility: 'PUBLIC', preset: 'x', role: 'SiteManager' },
  },
};
const page = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 25 },
    entries: entries.map((entry) => ({ entry })),
  },
});

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('FavoritesPage', () => {
  it('filters by kind on the server with an OR of EXISTS clauses', async () => {
    const requests = stubApi({ 'GET /people/-me-/favorites': () => json(200, page([plan, site])) });
    renderRoutes([{ path: '/favorites', element: <FavoritesPage /> }], '/favorites');
    const list = await screen.findByRole('list', { name: 'Favorites' });
    expect(within(list).getByRole('link', { name: 'plan.txt' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open folder Company Home / Shared' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Marketing' }).getAttribute('href')).toBe('/sites/marketing');

    await userEvent.click(screen.getByRole('button', { name: 'Files' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sites' }));
    expect(screen.getByRole('button', { name: 'Sites' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(requests.map((r) => new URL(r.url).searchParams.get('where'))).toContain(
        '(EXISTS(target/file) OR EXISTS(target/site))',
      ),
    );
    expect(new URL(requests[0]!.url).searchParams.get('where')).toBeNull();
    expect(new URL(requests[0]!.url).searchParams.get('include')).toBe('path');
  }, 20_000);

  it("opens a file's details page, and downloads it from its own button", async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const contentUrl = 'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1/direct-access/t0k.s1g';
    const requests = stubApi({
      'GET /people/-me-/favorites': () => json(200, page([plan])),
      'POST /nodes/n1/request-direct-access-url': () =>
        json(200, { entry: { contentUrl, attachment: true, expiryTime: '2030-01-01T00:00:30.000+0000' } }),
    });
    const { router } = renderRoutes(
      [
        { path: '/favorites', element: <FavoritesPage /> },
        { path: '/nodes/:nodeId', element: <p>Details page</p> },
      ],
      '/favorites',
    );
    const item = await screen.findByRole('listitem', { name: 'plan.txt' });
    const download = within(item).getByRole('button', { name: 'Download plan.txt' });
    expect(download.getAttribute('href')).toBeNull();
    await userEvent.click(download);
    await waitFor(() => expect(go).toHaveBeenCalledWith(contentUrl));
    // The ticket goes in the request's header, never in a URL.
    const asked = requests.find((r) => r.url.includes('request-direct-access-url'))!;
    expect(asked.headers.get('Authorization')).toBe(`Basic ${btoa('TICKET_1')}`);
    expect(await asked.json()).toEqual({ attachment: true });
    for (const r of requests) expect(r.url).not.toContain('TICKET_1');
    go.mockRestore();

    const open = within(item).getByRole('link', { name: 'plan.txt' });
    expect(open.getAttribute('target')).toBeNull();
    await userEvent.click(open);
    expect(router.state.location.pathname).toBe('/nodes/n1');
    expect(await screen.findByText('Details page')).toBeTruthy();
  });

  it('says when there are no favorites of the chosen kind', async () => {
    stubApi({ 'GET /people/-me-/favorites': () => json(200, page([])) });
    renderRoutes([{ path: '/favorites', element: <FavoritesPage /> }], '/favorites?kind=folder');
    expect(await screen.findByText('No favorites of this kind')).toBeTruthy();
  });
});
