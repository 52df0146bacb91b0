import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { errorJson, json, renderRoutes, stubApi } from '../../../test/render.tsx';
import { NodeEditorPage } from './NodeEditorPage.tsx';

const admin = { id: 'admin', displayName: 'Administrator' };
const prop = (id: string, title: string, dataType = 'd:text') => ({
  id,
  title,
  dataType,
  isMultiValued: false,
  isMandatory: false,
  isProtected: false,
});
const file = {
  id: 'n1',
  name: 'report.txt',
  nodeType: 'cm:content',
  isFolder: false,
  isFile: true,
  parentId: 'f1',
  createdAt: '2026-11-22T10:00:00.000+0000',
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  createdByUser: admin,
  modifiedByUser: admin,
  aspectNames: ['cm:author'],
  properties: { 'cm:author': 'Bob' },
  allowableOperations: ['delete', 'update', 'updatePermissions'],
  path: { elements: [{ id: 'f1', name: 'Projects', nodeType: 'cm:folder' }], name: '/Projects', isComplete: true },
  permissions: {
    isInheritanceEnabled: true,
    inherited: [{ authorityId: 'GROUP_EVERYONE', name: 'Consumer', accessStatus: 'ALLOWED' }],
    locallySet: [{ authorityId: 'alice', name: 'Coordinator', accessStatus: 'ALLOWED', authorityDisplayName: 'Alice' }],
    settable: ['Contributor', 'Collaborator', 'Coordinator', 'Editor', 'Consumer'],
  },
};
const list = (entries: unknown[]) => ({
  list: {
    pagination: { count: entries.length, hasMoreItems: false, totalItems: entries.length, skipCount: 0, maxItems: 100 },
    entries: entries.map((entry) => ({ entry })),
  },
});
const aspects = [
  { id: 'cm:author', title: 'Author', properties: [prop('cm:author', 'Author')] },
  {
    id: 'cm:titled',
    title: 'Titled',
    properties: [prop('cm:title', 'Title', 'd:mltext'), prop('cm:description', 'Description', 'd:mltext')],
  },
];
const model = {
  'GET /types/cm%3Acontent': () => json(200, { entry: { id: 'cm:content', title: 'Content', properties: [] } }),
  'GET /aspects': () => json(200, list(aspects)),
  'GET /nodes/n1/secondary-children': () => json(200, list([])),
};
const routes = [{ path: '/nodes/:nodeId', element: <NodeEditorPage /> }];
// The page waits for the node and the content model: slower than one second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => session.set({ ticket: 'TICKET_1', userId: 'alice' }));

describe('NodeEditorPage', { timeout: 20_000 }, () => {
  it('shows the header with the path and the way back', async () => {
    stubApi({ ...model, 'GET /nodes/n1': () => json(200, { entry: file }) });
    renderRoutes(routes, '/nodes/n1');
    expect(await screen.findByRole('heading', { level: 1, name: 'report.txt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe('/browse/f1');
    expect(screen.getByRole('link', { name: 'Back to folder' }).getAttribute('href')).toBe('/browse/f1');
    expect(screen.getByRole('tab', { name: 'Versions' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Secondary children' })).toBeNull();
  });

  it('adds an aspect, sets its title and sends the complete aspect set', async () => {
    const requests = stubApi({
      ...model,
      'GET /nodes/n1': () => json(200, { entry: file }),
      'PUT /nodes/n1': () =>
        json(200, {
          entry: {
            ...file,
            aspectNames: ['cm:author', 'cm:titled'],
            properties: { 'cm:author': 'Bob', 'cm:title': 'Q4' },
          },
        }),
    });
    renderRoutes(routes, '/nodes/n1');

    await userEvent.click(await screen.findByRole('combobox', { name: 'Aspect to add' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Titled (cm:titled)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add aspect' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Q4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ aspectNames: ['cm:author', 'cm:titled'], properties: { 'cm:title': 'Q4' } });
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Q4');
  });

  it('warns that removing an aspect deletes its properties', async () => {
    stubApi({ ...model, 'GET /nodes/n1': () => json(200, { entry: file }) });
    renderRoutes(routes, '/nodes/n1');
    await userEvent.click(await screen.findByRole('img', { name: 'Remove aspect Author' }));
    expect(screen.getByRole('alert').textContent).toContain('Saving removes Author and its properties (Author)');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a name clash next to the name', async () => {
    stubApi({
      ...model,
      'GET /nodes/n1': () => json(200, { entry: file }),
      'PUT /nodes/n1': () => errorJson(409, 'Duplicate child name not allowed: taken.txt'),
    });
    renderRoutes(routes, '/nodes/n1');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'taken.txt');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An item named “taken.txt” already exists here. Choose another name.')).toBeTruthy();
  });

  it('is read-only without update', async () => {
    stubApi({ ...model, 'GET /nodes/n1': () => json(200, { entry: { ...file, allowableOperations: [] } }) });
    renderRoutes(routes, '/nodes/n1');
    expect(await screen.findByText('You can read this node’s properties but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks before saving permissions that remove your own access, then sends the complete set', async () => {
    const requests = stubApi({
      ...model,
      'GET /nodes/n1': () => json(200, { entry: file }),
      'GET /people/-me-': () =>
        json(200, {
          entry: {
            id: 'alice',
            firstName: 'Alice',
            displayName: 'Alice',
            enabled: true,
            capabilities: { isAdmin: false, isGuest: false, isMutable: true },
          },
        }),
      'GET /people/-me-/groups': () => json(200, list([])),
      'PUT /nodes/n1': () =>
        json(200, {
          entry: { ...file, permissions: { ...file.permissions, isInheritanceEnabled: false, locallySet: [] } },
        }),
    });
    renderRoutes(routes, '/nodes/n1?tab=permissions');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Alice as Coordinator' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Inherit permissions from the parent folder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your own access?' });
    expect(dialog.textContent).toContain('no longer be able to open this item or change its permissions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ permissions: { isInheritanceEnabled: false, locallySet: [] } });
  });

  it('keeps unsaved changes when switching tabs', async () => {
    stubApi({
      ...model,
      'GET /nodes/n1': () => json(200, { entry: file }),
      'GET /nodes/n1/versions': () => json(200, list([])),
    });
    renderRoutes(routes, '/nodes/n1');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Author' }), ' Brown');
    await userEvent.click(screen.getByRole('tab', { name: 'Versions' }));
    expect(await screen.findByText('This file has no versions yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Properties' }));
    expect((screen.getByRole('textbox', { name: 'Author' }) as HTMLInputElement).value).toBe('Bob Brown');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
