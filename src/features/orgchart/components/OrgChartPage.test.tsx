import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { OrgChartPage } from './OrgChartPage.tsx';

const ok = (data: unknown) => json(200, { data, message: 'OK', status: { code: 200 } });
const child = (id: string, name: string, hasChild = false, weight = 0) => ({
  id,
  name,
  groupId: `workspace://SpacesStore/${id}`,
  groupName: `GROUP_orgchart_${id}`,
  hasChild,
  weight,
});
const unit = (
  base: ReturnType<typeof child>,
  children: ReturnType<typeof child>[],
  ancestors: { id: string; name: string }[],
) => ({ ...base, hasChild: children.length > 0, children, ancestors });
const person = (id: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) => ({
  id,
  userName: id,
  firstName,
  lastName,
  enabled: true,
  quotaUsed: 0,
  node: { id: `n-${id}`, storeRef: { protocol: 'workspace', identifier: 'SpacesStore' } },
  nodeRef: `workspace://SpacesStore/n-${id}`,
  ...extra,
});

const acme = child('acme', 'Acme', true);
const sales = child('sales', 'Sales', true, 10);
const eng = child('eng', 'Engineering', true, 20);
const emea = child('emea', 'EMEA');
const me = (isAdmin: boolean) =>
  json(200, {
    entry: {
      id: 'alice',
      firstName: 'Alice',
      email: 'a@x',
      enabled: true,
      capabilities: { isAdmin, isGuest: false, isMutable: true },
    },
  });

function stubChart(isAdmin = false, extra: Record<string, () => Response> = {}) {
  return stubApi({
    'GET /people/-me-': () => me(isAdmin),
    'GET /unit/-root-/subunits': () => ok(unit(acme, [sales, eng], [])),
    'GET /unit/sales/subunits': () => ok(unit(sales, [emea], [{ id: 'acme', name: 'Acme' }])),
    'GET /unit/emea/subunits': () =>
      ok(
        unit(
          emea,
          [],
          [
            { id: 'acme', name: 'Acme' },
            { id: 'sales', name: 'Sales' },
          ],
        ),
      ),
    'GET /unit/acme/members': () =>
      ok([person('grace', 'Grace', 'Green', { jobTitle: 'CEO', email: 'grace@acme.test' })]),
    'GET /unit/sales/members': () =>
      ok(Array.from({ length: 12 }, (_, i) => person(`p${i}`, 'Person', `N${String(i).padStart(2, '0')}`))),
    'GET /unit/emea/members': () => ok([]),
    ...extra,
  });
}

const routes = [{ path: '/org-chart/*', element: <OrgChartPage /> }];
const paths = (requests: Request[]) => requests.map((r) => new URL(r.url).pathname.replace(/^.*\/orgchart/, ''));

// MUI renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('OrgChartPage', () => {
  it('starts at the root unit, expanded, with its members; subunits load only when expanded', async () => {
    const requests = stubChart();
    renderRoutes(routes, '/org-chart');
    const tree = await screen.findByRole('tree', { name: 'Organisation units' });
    const root = within(tree).getByRole('treeitem', { name: 'Acme' });
    expect(root.getAttribute('aria-level')).toBe('1');
    expect(root.getAttribute('aria-expanded')).toBe('true');
    const salesItem = within(tree).getByRole('treeitem', { name: 'Sales' });
    expect(salesItem.getAttribute('aria-level')).toBe('2');
    expect(salesItem.getAttribute('aria-expanded')).toBe('false');
    expect(await screen.findByRole('link', { name: 'Grace Green' })).toBeTruthy();
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'grace@acme.test' })).toBeTruthy();
    expect(paths(requests)).not.toContain('/unit/sales/subunits');

    // Keyboard: Tab into the tree, Down to Sales, Right expands it (a lazy load), Right enters EMEA.
    const user = userEvent.setup();
    root.focus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(salesItem.getAttribute('aria-expanded')).toBe('true');
    const emeaItem = await within(tree).findByRole('treeitem', { name: 'EMEA' });
    expect(emeaItem.getAttribute('aria-level')).toBe('3');
    expect(paths(requests)).toContain('/unit/sales/subunits');
    expect(paths(requests)).not.toContain('/unit/eng/subunits');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(emeaItem);
    expect(emeaItem.getAttribute('tabindex')).toBe('0');
    expect(salesItem.getAttribute('tabindex')).toBe('-1');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(salesItem);
    expect(salesItem.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects a unit with Enter: its URL, its members a page at a time; no admin controls for others', async () => {
    stubChart();
    const { router } = renderRoutes(routes, '/org-chart');
    const tree = await screen.findByRole('tree');
    within(tree).getByRole('treeitem', { name: 'Acme' }).focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/org-chart/unit/sales'));
    expect(within(tree).getByRole('treeitem', { name: 'Sales' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('12 members')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members of Sales' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Move to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('opens the tree down to a unit named in the URL, through its ancestors', async () => {
    stubChart();
    renderRoutes(routes, '/org-chart/unit/emea');
    const emeaItem = await screen.findByRole('treeitem', { name: 'EMEA' });
    expect(emeaItem.getAttribute('aria-selected')).toBe('true');
    expect(emeaItem.getAttribute('aria-level')).toBe('3');
    expect(await screen.findByText('No one is a member of this unit.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Unit path' }).textContent).toBe('Acme/Sales');
  });

  it('shows a member card with links to their units; administrators get the unit and job controls', async () => {
    stubChart(true, {
      'GET /member/grace': () =>
        ok({
          ...person('grace', 'Grace', 'Green', { jobTitle: 'CEO' }),
          job: { id: 'ceo', name: 'Chief Executive Officer' },
          units: [{ id: 'emea', name: 'EMEA', weight: 0 }],
        }),
      'GET /job': () => ok([{ id: 'ceo', name: 'Chief Executive Officer' }]),
    });
    const { router } = renderRoutes(routes, '/org-chart/member/grace');
    expect(await screen.findByRole('heading', { name: 'Grace Green' })).toBeTruthy();
    expect(screen.getByText('CEO')).toBeTruthy();
    expect(await screen.findByRole('treeitem', { name: 'EMEA member' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Assign job' })).toBeTruthy();
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Units of Grace Green' })).getByRole('link', { name: 'EMEA' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/org-chart/unit/emea'));
    expect(await screen.findByRole('button', { name: /Move to/ })).toBeTruthy();
  });

  it('says when the subunits of a unit cannot load', async () => {
    stubChart(false, {
      'GET /unit/sales/subunits': () => json(500, { data: null, message: 'boom', status: { code: 500 } }),
    });
    renderRoutes(routes, '/org-chart');
    const salesItem = await screen.findByRole('treeitem', { name: 'Sales' });
    salesItem.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText(/The subunits of Sales could not load/, {}, { timeout: 5000 })).toBeTruthy();
  });
});
