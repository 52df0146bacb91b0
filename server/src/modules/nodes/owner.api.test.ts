import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// cm:owner names the node's owner (else its creator is the owner), on create as on update; it
// is shown as {id, displayName}, an unknown person is refused, and a copy belongs to the copier.
// Only administrators give a node to someone else: the owner's quota pays for it.

let server: TestServer;
let jo: TestUser;
let kim: TestUser;
let shared: { id: string };
beforeAll(async () => {
  server = await startTestServer();
  jo = await aUser(server.api, { firstName: 'Jo', lastName: 'Owner' });
  kim = await aUser(server.api, { firstName: 'Kim', lastName: 'Other' });
  // A folder both may write in, neither owns.
  shared = await aFolder(server.api);
  const grant = await server.api.put(`/nodes/${shared.id}`, {
    permissions: {
      locallySet: [
        { authorityId: jo.id, name: 'Collaborator', accessStatus: 'ALLOWED' },
        { authorityId: kim.id, name: 'Collaborator', accessStatus: 'ALLOWED' },
      ],
    },
  });
  expect(grant.status).toBe(200);
});
afterAll(() => server.close());

describe('cm:owner', () => {
  it('makes the named person the owner of a node created with it, and shows {id, displayName}', async () => {
    const res = await server.api.post(`/nodes/${shared.id}/children`, {
      name: 'for-kim',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': kim.id.toUpperCase() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry.properties['cm:owner']).toEqual({ id: kim.id, displayName: 'Kim Other' });
    expect(res.body.entry.aspectNames).toContain('cm:ownable');
    // kim owns it: full control, so kim may change its permissions and delete it.
    const check = await kim.api.get(`/nodes/${res.body.entry.id}`, { query: { include: 'allowableOperations' } });
    expect(check.body.entry.allowableOperations).toEqual(expect.arrayContaining(['delete', 'updatePermissions']));
    expect(
      (await kim.api.put(`/nodes/${res.body.entry.id}`, { permissions: { isInheritanceEnabled: false } })).status,
    ).toBe(200);
    // jo, who neither created nor owns it, now reads it no more (inheritance off, no entries).
    expect((await jo.api.get(`/nodes/${res.body.entry.id}`)).status).toBe(403);
  });

  it('does the same for a multipart upload, counting the bytes against the named owner', async () => {
    const res = await server.api.upload(shared.id, 'given.txt', 'twelve bytes', { 'cm:owner': kim.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry.properties['cm:owner']).toEqual({ id: kim.id, displayName: 'Kim Other' });
    const again = await server.api.get(`/nodes/${res.body.entry.id}`);
    expect(again.body.entry.properties['cm:owner']).toEqual({ id: kim.id, displayName: 'Kim Other' });
    expect((await server.api.get(`/people/${kim.id}`)).body.entry.quotaUsed).toBe(12);
  });

  it('refuses an administrator naming a person who does not exist with 400, on create, upload and update, and changes nothing', async () => {
    const create = await server.api.post(`/nodes/${shared.id}/children`, {
      name: 'ghostly',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': 'ghost' },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.briefSummary).toContain('ghost');
    const upload = await server.api.upload(shared.id, 'ghostly.txt', 'x', { 'cm:owner': 'ghost' });
    expect(upload.status).toBe(400);
    const children = await jo.api.get(`/nodes/${shared.id}/children`);
    expect(children.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).not.toContain('ghostly');

    const mine = await jo.api.post(`/nodes/${shared.id}/children`, { name: 'mine', nodeType: 'cm:folder' });
    const update = await server.api.put(`/nodes/${mine.body.entry.id}`, { properties: { 'cm:owner': 'ghost' } });
    expect(update.status).toBe(400);
    const after = await jo.api.get(`/nodes/${mine.body.entry.id}`);
    expect(after.body.entry.properties?.['cm:owner']).toBeUndefined();
  });

  it('gives the node back to its creator when cm:owner is removed', async () => {
    const node = (await jo.api.post(`/nodes/${shared.id}/children`, { name: 'round-trip', nodeType: 'cm:folder' })).body
      .entry;
    expect((await server.api.put(`/nodes/${node.id}`, { properties: { 'cm:owner': kim.id } })).status).toBe(200);
    // kim owns it now; kim may not give it back to jo by removing the property, an administrator may.
    expect((await kim.api.put(`/nodes/${node.id}`, { properties: { 'cm:owner': null } })).status).toBe(403);
    const removed = await server.api.put(`/nodes/${node.id}`, { properties: { 'cm:owner': null } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.entry.properties?.['cm:owner']).toBeUndefined();
    expect((await jo.api.put(`/nodes/${node.id}`, { permissions: { isInheritanceEnabled: false } })).status).toBe(200);
  });

  it('refuses to give a file to someone whose quota it would exceed (507), and changes nothing', async () => {
    const tight = await aUser(server.api);
    expect((await server.api.put(`/people/${tight.id}`, { quota: 10 })).status).toBe(200);
    const file = await jo.api.upload(shared.id, 'too-big-to-give.txt', 'more than ten bytes');
    expect(file.status).toBe(201);
    const give = await server.api.put(`/nodes/${file.body.entry.id}`, { properties: { 'cm:owner': tight.id } });
    expect(give.status).toBe(507);
    expect((await server.api.get(`/people/${tight.id}`)).body.entry.quotaUsed).toBe(0);
    const after = await server.api.get(`/nodes/${file.body.entry.id}`);
    expect(after.body.entry.properties['cm:owner']).toBeUndefined();
  });

  it('accepts cm:owner sent back as the {id, displayName} it was shown', async () => {
    const node = (await jo.api.post(`/nodes/${shared.id}/children`, { name: 'echo', nodeType: 'cm:folder' })).body
      .entry;
    const shown = { id: jo.id, displayName: 'Jo Owner' };
    const res = await jo.api.put(`/nodes/${node.id}`, { properties: { 'cm:owner': shown } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.entry.properties['cm:owner']).toEqual(shown);
  });

  it('refuses a non-administrator giving a node to someone else (403) on create, upload and update, and charges nobody', async () => {
    const create = await jo.api.post(`/nodes/${shared.id}/children`, {
      name: 'planted',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': kim.id },
    });
    expect(create.status).toBe(403);
    // Someone who does not exist gets the same answer: the refusal tells nobody who exists.
    const nobody = await jo.api.post(`/nodes/${shared.id}/children`, {
      name: 'planted',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': 'no-such-person' },
    });
    expect(nobody.status).toBe(403);
    const upload = await jo.api.upload(shared.id, 'planted.txt', 'not for kim', { 'cm:owner': kim.id.toUpperCase() });
    expect(upload.status).toBe(403);
    const list = await jo.api.post(`/nodes/${shared.id}/children`, [
      { name: 'fine', nodeType: 'cm:folder' },
      { name: 'planted-too', nodeType: 'cm:content', properties: { 'cm:owner': 'admin' } },
    ]);
    expect(list.status).toBe(403);
    const mine = await jo.api.upload(shared.id, 'mine-to-keep.txt', 'eleven byte');
    expect(mine.status).toBe(201);
    const give = await jo.api.put(`/nodes/${mine.body.entry.id}`, { properties: { 'cm:owner': kim.id } });
    expect(give.status).toBe(403);
    const after = await jo.api.get(`/nodes/${mine.body.entry.id}`);
    expect(after.body.entry.properties?.['cm:owner']).toBeUndefined();
    const names = (await jo.api.get(`/nodes/${shared.id}/children`)).body.list.entries.map(
      (e: { entry: { name: string } }) => e.entry.name,
    );
    expect(names).not.toContain('planted');
    expect(names).not.toContain('planted.txt');
    expect(names).not.toContain('fine');
    // Naming oneself is allowed (it changes nothing but the property).
    const self = await jo.api.post(`/nodes/${shared.id}/children`, {
      name: 'self-owned',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': jo.id },
    });
    expect(self.status, JSON.stringify(self.body)).toBe(201);
  });

  it('makes the copier the owner of a copy', async () => {
    const source = await jo.api.post(`/nodes/${shared.id}/children`, {
      name: 'to-copy',
      nodeType: 'cm:folder',
      properties: { 'cm:owner': jo.id },
    });
    const target = await aFolder(kim.api, '-my-');
    const copy = await kim.api.post(`/nodes/${source.body.entry.id}/copy`, { targetParentId: target.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.entry.properties['cm:owner']).toEqual({ id: kim.id, displayName: 'Kim Other' });
  });
});
