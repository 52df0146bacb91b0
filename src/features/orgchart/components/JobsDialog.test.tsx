import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, renderRoutes, stubApi } from '../../../test/render.tsx';
import type { OrgJob, OrgMember } from '../api/types.ts';
import { JobSelect } from './JobSelect.tsx';
import { JobsDialog } from './JobsDialog.tsx';

const envelope = (code: number, data: unknown, message = 'OK') => json(code, { data, message, status: { code } });

const grace = {
  id: 'grace',
  userName: 'grace',
  firstName: 'Grace',
  lastName: 'Green',
  enabled: true,
  quotaUsed: 0,
  node: { id: 'n-grace', storeRef: { protocol: 'workspace', identifier: 'SpacesStore' } },
  units: [],
  job: { id: 'ceo', name: 'Chief Executive Officer' },
} as unknown as OrgMember;

/** A server whose jobs change as the dialog asks; `ceo` is Grace's, so it cannot be deleted. */
function stubJobs(initial: OrgJob[]) {
  let jobs = [...initial];
  const sorted = () => [...jobs].sort((a, b) => a.name.localeCompare(b.name));
  const requests = stubApi({
    'GET /job': () => envelope(200, sorted()),
    'POST /job': async (request) => {
      const body = (await request.json()) as { id?: string; name: string };
      const job = { id: body.id ?? 'generated-1', name: body.name };
      jobs.push(job);
      return envelope(201, job);
    },
    'PUT /job/eng': async (request) => {
      const { name } = (await request.json()) as { name: string };
      jobs = jobs.map((j) => (j.id === 'eng' ? { ...j, name } : j));
      return envelope(200, { id: 'eng', name });
    },
    'DELETE /job/ceo': () => envelope(409, null, 'Job ceo is the job of 1 person: it cannot be deleted'),
    'DELETE /job/eng': () => {
      jobs = jobs.filter((j) => j.id !== 'eng');
      return envelope(200, null);
    },
  });
  return requests;
}

/** As on the org chart page: a button opens the dialog, and a person's card has the job select. */
function Screen() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open jobs</button>
      {open && <JobsDialog onClose={() => setOpen(false)} />}
      <JobSelect member={grace} />
    </>
  );
}
const routes = [{ path: '/', element: <Screen /> }];

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'admin' }));

describe('JobsDialog', () => {
  it('adds, renames and deletes jobs; the job select sees each change', async () => {
    const requests = stubJobs([
      { id: 'ceo', name: 'Chief Executive Officer' },
      { id: 'eng', name: 'Engineer' },
    ]);
    renderRoutes(routes, '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Jobs' });
    const list = await within(dialog).findByRole('list', { name: 'Jobs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Chief Executive Officer', 'Engineer']);

    // A name alone: the server chooses the id; a blank name is refused before any request.
    await user.click(within(dialog).getByRole('button', { name: 'Add job' }));
    expect(within(dialog).getByText('A job needs a name.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Job name'), 'Auditor');
    await user.click(within(dialog).getByRole('button', { name: 'Add job' }));
    expect(await within(list).findByRole('listitem', { name: 'Auditor' })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Added Auditor.');
    const post = requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ name: 'Auditor' });

    // Renamed in place.
    await user.click(within(list).getByRole('button', { name: 'Rename Engineer' }));
    const field = within(list).getByLabelText('New name for Engineer');
    await user.clear(field);
    await user.type(field, 'Software Engineer{Enter}');
    expect(await within(list).findByRole('listitem', { name: 'Software Engineer' })).toBeTruthy();

    // The job select (another component on the same query) lists the new and renamed jobs.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Assign job' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'No job',
      'Auditor',
      'Chief Executive Officer',
      'Software Engineer',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    // Deleted after a confirmation; the select loses it too.
    await user.click(screen.getByRole('button', { name: 'Open jobs' }));
    const again = await screen.findByRole('list', { name: 'Jobs' });
    await user.click(within(again).getByRole('button', { name: 'Delete Software Engineer' }));
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(again).queryByRole('listitem', { name: 'Software Engineer' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Assign job' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'No job',
        'Auditor',
        'Chief Executive Officer',
      ]),
    );
  });

  it('explains that a job someone has cannot be deleted, with the server message', async () => {
    stubJobs([{ id: 'ceo', name: 'Chief Executive Officer' }]);
    renderRoutes(routes, '/');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Jobs' });
    await user.click(within(list).getByRole('button', { name: 'Delete Chief Executive Officer' }));
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    const alert = await within(list).findByRole('alert');
    expect(alert.textContent).toBe(
      '1 person has this job, so it cannot be deleted. Give them another job, or none, first.',
    );
    expect(within(list).getByRole('listitem', { name: 'Chief Executive Officer' })).toBeTruthy();
  });

  it('says when there are no jobs, and when they cannot load', async () => {
    const dialogOnly = [{ path: '/', element: <JobsDialog onClose={() => undefined} /> }];
    stubJobs([]);
    const first = renderRoutes(dialogOnly, '/');
    expect(await screen.findByText('There are no jobs yet. Add the first one above.')).toBeTruthy();
    first.unmount();

    stubApi({ 'GET /job': () => envelope(500, null, 'boom') });
    renderRoutes(dialogOnly, '/');
    const dialog = await screen.findByRole('dialog', { name: 'Jobs' });
    expect(await within(dialog).findByText(/The jobs could not load/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the server refusing an id that is taken', async () => {
    stubApi({
      'GET /job': () => envelope(200, [{ id: 'ceo', name: 'Chief Executive Officer' }]),
      'POST /job': () => envelope(409, null, 'Job ceo already exists'),
    });
    renderRoutes(routes, '/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Jobs' });
    await user.type(within(dialog).getByLabelText('Job name'), 'Boss');
    await user.type(within(dialog).getByLabelText('Id (optional)'), 'ceo');
    await user.click(within(dialog).getByRole('button', { name: 'Add job' }));
    expect(await within(dialog).findByText(/The job could not be added: .*Job ceo already exists/)).toBeTruthy();
  });
});
