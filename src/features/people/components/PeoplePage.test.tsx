import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { PeoplePage } from './PeoplePage.tsx';

const alice = {
  id: 'alice',
  firstName: 'Alice',
  displayName: 'Alice Andrews',
  enabled: true,
  quota: -1,
  quotaUsed: 2048,
};
const dave = {
  id: 'dave',
  firstName: 'Dave',
  displayName: 'Dave Davis',
  enabled: true,
  quota: 1_048_576,
  quotaUsed: 524_288,
};
const page = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 25 },
    entries: entries.map((entry) => ({ entry })),
  },
});
const routes = [{ path: '/people', element: <PeoplePage /> }];

/**
 * Puts a whole value in a field at once (a paste: one input event), where typing it key by key
 * would re-render the dialog once per character: slow under load, and not what these tests check.
 */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'admin' }));

describe('PeoplePage', () => {
  it('shows quota use and searches on the server', async () => {
    const requests = stubApi({ 'GET /people': () => json(200, page([alice, dave])) });
    renderRoutes(routes, '/people');
    const row = await screen.findByRole('row', { name: 'Dave Davis' });
    expect(within(row).getByText('512 KB of 1 MB')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Alice Andrews' })).getByText('2 KB (no limit)')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search people'), "o'b");
    await waitFor(() =>
      expect(requests.map((r) => new URL(r.url).searchParams.get('where'))).toContain("(search='o\\'b')"),
    );
  });

  it('checks the new person as the server does, then shows the 409 on the user name', async () => {
    const requests = stubApi({
      'GET /people': () => json(200, page([alice])),
      'POST /people': () => errorJson(409, "Person 'alice' already exists."),
    });
    renderRoutes(routes, '/people');
    await userEvent.click(await screen.findByRole('button', { name: 'New person' }));
    const dialog = screen.getByRole('dialog', { name: 'New person' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('A person needs a user name.')).toBeTruthy();
    expect(within(dialog).getByText('A first name is required.')).toBeTruthy();
    expect(within(dialog).getByText('An email address is required.')).toBeTruthy();
    expect(within(dialog).getByText('A password is required.')).toBeTruthy();

    await fill(within(dialog).getByLabelText(/User name/), 'GROUP_x');
    expect(within(dialog).getByText('A user name cannot start with GROUP_ or ROLE_.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(/User name/));
    await fill(within(dialog).getByLabelText(/User name/), 'alice');
    await fill(within(dialog).getByLabelText(/First name/), 'Alice');
    await fill(within(dialog).getByRole('textbox', { name: /^Email\s*\*?$/ }), 'a@example.com');
    await fill(within(dialog).getByLabelText(/^Password/), 'pw');
    await fill(within(dialog).getByLabelText('Organization'), 'Acme');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText("Person 'alice' already exists. Choose another user name.")).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/User name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({
      id: 'alice',
      firstName: 'Alice',
      email: 'a@example.com',
      password: 'pw',
      enabled: true,
      emailNotificationsEnabled: true,
      company: { organization: 'Acme' },
    });
  }, 120_000);

  it("shows the server's password policy refusal on the password field", async () => {
    stubApi({
      'GET /people': () => json(200, page([alice])),
      'POST /people': () => errorJson(400, 'The password must be at least 8 characters long'),
    });
    renderRoutes(routes, '/people');
    await userEvent.click(await screen.findByRole('button', { name: 'New person' }));
    const dialog = screen.getByRole('dialog', { name: 'New person' });
    await fill(within(dialog).getByLabelText(/User name/), 'zoe');
    await fill(within(dialog).getByLabelText(/First name/), 'Zoe');
    await fill(within(dialog).getByRole('textbox', { name: /^Email\s*\*?$/ }), 'z@example.com');
    await fill(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('The password must be at least 8 characters long')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Password/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  }, 120_000);

  it('says why a person cannot be disabled', async () => {
    stubApi({
      'GET /people': () => json(200, page([alice])),
      'PUT /people/alice': () => errorJson(403, 'An administrator cannot be disabled'),
    });
    renderRoutes(routes, '/people');
    await userEvent.click(await screen.findByRole('switch', { name: 'alice can sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An administrator cannot be disabled');
  });
});
