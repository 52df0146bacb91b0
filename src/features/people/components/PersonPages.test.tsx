import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { ProfilePage } from './PersonPages.tsx';

const sam = {
  id: 'sam',
  firstName: 'Sam',
  lastName: 'Self',
  displayName: 'Sam Self',
  email: 'sam@example.com',
  enabled: true,
};
const routes = [{ path: '/profile', element: <ProfilePage /> }];

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'sam' }));

describe('ProfilePage', () => {
  it('saves only the details that changed', async () => {
    const requests = stubApi({
      'GET /people/-me-': () => json(200, { entry: sam }),
      'PUT /people/sam': () => json(200, { entry: { ...sam, jobTitle: 'Archivist' } }),
    });
    renderRoutes(routes, '/profile');
    const details = await screen.findByRole('form', { name: 'Details' });
    await userEvent.type(within(details).getByLabelText('Job title'), 'Archivist');
    await userEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    const put = requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ jobTitle: 'Archivist' });
  });

  it('refreshes the signed-in person (the app bar, the administrator check) once their details are saved', async () => {
    const requests = stubApi({
      'GET /people/-me-': () => json(200, { entry: sam }),
      'PUT /people/sam': () => json(200, { entry: { ...sam, jobTitle: 'Archivist' } }),
    });
    renderRoutes(routes, '/profile');
    const details = await screen.findByRole('form', { name: 'Details' });
    expect(requests.filter((r) => r.url.endsWith('/people/-me-'))).toHaveLength(1);
    await userEvent.type(within(details).getByLabelText('Job title'), 'Archivist');
    await userEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(requests.filter((r) => r.url.endsWith('/people/-me-'))).toHaveLength(2));
  });

  it("shows the server's refusal of the current password (403) and of the policy (400) on their fields", async () => {
    let answer = () => errorJson(403, 'Incorrect password.');
    stubApi({
      'GET /people/-me-': () => json(200, { entry: sam }),
      'PUT /people/sam': () => answer(),
    });
    renderRoutes(routes, '/profile');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'wrong');
    await userEvent.type(within(form).getByLabelText(/^New password \*/), 'next-one');
    await userEvent.type(within(form).getByLabelText(/New password again/), 'next-one');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Incorrect password.')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/Current password/)
        .getAttribute('aria-invalid'),
    ).toBe('true');

    answer = () => errorJson(400, 'The password must be at least 8 characters long');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The password must be at least 8 characters long')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^New password \*/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
