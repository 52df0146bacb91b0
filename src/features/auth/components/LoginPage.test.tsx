import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/browse/:nodeId', element: <p>folder page</p> },
];

async function signIn(user = 'admin', password = 'secret') {
  await userEvent.type(screen.getByLabelText(/Username/), user);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('keeps the ticket, never the password, and goes back to the page of next', async () => {
    const requests = stubApi({ 'POST /tickets': () => json(201, { entry: { id: 'TICKET_1', userId: 'admin' } }) });
    const { router } = renderRoutes(routes, '/login?next=%2Fbrowse%2Fabc');
    await signIn();
    expect(await screen.findByText('folder page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/browse/abc');
    expect(requests[0]?.url).toContain('/authentication/versions/1/tickets');
    expect(session.get()).toEqual({ ticket: 'TICKET_1', userId: 'admin' });
    expect(JSON.parse(localStorage.getItem('quire.session') ?? '{}')).toEqual({ ticket: 'TICKET_1', userId: 'admin' });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('secret');
  });

  it('goes to the home page when next has a control character', async () => {
    stubApi({ 'POST /tickets': () => json(201, { entry: { id: 'TICKET_1', userId: 'admin' } }) });
    const { router } = renderRoutes(
      [...routes, { path: '/', element: <p>home page</p> }],
      '/login?next=%2F%00%0A%2Fevil',
    );
    await signIn();
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says so when the credentials are wrong', async () => {
    stubApi({ 'POST /tickets': () => errorJson(403, 'Login failed') });
    renderRoutes(routes, '/login');
    await signIn('admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('The username or password is not correct.');
    expect(session.get()).toBeNull();
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
  });

  it('says when the throttle refuses the attempt', async () => {
    stubApi({
      'POST /tickets': () => errorJson(403, 'Login failed: too many failed logins, wait a few seconds'),
    });
    renderRoutes(routes, '/login');
    await signIn('admin', 'admin');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins from here for this user. Wait a few seconds and try again.',
    );
    expect(session.get()).toBeNull();
  });
});
