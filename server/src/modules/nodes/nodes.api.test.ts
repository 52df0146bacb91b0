import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, uniqueName } from '../../testing/builders.ts';
import { API, startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;

describe('GET /nodes/{id}', () => {
  it('returns Company Home for -root- and for admin -my-, without parentId', async () => {
    const root = await server.api.get('/nodes/-root-');
    expect(root.status).toBe(200);
    expect(root.body.entry).toMatchObject({
      name: 'Company Home',
      nodeType: 'cm:folder',
      isFolder: true,
      isFile: false,
    });
    expect(root.body.entry).not.toHaveProperty('parentId');
    expect(root.body.entry.createdAt).toMatch(DATE);
    expect(root.body.entry.createdByUser).toEqual({ id: 'System', displayName: 'System' });
    expect(root.body.entry.aspectNames).toEqual(['app:uifacets', 'cm:titled', 'cm:auditable']);
    expect((await server.api.get('/nodes/-my-')).body.entry.id).toBe(root.body.entry.id);
  });

  it('resolves -shared- and relativePath (case-insensitive)', async () => {
    const shared = await server.api.get('/nodes/-shared-');
    expect(shared.body.entry).toMatchObject({ name: 'Shared', properties: { 'cm:title': 'Shared Folder' } });
    const viaPath = await server.api.get('/nodes/-root-', { query: { relativePath: '/shared/' } });
    expect(viaPath.body.entry.id).toBe(shared.body.entry.id);
    expect((await server.api.get('/nodes/-root-', { query: { relativePath: 'Shared/nope' } })).status).toBe(404);
  });

  it('includes path, allowableOperations, isLocked, isLink, isFavorite on request', async () => {
    const folder = await aFolder(server.api);
    const res = await server.api.get(`/nodes/${folder.id}`, {
      query: { include: 'path,allowableOperations,isLocked,isLink,isFavorite' },
    });
    expect(res.body.entry.path).toMatchObject({ name: '/Company Home', isComplete: true });
    expect(res.body.entry.path.elements.map((e: { name: string }) => e.name)).toEqual(['Company Home']);
    expect(res.body.entry.allowableOperations).toEqual(['delete', 'update', 'create', 'updatePermissions']);
    expect(res.body.entry).toMatchObject({ isLocked: false, isLink: false, isFavorite: false });
    const root = await server.api.get('/nodes/-root-', { query: { include: 'path,allowableOperations' } });
    expect(root.body.entry.path).toEqual({});
    expect(root.body.entry.allowableOperations).toEqual(['update', 'create', 'updatePermissions']);
  });

  it('reads properties= as the deprecated name of fields, fields winning when both are given', async () => {
    const get = async (query: string) => {
      const res = await fetch(`${server.baseUrl}${API}/nodes/-root-?${query}`, {
        headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
      });
      expect(res.status).toBe(200);
      return Object.keys(((await res.json()) as { entry: object }).entry).sort();
    };
    expect(await get('properties=id,name')).toEqual(['id', 'name']);
    expect(await get('properties=id,name&fields=id')).toEqual(['id']);
  });

  it('limits the fields and adds those named in include', async () => {
    const res = await server.api.get('/nodes/-root-', { query: { fields: 'id,name', include: 'path' } });
    expect(Object.keys(res.body.entry).sort()).toEqual(['id', 'name', 'path']);
  });

  it('gives 404 with the error object for an unknown node', async () => {
    const res = await server.api.get('/nodes/3fbe7c5a-0000-4a4a-9999-123456789abc');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({
      errorKey: 'framework.exception.EntityNotFound',
      statusCode: 404,
      descriptionURL: 'https://api-explorer.alfresco.com',
    });
    expect(res.body.error.briefSummary).toMatch(
      /^\d{8} The entity with id: 3fbe7c5a-0000-4a4a-9999-123456789abc was not found$/,
    );
  });

  it('gives 400 for a malformed include', async () => {
    expect((await server.api.get('/nodes/-root-', { query: { include: 'foo-bar' } })).status).toBe(400);
  });
});

describe('GET /nodes/{id}/children', () => {
  let parent: { id: string };
  const names = ['b-file.txt', 'A-file.txt', 'c-folder', 'a-folder', 'B-folder'];
  beforeAll(async () => {
    parent = await aFolder(server.api);
    for (const name of names) {
      if (name.includes('folder'))
        await server.api.post(`/nodes/${parent.id}/children`, { name, nodeType: 'cm:folder' });
      else await server.api.upload(parent.id, name, `content of ${name}`);
    }
  });

  it('lists folders first, then names case-insensitively, with paging counts', async () => {
    const res = await server.api.get(`/nodes/${parent.id}/children`);
    expect(res.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([
      'a-folder',
      'B-folder',
      'c-folder',
      'A-file.txt',
      'b-file.txt',
    ]);
    expect(res.body.list.pagination).toEqual({
      count: 5,
      hasMoreItems: false,
      totalItems: 5,
      skipCount: 0,
      maxItems: 100,
    });
    // List entries are minimal: no aspectNames or properties unless included.
    expect(res.body.list.entries[0].entry).not.toHaveProperty('aspectNames');
  });

  it('pages with skipCount and maxItems', async () => {
    const res = await server.api.get(`/nodes/${parent.id}/children`, { query: { skipCount: 2, maxItems: 2 } });
    expect(res.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual([
      'c-folder',
      'A-file.txt',
    ]);
    expect(res.body.list.pagination).toEqual({
      count: 2,
      hasMoreItems: true,
      totalItems: 5,
      skipCount: 2,
      maxItems: 2,
    });
    const beyond = await server.api.get(`/nodes/${parent.id}/children`, { query: { skipCount: 50 } });
    expect(beyond.body.list.pagination).toMatchObject({ count: 0, hasMoreItems: false, totalItems: 5 });
  });

  it.each([
    [{ maxItems: 0 }, 'Only positive values supported for maxItems.'],
    [{ skipCount: -1 }, 'Negative values not supported for skipCount.'],
    [{ maxItems: 'abc' }, 'Invalid paging parameter maxItems'],
  ])('gives 400 for bad paging %j', async (query, message) => {
    const res = await server.api.get(`/nodes/${parent.id}/children`, { query });
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toContain(message);
  });

  it('sorts by orderBy', async () => {
    const res = await server.api.get(`/nodes/${parent.id}/children`, { query: { orderBy: 'name DESC' } });
    expect(res.body.list.entries[0].entry.name).toBe('c-folder');
    const bySize = await server.api.get(`/nodes/${parent.id}/children`, {
      query: { orderBy: 'isFolder,sizeInBytes DESC' },
    });
    expect(bySize.body.list.entries[0].entry.isFolder).toBe(false);
    for (const bad of ['nope', 'name UP', 'name ASC extra']) {
      expect((await server.api.get(`/nodes/${parent.id}/children`, { query: { orderBy: bad } })).status, bad).toBe(400);
    }
  });

  it('adds path.relativePath to the entries of a listing asked with relativePath', async () => {
    const top = await aFolder(server.api, '-root-', { name: uniqueName('top') });
    const x = await aFolder(server.api, top.id, { name: 'X' });
    const y = await aFolder(server.api, x.id, { name: 'Y' });
    await aFile(server.api, y.id);
    const below = await server.api.get(`/nodes/${top.id}/children`, {
      query: { relativePath: 'x/y', include: 'path' },
    });
    expect(below.status).toBe(200);
    expect(below.body.list.entries[0].entry.path.relativePath).toBe('/X/Y');
    expect(below.body.list.entries[0].entry.path.name).toMatch(/\/X\/Y$/);
    // Direct children have none.
    const direct = await server.api.get(`/nodes/${y.id}/children`, { query: { include: 'path' } });
    expect(direct.body.list.entries[0].entry.path).not.toHaveProperty('relativePath');
  });

  it('sorts by a property (any prefix:local name), nodes without it last', async () => {
    const folder = await aFolder(server.api);
    const make = (name: string, properties: Record<string, unknown>) =>
      server.api.post(`/nodes/${folder.id}/children`, { name, nodeType: 'cm:folder', properties });
    // Letter case does not decide the order (the same in both databases, whatever their collation).
    expect((await make('one', { 'cm:title': 'banana' })).status).toBe(201);
    expect((await make('two', { 'cm:title': 'Apple' })).status).toBe(201);
    expect((await make('three', {})).status).toBe(201);
    expect((await make('four', { 'cm:title': 'Cherry' })).status).toBe(201);
    const names = async (orderBy: string) =>
      (await server.api.get(`/nodes/${folder.id}/children`, { query: { orderBy } })).body.list.entries.map(
        (e: { entry: { name: string } }) => e.entry.name,
      );
    expect(await names('cm:title')).toEqual(['two', 'one', 'four', 'three']);
    expect(await names('cm:title DESC')).toEqual(['four', 'one', 'two', 'three']);
    // Paged, the order holds across pages.
    const second = await server.api.get(`/nodes/${folder.id}/children`, {
      query: { orderBy: 'cm:title', skipCount: 2, maxItems: 2 },
    });
    expect(second.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual(['four', 'three']);
    const unknown = await server.api.get(`/nodes/${folder.id}/children`, { query: { orderBy: 'zz:title' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.briefSummary).toContain('zz:title');
  });

  it('filters with where', async () => {
    const folders = await server.api.get(`/nodes/${parent.id}/children`, { query: { where: '(isFolder=true)' } });
    expect(folders.body.list.pagination.totalItems).toBe(3);
    const files = await server.api.get(`/nodes/${parent.id}/children`, { query: { where: "(nodeType='cm:content')" } });
    expect(files.body.list.entries.every((e: { entry: { isFile: boolean } }) => e.entry.isFile)).toBe(true);
    const sub = await server.api.get(`/nodes/${parent.id}/children`, {
      query: { where: "(nodeType='cm:cmobject INCLUDESUBTYPES')" },
    });
    expect(sub.body.list.pagination.totalItems).toBe(5);
    const secondary = await server.api.get(`/nodes/${parent.id}/children`, { query: { where: '(isPrimary=false)' } });
    expect(secondary.body.list.pagination.totalItems).toBe(0);
  });

  it.each([
    'isFolder=true',
    '(isFolder=true OR isFile=true)',
    '(isFolder=maybe)',
    '(isFolder=true AND isFile=true)',
    "(nodeType='cm:nope')",
    "(nodeType='cm:content blah')",
    '(name=x)',
    '(NOT isFolder=true)',
  ])('gives 400 for the where clause %s', async (where) => {
    const res = await server.api.get(`/nodes/${parent.id}/children`, { query: { where } });
    expect(res.status).toBe(400);
  });

  it('adds path, association, properties and the source on request', async () => {
    const res = await server.api.get(`/nodes/${parent.id}/children`, {
      query: { include: 'path,association,properties,aspectNames', includeSource: true, maxItems: 1 },
    });
    const entry = res.body.list.entries[0].entry;
    expect(entry.association).toEqual({ assocType: 'cm:contains', isPrimary: true });
    expect(entry.path.elements.map((e: { id: string }) => e.id).at(-1)).toBe(parent.id);
    expect(entry.aspectNames).toEqual(['cm:auditable']);
    expect(res.body.list.source.id).toBe(parent.id);
    expect(Object.keys(res.body.list)).toEqual(['pagination', 'entries', 'source']);
  });

  it('selects single properties in lists with include=<prefix:name>', async () => {
    const titled = await aFolder(server.api, parent.id, { properties: { 'cm:title': 'T', 'cm:description': 'D' } });
    const res = await server.api.get(`/nodes/${parent.id}/children`, {
      query: { include: 'cm:title', where: '(isFolder=true)' },
    });
    const entry = res.body.list.entries.find((e: { entry: { id: string } }) => e.entry.id === titled.id).entry;
    expect(entry.properties).toEqual({ 'cm:title': 'T' });
  });

  it('gives 400 for an include token with an unknown namespace prefix ("foo:bar isn\'t a valid QName")', async () => {
    for (const include of ['foo:bar', 'properties/foo:bar', 'isLink,foo:bar']) {
      const res = await server.api.get(`/nodes/${parent.id}/children`, { query: { include } });
      expect(res.status, include).toBe(400);
      expect(res.body.error.briefSummary).toMatch(/foo:bar isn't a valid QName/);
    }
    const file = await aFile(server.api, parent.id);
    expect((await server.api.get(`/nodes/${file.id}/versions`, { query: { include: 'foo:bar' } })).status).toBe(400);
    expect((await server.api.get(`/nodes/${file.id}/parents`, { query: { include: 'foo:bar' } })).status).toBe(400);
    // Bare unknown words are ignored, and with include=properties the tokens select nothing.
    for (const include of ['foo', 'properties,foo:bar', 'cm:nothing']) {
      expect((await server.api.get(`/nodes/${parent.id}/children`, { query: { include } })).status, include).toBe(200);
    }
  });

  it('gives 400 for a file and 404 for an unknown node', async () => {
    const file = await aFile(server.api, parent.id);
    expect((await server.api.get(`/nodes/${file.id}/children`)).status).toBe(400);
    expect((await server.api.get('/nodes/nope/children')).status).toBe(404);
  });
});

describe('POST /nodes/{id}/children (JSON)', () => {
  it('creates a folder and an empty file with Alfresco defaults', async () => {
    const parent = await aFolder(server.api);
    const folder = await server.api.post(`/nodes/${parent.id}/children`, { name: 'Reports', nodeType: 'cm:folder' });
    expect(folder.status).toBe(201);
    expect(folder.body.entry).toMatchObject({
      name: 'Reports',
      isFolder: true,
      parentId: parent.id,
      aspectNames: ['cm:auditable'],
    });
    expect(folder.body.entry).not.toHaveProperty('properties');
    expect(folder.body.entry.createdByUser).toEqual({ id: 'admin', displayName: 'Administrator' });
    const file = await server.api.post(`/nodes/${parent.id}/children`, { name: 'notes.txt', nodeType: 'cm:content' });
    expect(file.body.entry.content).toEqual({
      mimeType: 'text/plain',
      mimeTypeName: 'Plain Text',
      sizeInBytes: 0,
      encoding: 'UTF-8',
    });
  });

  it('sets properties and adds the aspects they need', async () => {
    const res = await server.api.post('/nodes/-root-/children', {
      name: uniqueName(),
      nodeType: 'cm:folder',
      aspectNames: ['cm:author'],
      properties: { 'cm:title': 'Title', 'cm:author': 'Ann', 'cm:hits': 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body.entry.aspectNames.sort()).toEqual(['cm:auditable', 'cm:author', 'cm:countable', 'cm:titled']);
    expect(res.body.entry.properties).toEqual({ 'cm:title': 'Title', 'cm:author': 'Ann', 'cm:hits': 3 });
  });

  it('gives 409 on a case-insensitive name clash and autoRenames on request', async () => {
    const parent = await aFolder(server.api);
    await server.api.post(`/nodes/${parent.id}/children`, { name: 'report.pdf', nodeType: 'cm:content' });
    const clash = await server.api.post(`/nodes/${parent.id}/children`, { name: 'REPORT.pdf', nodeType: 'cm:content' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.errorKey).toBe('Duplicate child name not allowed: REPORT.pdf');
    const renamed = await server.api.post(
      `/nodes/${parent.id}/children`,
      { name: 'report.pdf', nodeType: 'cm:content' },
      { query: { autoRename: true } },
    );
    expect(renamed.body.entry.name).toBe('report-1.pdf');
    const again = await server.api.post(
      `/nodes/${parent.id}/children`,
      { name: 'report.pdf', nodeType: 'cm:content' },
      { query: { autoRename: true } },
    );
    expect(again.body.entry.name).toBe('report-2.pdf');
  });

  it('creates the missing folders of relativePath, reusing existing ones case-insensitively', async () => {
    const parent = await aFolder(server.api);
    const res = await server.api.post(`/nodes/${parent.id}/children`, {
      name: 'c.txt',
      nodeType: 'cm:content',
      relativePath: 'a/b',
    });
    expect(res.status).toBe(201);
    const again = await server.api.post(`/nodes/${parent.id}/children`, {
      name: 'd.txt',
      nodeType: 'cm:content',
      relativePath: '/A/ B /',
    });
    expect(again.body.entry.parentId).toBe(res.body.entry.parentId);
    const file = await server.api.post(`/nodes/${parent.id}/children`, {
      name: 'f',
      nodeType: 'cm:content',
      relativePath: 'a/b/c.txt',
    });
    expect(file.status).toBe(409);
    const bad = await server.api.post(`/nodes/${parent.id}/children`, {
      name: 'x',
      nodeType: 'cm:folder',
      relativePath: 'new/inv:alid',
    });
    expect(bad.status).toBe(422);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(1);
  });

  it('creates several nodes from an array body, all or none', async () => {
    const parent = await aFolder(server.api);
    const res = await server.api.post(`/nodes/${parent.id}/children`, [
      { name: 'one', nodeType: 'cm:folder' },
      { name: 'two.txt', nodeType: 'cm:content' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name)).toEqual(['one', 'two.txt']);
    expect(res.body.list.pagination).toMatchObject({ count: 2, totalItems: 2, hasMoreItems: false });
    const clash = await server.api.post(`/nodes/${parent.id}/children`, [
      { name: 'three', nodeType: 'cm:folder' },
      { name: 'ONE', nodeType: 'cm:folder' },
    ]);
    expect(clash.status).toBe(409);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(2);
    expect((await server.api.post(`/nodes/${parent.id}/children`, [])).status).toBe(400);
    const assoc = await server.api.post(`/nodes/${parent.id}/children`, {
      name: 'z',
      nodeType: 'cm:folder',
      association: { assocType: 'cm:references' },
    });
    expect(assoc.status).toBe(400);
  });

  it('lets only one of two concurrent creates of the same name win', async () => {
    const parent = await aFolder(server.api);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.api.post(`/nodes/${parent.id}/children`, { name: i % 2 ? 'Same' : 'same', nodeType: 'cm:folder' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(1);
  });

  it.each(['a b', 'inv:alid', 'star*', 'q?', 'pipe|', 'dot.', 'back\\slash', 'lt<', 'gt>', 'quote"'])(
    'gives 422 for the invalid name %j and creates nothing',
    async (name) => {
      const parent = await aFolder(server.api);
      const res = await server.api.post(`/nodes/${parent.id}/children`, { name, nodeType: 'cm:folder' });
      expect(res.status).toBe(422);
      expect(res.body.error.errorKey).toBe('framework.exception.ApiDefault');
      expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
    },
  );

  it.each([
    [{ nodeType: 'cm:folder' }, /name is missing/],
    [{ name: 'x' }, /nodeType is missing/],
    [{ name: '', nodeType: 'cm:folder' }, /Node name is expected/],
    [{ name: 'x', nodeType: 'cm:folder', colour: 'red' }, /unknown field colour/],
    [{ name: 5, nodeType: 'cm:folder' }, /name/],
    [{ name: 'x', nodeType: 'cm:folder', aspectNames: 'cm:titled' }, /aspectNames/],
    [{ name: 'x', nodeType: 'cm:nope' }, /Invalid type/],
    [{ name: 'x', nodeType: 'cm:systemfolder' }, /Invalid type/],
    [{ name: 'x', nodeType: 'sys:base' }, /Invalid type/],
    [{ name: 'x', nodeType: 'cm:folder', properties: { 'cm:nope': 1 } }, /Unknown property/],
    [{ name: 'x', nodeType: 'cm:folder', properties: { 'cm:hits': 'many' } }, /Invalid value/],
    [{ name: 'x', nodeType: 'cm:folder', aspectNames: ['cm:nope'] }, /Unknown aspect/],
    [{ name: 'x', nodeType: 'cm:folder', properties: { 'cm:categories': ['a'] } }, /cannot be set/],
  ])('gives 400 for %j', async (body, message) => {
    const res = await server.api.post('/nodes/-root-/children', body);
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toMatch(message);
  });

  it('gives 400 for malformed JSON and 415 for an unsupported content type', async () => {
    const bad = await server.api.post('/nodes/-root-/children', '{"name": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.briefSummary).toContain('Could not read content from HTTP request body');
    const text = await server.api.post('/nodes/-root-/children', 'name=x', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('gives 413 for a JSON body over the limit', async () => {
    const res = await server.api.post('/nodes/-root-/children', {
      name: 'big',
      nodeType: 'cm:folder',
      properties: { 'cm:description': 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('gives 422 under a file and 404 under an unknown parent', async () => {
    const parent = await aFolder(server.api);
    const file = await aFile(server.api, parent.id);
    expect((await server.api.post(`/nodes/${file.id}/children`, { name: 'x', nodeType: 'cm:folder' })).status).toBe(
      422,
    );
    expect((await server.api.post('/nodes/nope/children', { name: 'x', nodeType: 'cm:folder' })).status).toBe(404);
  });
});

describe('PUT /nodes/{id}', () => {
  it('renames, and refuses a clash (409) or an invalid name (422) without changing anything', async () => {
    const parent = await aFolder(server.api);
    const a = await aFolder(server.api, parent.id, { name: 'alpha' });
    await aFolder(server.api, parent.id, { name: 'beta' });
    const renamed = await server.api.put(`/nodes/${a.id}`, { name: 'gamma' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.entry.name).toBe('gamma');
    expect((await server.api.put(`/nodes/${a.id}`, { name: 'BETA' })).status).toBe(409);
    expect((await server.api.put(`/nodes/${a.id}`, { name: 'bad name' })).status).toBe(422);
    expect((await server.api.put(`/nodes/${a.id}`, { properties: { 'cm:name': 'delta' } })).body.entry.name).toBe(
      'delta',
    );
    expect((await server.api.get(`/nodes/${a.id}`)).body.entry.name).toBe('delta');
  });

  it('merges properties, removes null ones, and keeps the case of a rename', async () => {
    const node = await aFolder(server.api, '-root-', { properties: { 'cm:title': 'T', 'cm:description': 'D' } });
    const res = await server.api.put(`/nodes/${node.id}`, { properties: { 'cm:title': 'T2', 'cm:description': null } });
    expect(res.body.entry.properties).toEqual({ 'cm:title': 'T2' });
    expect(res.body.entry.modifiedAt >= (node.modifiedAt as string)).toBe(true);
  });

  it('treats aspectNames as the full set: removing an aspect removes its properties', async () => {
    const node = await aFolder(server.api, '-root-', { properties: { 'cm:title': 'T', 'cm:author': 'A' } });
    const res = await server.api.put(`/nodes/${node.id}`, { aspectNames: ['cm:author'] });
    expect(res.body.entry.aspectNames.sort()).toEqual(['cm:auditable', 'cm:author']);
    expect(res.body.entry.properties).toEqual({ 'cm:author': 'A' });
    const added = await server.api.put(`/nodes/${node.id}`, { aspectNames: ['cm:author', 'cm:dublincore'] });
    expect(added.body.entry.aspectNames).toContain('cm:dublincore');
  });

  it('specialises the type only', async () => {
    const parent = await aFolder(server.api);
    const file = await server.api.post(`/nodes/${parent.id}/children`, { name: 'm.xml', nodeType: 'cm:content' });
    const ok = await server.api.put(`/nodes/${file.body.entry.id}`, { nodeType: 'cm:dictionaryModel' });
    expect(ok.body.entry.nodeType).toBe('cm:dictionaryModel');
    expect((await server.api.put(`/nodes/${file.body.entry.id}`, { nodeType: 'cm:content' })).status).toBe(400);
    expect((await server.api.put(`/nodes/${parent.id}`, { nodeType: 'cm:content' })).status).toBe(400);
  });

  it.each([
    [{ colour: 'red' }],
    [{ name: 7 }],
    [{ properties: { 'cm:nope': 'x' } }],
    [{ properties: { 'cm:created': '2020-01-01' } }],
    [{ aspectNames: ['xx:nope'] }],
  ])('gives 400 for %j and changes nothing', async (body) => {
    const node = await aFolder(server.api, '-root-', { properties: { 'cm:title': 'kept' } });
    expect((await server.api.put(`/nodes/${node.id}`, body)).status).toBe(400);
    expect((await server.api.get(`/nodes/${node.id}`)).body.entry.properties).toEqual({ 'cm:title': 'kept' });
  });

  it('refuses to rename the system folders', async () => {
    expect((await server.api.put('/nodes/-shared-', { name: 'Common' })).status).toBe(403);
  });
});

describe('DELETE /nodes/{id}', () => {
  it('keeps totalItems right through creates, failed creates and deletes', async () => {
    const parent = await aFolder(server.api);
    const a = await aFolder(server.api, parent.id, { name: 'a' });
    await aFolder(server.api, parent.id, { name: 'b' });
    await aFile(server.api, parent.id, 'x', 'c.txt');
    expect((await server.api.post(`/nodes/${parent.id}/children`, { name: 'B', nodeType: 'cm:folder' })).status).toBe(
      409,
    );
    expect((await server.api.upload(parent.id, 'bad name.txt', 'x')).status).toBe(422);
    const total = async () =>
      (await server.api.get(`/nodes/${parent.id}/children`, { query: { maxItems: 1 } })).body.list.pagination
        .totalItems;
    expect(await total()).toBe(3);
    await aFolder(server.api, a.id);
    expect(await total()).toBe(3);
    await server.api.delete(`/nodes/${a.id}`);
    expect(await total()).toBe(2);
  });

  it('deletes a folder with everything in it', async () => {
    const top = await aFolder(server.api);
    const sub = await aFolder(server.api, top.id);
    const file = await aFile(server.api, sub.id);
    expect((await server.api.delete(`/nodes/${top.id}`)).status).toBe(204);
    for (const id of [top.id, sub.id, file.id]) expect((await server.api.get(`/nodes/${id}`)).status).toBe(404);
    expect((await server.api.delete(`/nodes/${top.id}`)).status).toBe(404);
  });

  it('refuses to delete the system folders, even for admin', async () => {
    for (const id of ['-root-', '-shared-']) expect((await server.api.delete(`/nodes/${id}`)).status).toBe(403);
  });
});
