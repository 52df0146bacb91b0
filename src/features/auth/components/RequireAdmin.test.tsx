import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { RequireAdmin } from './RequireAdmin.tsx';

const me = (isAdmin: boolean) => ({
  entry: {
    id: 'carol',
    firstName: 'Carol',
    displayName: 'Carol Chen',
    enabled: true,
    capabilities: { isAdmin, isGuest: false, isMutable: true },
  },
});
const routes = [
  {
    path: '/people',
    element: (
      <RequireAdmin what="People administration">
        <p>admin page</p>
      </RequireAdmin>
    ),
  },
];

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'carol' }));

describe('RequireAdmin', () => {
  it('explains that the page needs administrator rights', async () => {
    stubApi({ 'GET /people/-me-': () => json(200, me(false)) });
    renderRoutes(routes, '/people');
    expect(await screen.findByRole('heading', { name: 'Administrator rights needed' })).toBeTruthy();
    expect(screen.queryByText('admin page')).toBeNull();
  });

  it('shows the page to administrators', async () => {
    stubApi({ 'GET /people/-me-': () => json(200, me(true)) });
    renderRoutes(routes, '/people');
    expect(await screen.findByText('admin page')).toBeTruthy();
  });
});
