import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, uniqueName } from '../../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ids = (res: { body: { list: { entries: { entry: { id: string } }[] } } }) =>
  res.body.list.entries.map((e) => e.entry.id);

async function uploadWith(renditions: string, parentId?: string) {
  const folder = parentId ?? (await aFolder(server.api)).id;
  const res = await server.api.upload(folder, `${uniqueName('pic')}.txt`, 'bytes', { renditions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as { id: string; name: string };
}

describe('renditions requested on upload', () => {
  it('records renditions=doclib and shows it, NOT_CREATED, in the list and on its own', async () => {
    const file = await uploadWith('doclib');
    const list = await server.api.get(`/nodes/${file.id}/renditions`);
    expect(list.status).toBe(200);
    expect(list.body.list.entries).toEqual([
      { entry: { id: 'doclib', status: 'NOT_CREATED', content: { mimeType: 'image/png', mimeTypeName: 'PNG Image' } } },
    ]);
    const one = await server.api.get(`/nodes/${file.id}/renditions/doclib`);
    expect(one.status).toBe(200);
    expect(one.body.entry).toMatchObject({ id: 'doclib', status: 'NOT_CREATED', content: { mimeType: 'image/png' } });
  });

  it('pages several renditions in id order, with the MIME type of each', async () => {
    const file = await uploadWith('pdf, imgpreview,doclib,custom-1,doclib');
    const all = await server.api.get(`/nodes/${file.id}/renditions`);
    expect(ids(all)).toEqual(['custom-1', 'doclib', 'imgpreview', 'pdf']);
    expect(
      all.body.list.entries.map((e: { entry: { content: { mimeType: string } } }) => e.entry.content.mimeType),
    ).toEqual(['application/octet-stream', 'image/png', 'image/jpeg', 'application/pdf']);
    const page = await server.api.get(`/nodes/${file.id}/renditions`, { query: { skipCount: 1, maxItems: 2 } });
    expect(ids(page)).toEqual(['doclib', 'imgpreview']);
    expect(page.body.list.pagination).toEqual({
      count: 2,
      hasMoreItems: true,
      totalItems: 4,
      skipCount: 1,
      maxItems: 2,
    });
  });

  it('never fails an upload for malformed or unknown rendition ids: they are ignored', async () => {
    const file = await uploadWith('../etc, bad id,,-x,' + 'a'.repeat(100));
    expect(ids(await server.api.get(`/nodes/${file.id}/renditions`))).toEqual([]);
    const mixed = await uploadWith('nosuchrendition,%%%');
    expect(ids(await server.api.get(`/nodes/${mixed.id}/renditions`))).toEqual(['nosuchrendition']);
  });

  it('adds renditions requested with an overwrite to those already recorded', async () => {
    const folder = await aFolder(server.api);
    const file = await uploadWith('doclib', folder.id);
    const res = await server.api.upload(folder.id, file.name, 'v2', { overwrite: 'true', renditions: 'doclib,pdf' });
    expect(res.status).toBe(201);
    expect(res.body.entry.id).toBe(file.id);
    expect(ids(await server.api.get(`/nodes/${file.id}/renditions`))).toEqual(['doclib', 'pdf']);
  });

  it('lists none for a file uploaded without renditions or created empty, and none for its copy', async () => {
    const folder = await aFolder(server.api);
    expect(ids(await server.api.get(`/nodes/${(await aFile(server.api, folder.id)).id}/renditions`))).toEqual([]);
    const empty = await server.api.post(`/nodes/${folder.id}/children`, { name: 'empty.txt', nodeType: 'cm:content' });
    expect(ids(await server.api.get(`/nodes/${empty.body.entry.id}/renditions`))).toEqual([]);
    const file = await uploadWith('doclib');
    const copy = await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: folder.id });
    expect(copy.status).toBe(201);
    expect(ids(await server.api.get(`/nodes/${copy.body.entry.id}/renditions`))).toEqual([]);
    expect((await server.api.get(`/nodes/${copy.body.entry.id}/renditions/doclib`)).status).toBe(404);
  });

  it('gives 404 for an unknown node or a rendition never requested, 400 for a folder or bad paging', async () => {
    const file = await uploadWith('doclib');
    expect((await server.api.get('/nodes/nope/renditions')).status).toBe(404);
    expect((await server.api.get('/nodes/nope/renditions/doclib')).status).toBe(404);
    expect((await server.api.get(`/nodes/${file.id}/renditions/pdf`)).status).toBe(404);
    const folder = await aFolder(server.api);
    expect((await server.api.get(`/nodes/${folder.id}/renditions`)).status).toBe(400);
    expect((await server.api.get(`/nodes/${file.id}/renditions`, { query: { maxItems: 0 } })).status).toBe(400);
    expect((await server.api.get(`/nodes/${file.id}/renditions`, { query: { skipCount: -1 } })).status).toBe(400);
    expect((await server.api.get(`/nodes/${file.id}/renditions`, { query: { maxItems: 'x' } })).status).toBe(400);
  });

  it('drops the renditions with their file', async () => {
    const file = await uploadWith('doclib');
    expect((await server.api.delete(`/nodes/${file.id}`, { query: { permanent: true } })).status).toBe(204);
    const { n } = await server.app.database.db
      .selectFrom('renditions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('nodeId', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});
