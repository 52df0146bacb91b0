import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('content model', () => {
  it('lists aspects with their properties and marks the ones clients cannot set', async () => {
    const res = await server.api.get('/aspects', { query: { maxItems: 100 } });
    expect(res.status).toBe(200);
    const ids = res.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id);
    expect(ids).toEqual(
      expect.arrayContaining(['cm:titled', 'cm:author', 'cm:versionable', 'cm:lockable', 'cm:generalclassifiable']),
    );
    const titled = res.body.list.entries.find((e: { entry: { id: string } }) => e.entry.id === 'cm:titled').entry;
    expect(titled.properties).toContainEqual({
      id: 'cm:title',
      title: 'Title',
      dataType: 'd:mltext',
      isMultiValued: false,
      isMandatory: false,
      isProtected: false,
    });
    const categories = (await server.api.get('/aspects/cm:generalclassifiable')).body.entry.properties[0];
    expect(categories).toMatchObject({
      id: 'cm:categories',
      dataType: 'd:category',
      isMultiValued: true,
      isProtected: true,
    });
  });

  it('pages the list', async () => {
    const res = await server.api.get('/aspects', { query: { skipCount: 1, maxItems: 2 } });
    expect(res.body.list.pagination).toMatchObject({ count: 2, skipCount: 1, maxItems: 2, hasMoreItems: true });
  });

  it('gets a type and filters types by parent', async () => {
    expect((await server.api.get('/types/cm:content')).body.entry).toMatchObject({
      id: 'cm:content',
      parentId: 'cm:cmobject',
    });
    const files = await server.api.get('/types', { query: { where: "(parentId in ('cm:content'))" } });
    const ids = files.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id);
    expect(ids).toContain('cm:dictionaryModel');
    expect(ids).not.toContain('cm:content');
    expect(ids).not.toContain('cm:folder');
  });

  it('gives 404 for unknown classes and 400 for unsupported filters', async () => {
    expect((await server.api.get('/types/cm:nope')).status).toBe(404);
    expect((await server.api.get('/aspects/cm:nope')).status).toBe(404);
    expect((await server.api.get('/types', { query: { where: "(id='cm:content')" } })).status).toBe(400);
    expect((await server.api.get('/types', { auth: null })).status).toBe(401);
  });
});
