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

  it("filters by model and namespace as ADF's aspect and type pickers ask", async () => {
    const ids = async (path: string, where: string) => {
      const res = await server.api.get(path, { query: { where } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id) as string[];
    };
    const models =
      "(modelId in ('cm:contentmodel', 'emailserver:emailserverModel', 'smf:smartFolder', 'app:applicationmodel' ))";
    const modelled = await ids('/aspects', models);
    expect(modelled).toContain('cm:titled');
    expect(modelled.every((id) => id.startsWith('cm:') || id.startsWith('app:'))).toBe(true);
    // Every class of Quire's model is Alfresco's own: none outside its namespaces.
    expect(await ids('/aspects', "(not namespaceUri matches('http://www.alfresco.*'))")).toEqual([]);
    const custom = "(parentId in ('cm:content') and not namespaceUri matches('http://www.alfresco.*'))";
    expect(await ids('/types', custom)).toEqual([]);
    const sites = await ids('/types', "(namespaceUri matches('http://www.alfresco.org/model/site/1.0'))");
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.every((id) => id.startsWith('st:'))).toBe(true);
    expect(await ids('/types', "(modelId in ('st:siteModel') OR modelId in ('sys:systemmodel'))")).toEqual(
      expect.arrayContaining([...sites, 'sys:base']),
    );
    // A pattern is read as text with .* and . only: no expression of a caller's runs long.
    expect(await ids('/types', "(namespaceUri matches('(a+)+(a+)+(a+)+b'))")).toEqual([]);
  });

  it('gives 404 for unknown classes and 400 for unsupported filters', async () => {
    expect((await server.api.get('/types/cm:nope')).status).toBe(404);
    expect((await server.api.get('/aspects/cm:nope')).status).toBe(404);
    expect((await server.api.get('/types', { query: { where: "(id='cm:content')" } })).status).toBe(400);
    expect((await server.api.get('/types', { auth: null })).status).toBe(401);
  });
});
