import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { OrgChartPage } from './OrgChartPage.tsx';

const envelope = (code: number, data: unknown, message = 'OK') => json(code, { data, message, status: { code } });
const me = (isAdmin: boolean) =>
  json(200, {
    entry: {
      id: 'alice',
      firstName: 'Alice',
      enabled: true,
      capabilities: { isAdmin, isGuest: false, isMutable: true },
    },
  });
const hq = {
  id: 'generated-1',
  name: 'Acme',
  groupId: 'workspace://SpacesStore/generated-1',
  groupName: 'GROUP_orgchart_generated-1',
  hasChild: false,
  weight: 0,
  children: [],
  ancestors: [],
};

/** An empty chart (404 for the root) until a root unit is created. */
function stubEmptyChart(isAdmin: boolean, create = () => envelope(201, hq)) {
  let root: typeof hq | undefined;
  return stubApi({
    'GET /people/-me-': () => me(isAdmin),
    'GET /unit/-root-/subunits': () => (root ? envelope(200, root) : envelope(404, null, 'There is no root unit')),
    'GET /unit/generated-1/members': () => envelope(200, []),
    'POST /unit': () => {
      const answer = create();
      if (answer.status === 201) root = hq;
      return answer;
    },
  });
}

const routes = [{ path: '/org-chart/*', element: <OrgChartPage /> }];

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('an empty org chart', () => {
  it('lets an administrator create the root unit, then shows the tree', async () => {
    const requests = stubEmptyChart(true);
    renderRoutes(routes, '/org-chart');
    const user = userEvent.setup();
    expect(await screen.findByText('There is no org chart yet')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Create the root unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create the root unit' });
    expect(within(dialog).queryByLabelText('Weight')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('A unit needs a name.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Unit name'), '  Acme ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const tree = await screen.findByRole('tree', { name: 'Organisation units' });
    expect(within(tree).getByRole('treeitem', { name: 'Acme' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ name: 'Acme', weight: 0 });
  });

  it("shows the server's refusal in the dialog", async () => {
    stubEmptyChart(true, () => envelope(409, null, 'There is a root unit already'));
    renderRoutes(routes, '/org-chart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create the root unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create the root unit' });
    await user.type(within(dialog).getByLabelText('Unit name'), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/There is a root unit already/)).toBeTruthy();
  });

  it('points other people to the import, without the button or the jobs', async () => {
    stubEmptyChart(false);
    renderRoutes(routes, '/org-chart');
    expect(await screen.findByText('An administrator can import one (npm run orgchart:import).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create the root unit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Jobs' })).toBeNull();
  });
});
