import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { LockControls } from './LockControls.tsx';

const user = { id: 'alice', displayName: 'Alice Adams' };
const file = (over: Record<string, unknown> = {}) => ({
  entry: {
    id: 'n1',
    name: 'plan.txt',
    nodeType: 'cm:content',
    isFolder: false,
    isFile: true,
    createdAt: '2026-11-22T10:00:00.000+0000',
    modifiedAt: '2026-11-22T10:00:00.000+0000',
    createdByUser: user,
    modifiedByUser: user,
    allowableOperations: ['update', 'delete'],
    ...over,
  },
});

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'bob' }));

describe('LockControls and LockDialog', () => {
  it('locks with the chosen type, lifetime and expiry', async () => {
    let locked = false;
    const requests = stubApi({
      'GET /nodes/n1': () =>
        json(
          200,
          locked
            ? file({ isLocked: true, properties: { 'cm:lockOwner': { id: 'bob', displayName: 'Bob' } } })
            : file({ isLocked: false }),
        ),
      'POST /nodes/n1/lock': () => {
        locked = true;
        return json(200, file({ isLocked: true }));
      },
    });
    renderRoutes([{ path: '/', element: <LockControls nodeId="n1" /> }], '/');
    expect(await screen.findByText('Not locked')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Lock…' }));

    const dialog = screen.getByRole('dialog', { name: 'Lock “plan.txt”' });
    const types = within(dialog).getByRole('radiogroup', { name: 'What the lock prevents' });
    expect(within(types).getByRole('radio', { name: /Others cannot change it/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByText(/Only you can still edit/)).toBeTruthy();
    await userEvent.click(within(types).getByRole('radio', { name: /Nobody can change it/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: /Temporary/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    expect(screen.getByRole('option', { name: 'After 1 week' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: 'After 1 hour' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));

    expect(await screen.findByText('Locked by you')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ type: 'FULL', lifetime: 'EPHEMERAL', timeToExpire: 3600 });
  }, 20_000);

  it("shows another user's lock; a collaborator is not offered Unlock", async () => {
    stubApi({
      'GET /nodes/n1': () =>
        json(
          200,
          file({
            isLocked: true,
            properties: { 'cm:lockOwner': user, 'cm:lockType': 'WRITE_LOCK', 'cm:lockLifetime': 'PERSISTENT' },
          }),
        ),
    });
    renderRoutes([{ path: '/', element: <LockControls nodeId="n1" /> }], '/');
    expect(await screen.findByText('Locked by Alice Adams')).toBeTruthy();
    expect(screen.getByText('Others cannot change it · until unlocked.')).toBeTruthy();
    expect(screen.getByText('Only Alice Adams or a coordinator can unlock it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
  });

  it('a refused unlock shows in a snackbar, naming the file, not its id', async () => {
    stubApi({
      'GET /nodes/n1': () =>
        json(
          200,
          file({
            allowableOperations: ['update', 'delete', 'updatePermissions', 'unlock'],
            isLocked: true,
            properties: { 'cm:lockOwner': user, 'cm:lockType': 'WRITE_LOCK', 'cm:lockLifetime': 'PERSISTENT' },
          }),
        ),
      'POST /nodes/n1/unlock': () => errorJson(403, 'Only the lock owner can unlock n1'),
    });
    renderRoutes([{ path: '/', element: <LockControls nodeId="n1" /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You are not allowed to do this: Only the lock owner can unlock “plan.txt”',
      ),
    );
  });
});
