import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { SitesPage } from './SitesPage.tsx';

const marketing = {
  id: 'marketing',
  guid: 'g1',
  title: 'Marketing',
  visibility: 'PUBLIC',
  preset: 'site-dashboard',
  role: 'SiteManager',
};
const engineering = {
  id: 'engineering',
  guid: 'g2',
  title: 'Engineering',
  visibility: 'PRIVATE',
  preset: 'site-dashboard',
};
const page = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 25 },
    entries: entries.map((entry) => ({ entry })),
  },
});
const routes = [
  { path: '/sites', element: <SitesPage /> },
  { path: '/sites/:siteId', element: <p>site page</p> },
];

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('SitesPage', () => {
  it('lists the sites with visibility and the caller’s role', async () => {
    stubApi({ 'GET /sites': () => json(200, page([engineering, marketing])) });
    renderRoutes(routes, '/sites');
    const table = await screen.findByRole('table', { name: 'Sites' });
    const row = await within(table).findByRole('row', { name: /Marketing/ });
    expect(within(row).getByText('Public')).toBeTruthy();
    expect(within(row).getByText('Manager')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Engineering/ })).getByText('Not a member')).toBeTruthy();
  });

  it('checks the new site before sending, and puts the 409 on the id field', async () => {
    const requests = stubApi({
      'GET /sites': () => json(200, page([])),
      'POST /sites': () =>
        errorJson(409, "Unable to create site because the site short name 'marketing' is already in use."),
    });
    renderRoutes(routes, '/sites');
    await userEvent.click(await screen.findByRole('button', { name: 'New site' }));
    const dialog = screen.getByRole('dialog', { name: 'New site' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('A site needs a title.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Marketing!');
    expect((within(dialog).getByLabelText(/Site id/) as HTMLInputElement).value).toBe('marketing');
    await userEvent.type(within(dialog).getByLabelText(/Site id/), ' x');
    expect(within(dialog).getByText('Only letters, digits and dashes (no spaces).')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(/Site id/));
    await userEvent.type(within(dialog).getByLabelText(/Site id/), 'marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const idField = within(dialog).getByLabelText(/Site id/);
    expect(await within(dialog).findByText(/This site id is already in use/)).toBeTruthy();
    expect(idField.getAttribute('aria-invalid')).toBe('true');
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ id: 'marketing', title: 'Marketing!', visibility: 'PUBLIC' });
  }, 30_000);
});
