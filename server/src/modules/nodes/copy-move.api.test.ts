import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../testing/builders.ts';
import { contentFiles } from '../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const names = async (folderId: string) =>
  (await server.api.get(`/nodes/${folderId}/children`)).body.list.entries.map(
    (e: { entry: { name: string } }) => e.entry.name,
  );

describe('POST /nodes/{id}/copy', () => {
  it('copies a folder tree with properties, sharing content, without locks, versions starting at 1.0', async () => {
    const source = await aFolder(server.api, '-root-', { properties: { 'cm:title': 'Source' } });
    const sub = await aFolder(server.api, source.id, { name: 'sub' });
    const file = await aFile(server.api, sub.id, 'shared bytes', 'a.txt');
    await server.api.put(`/nodes/${file.id}/content`, 'v2 bytes', { headers: { 'content-type': 'text/plain' } });
    await server.api.post(`/nodes/${file.id}/lock`, {});
    const target = await aFolder(server.api);
    const filesBefore = (await contentFiles(server.dataDir)).length;

    const res = await server.api.post(`/nodes/${source.id}/copy`, { targetParentId: target.id, name: 'copy' });
    expect(res.status).toBe(201);
    expect(res.body.entry).toMatchObject({ name: 'copy', parentId: target.id, properties: { 'cm:title': 'Source' } });
    expect(res.body.entry.aspectNames).toContain('cm:copiedfrom');
    expect(await names(res.body.entry.id)).toEqual(['sub']);
    const subCopy = (await server.api.get(`/nodes/${res.body.entry.id}/children`)).body.list.entries[0].entry;
    const fileCopy = (
      await server.api.get(`/nodes/${subCopy.id}/children`, { query: { include: 'isLocked,properties' } })
    ).body.list.entries[0].entry;
    expect(fileCopy).toMatchObject({ name: 'a.txt', isLocked: false, properties: { 'cm:versionLabel': '1.0' } });
    expect((await server.api.get(`/nodes/${fileCopy.id}/content`)).raw.toString()).toBe('v2 bytes');
    const history = await server.api.get(`/nodes/${fileCopy.id}/versions`);
    expect(history.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['1.0']);
    // Content is shared, not duplicated.
    expect((await contentFiles(server.dataDir)).length).toBe(filesBefore);
    // The copy counts in its folder.
    expect(
      (await server.api.get(`/nodes/${target.id}/children`, { query: { maxItems: 1 } })).body.list.pagination
        .totalItems,
    ).toBe(1);
  });

  it('keeps the bytes of a copy when the original is deleted', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'survivor', 'keep.txt');
    const copy = await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: (await aFolder(server.api)).id });
    await server.api.delete(`/nodes/${file.id}`);
    expect((await server.api.get(`/nodes/${copy.body.entry.id}/content`)).raw.toString()).toBe('survivor');
  });

  it('copies a folder into its own subtree without recursing into the copy', async () => {
    const top = await aFolder(server.api, '-root-', { name: `top-${Date.now()}` });
    const inner = await aFolder(server.api, top.id, { name: 'inner' });
    const res = await server.api.post(`/nodes/${top.id}/copy`, { targetParentId: inner.id });
    expect(res.status).toBe(201);
    expect(await names(res.body.entry.id)).toEqual(['inner']);
    const innerCopy = (await server.api.get(`/nodes/${res.body.entry.id}/children`)).body.list.entries[0].entry;
    expect(await names(innerCopy.id)).toEqual([]);
  });

  it('gives 409 on a clash, 422 for an invalid name, 400 for a file target or a bad body, 404 for unknown ids', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id, 'x', 'x.txt');
    expect((await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id })).status).toBe(409);
    expect((await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id, name: 'X.TXT' })).status).toBe(
      409,
    );
    expect(
      (await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id, name: 'bad:name' })).status,
    ).toBe(422);
    expect((await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: file.id })).status).toBe(400);
    expect((await server.api.post(`/nodes/${file.id}/copy`, {})).status).toBe(400);
    expect((await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id, extra: 1 })).status).toBe(400);
    expect((await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: 'nope' })).status).toBe(404);
    expect((await server.api.post('/nodes/nope/copy', { targetParentId: folder.id })).status).toBe(404);
  });
});

describe('POST /nodes/{id}/move', () => {
  it('moves a node, renaming it on request, and keeps both folders counted', async () => {
    const from = await aFolder(server.api);
    const to = await aFolder(server.api);
    const file = await aFile(server.api, from.id, 'x', 'm.txt');
    const res = await server.api.post(`/nodes/${file.id}/move`, { targetParentId: to.id, name: 'moved.txt' });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: file.id, parentId: to.id, name: 'moved.txt' });
    expect(await names(from.id)).toEqual([]);
    expect(await names(to.id)).toEqual(['moved.txt']);
    const total = async (id: string) =>
      (await server.api.get(`/nodes/${id}/children`, { query: { maxItems: 1 } })).body.list.pagination.totalItems;
    await aFile(server.api, to.id, 'y', 'other.txt');
    expect(await total(to.id)).toBe(2);
    expect(await total(from.id)).toBe(0);
  });

  it('refuses cycles (400), clashes (409), locked nodes (409) and system folders (403)', async () => {
    const top = await aFolder(server.api);
    const inner = await aFolder(server.api, top.id);
    expect((await server.api.post(`/nodes/${top.id}/move`, { targetParentId: inner.id })).status).toBe(400);
    expect((await server.api.post(`/nodes/${top.id}/move`, { targetParentId: top.id })).status).toBe(400);
    const other = await aFolder(server.api);
    await aFile(server.api, other.id, 'a', 'same.txt');
    const file = await aFile(server.api, top.id, 'b', 'same.txt');
    expect((await server.api.post(`/nodes/${file.id}/move`, { targetParentId: other.id })).status).toBe(409);
    await server.api.post(`/nodes/${file.id}/lock`, { type: 'FULL' });
    expect((await server.api.post(`/nodes/${file.id}/move`, { targetParentId: inner.id })).status).toBe(409);
    expect((await server.api.post('/nodes/-shared-/move', { targetParentId: top.id })).status).toBe(403);
  });
});
