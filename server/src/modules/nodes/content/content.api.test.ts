import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aUser } from '../../../testing/builders.ts';
import { bigContent, contentFiles, inlineContents } from '../../../testing/content-files.ts';
import { API, startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('multipart upload', () => {
  it('creates a file with the content, type, encoding and extra fields as properties', async () => {
    const parent = await aFolder(server.api);
    const res = await server.api.upload(parent.id, 'quick.txt', 'The quick brown fox jumps over the lazy dog', {
      'cm:title': 'Quick',
      'cm:description': 'A pangram',
      renditions: 'doclib',
    });
    expect(res.status).toBe(201);
    expect(res.body.entry).toMatchObject({
      name: 'quick.txt',
      nodeType: 'cm:content',
      isFile: true,
      parentId: parent.id,
      content: { mimeType: 'text/plain', mimeTypeName: 'Plain Text', sizeInBytes: 43, encoding: 'ISO-8859-1' },
      properties: {
        'cm:title': 'Quick',
        'cm:description': 'A pangram',
        'cm:versionLabel': '1.0',
        'cm:versionType': 'MAJOR',
      },
    });
    expect(res.body.entry.aspectNames.sort()).toEqual(['cm:auditable', 'cm:titled', 'cm:versionable']);
    const download = await server.api.get(`/nodes/${res.body.entry.id}/content`);
    expect(download.raw.toString()).toBe('The quick brown fox jumps over the lazy dog');
  });

  it('takes the name field over the file name, detects UTF-8 and guesses the type from the name', async () => {
    const res = await server.api.upload('-root-', 'ignored.bin', 'naïve café', { name: `${Date.now()}-notes.md` });
    expect(res.body.entry.content).toMatchObject({ mimeType: 'text/markdown', encoding: 'UTF-8' });
    expect(res.body.entry.name).toMatch(/-notes\.md$/);
  });

  it('keeps a non-ASCII file name intact', async () => {
    const res = await server.api.upload((await aFolder(server.api)).id, 'Ünïcødé-файл.txt', 'x');
    expect(res.body.entry.name).toBe('Ünïcødé-файл.txt');
  });

  it('gives 422 for a name over 255 characters', async () => {
    const res = await server.api.upload((await aFolder(server.api)).id, `${'n'.repeat(256)}.txt`, 'x');
    expect(res.status).toBe(422);
  });

  it('answers with the node exactly as reading it back gives it', async () => {
    const parent = await aFolder(server.api);
    const include = 'allowableOperations,path,permissions,isLocked,aspectNames,properties,association';
    const cases: Record<string, string>[] = [
      {},
      { relativePath: 'a/b', 'cm:title': 'Deep', aspectNames: 'cm:author', 'cm:author': 'Ann' },
      { versioningEnabled: 'false', majorVersion: 'false', comment: 'first' },
      { nodeType: 'cm:dictionaryModel', autoRename: 'true' },
    ];
    for (const [i, fields] of cases.entries()) {
      const created = await server.api.upload(parent.id, `same-${i}.txt`, `content ${i}`, fields, {
        query: { include },
      });
      expect(created.status).toBe(201);
      const read = await server.api.get(`/nodes/${created.body.entry.id}`, { query: { include } });
      expect(created.body.entry).toEqual(read.body.entry);
    }
    // A second user whose access comes from the folder's permissions sees the same too.
    const user = await aUser(server.api);
    await server.api.put(`/nodes/${parent.id}`, {
      permissions: { locallySet: [{ authorityId: user.id, name: 'Collaborator', accessStatus: 'ALLOWED' }] },
    });
    const theirs = user.api;
    const created = await theirs.upload(parent.id, 'theirs.txt', 'x', {}, { query: { include } });
    expect(created.status).toBe(201);
    const read = await theirs.get(`/nodes/${created.body.entry.id}`, { query: { include } });
    expect(created.body.entry).toEqual(read.body.entry);
  });

  it('accepts fields after the file and a nodeType', async () => {
    const form = new FormData();
    form.append('filedata', new Blob(['<m/>']), 'model.xml');
    form.append('nodeType', 'cm:dictionaryModel');
    const res = await server.api.post(`/nodes/${(await aFolder(server.api)).id}/children`, form);
    expect(res.status).toBe(201);
    expect(res.body.entry.nodeType).toBe('cm:dictionaryModel');
  });

  it('autoRenames on a clash and gives 409 otherwise', async () => {
    const parent = await aFolder(server.api);
    await server.api.upload(parent.id, 'quick.pdf', 'a');
    expect((await server.api.upload(parent.id, 'quick.pdf', 'b')).status).toBe(409);
    expect((await server.api.upload(parent.id, 'quick.pdf', 'b', { autoRename: 'true' })).body.entry.name).toBe(
      'quick-1.pdf',
    );
    const viaQuery = await server.api.upload(parent.id, 'quick.pdf', 'c', {}, { query: { autoRename: true } });
    expect(viaQuery.body.entry.name).toBe('quick-2.pdf');
  });

  it.each([
    ['bad name.txt', {}, 422],
    ['inv:alid.txt', {}, 422],
    ['ok.txt', { name: 'trailing.' }, 422],
    ['ok.txt', { nodeType: 'cm:folder' }, 400],
    ['ok.txt', { 'cm:nope': 'x' }, 400],
    ['ok.txt', { 'cm:hits': 'many' }, 400],
    ['ok.txt', { autoRename: 'perhaps' }, 400],
    ['ok.txt', { relativePath: 'a/bad:name' }, 422],
    ['ok.txt', { aspectNames: 'cm:nope' }, 400],
  ])('refuses %s with %j (%i), leaving no node and no file', async (fileName, fields, status) => {
    const parent = await aFolder(server.api);
    const before = await contentFiles(server.dataDir);
    const res = await server.api.upload(parent.id, fileName, 'some bytes', fields as Record<string, string>);
    expect(res.status).toBe(status);
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
    expect(await contentFiles(server.dataDir)).toEqual(before);
  });

  it('creates the folders of relativePath and adds aspectNames', async () => {
    const parent = await aFolder(server.api);
    const res = await server.api.upload(parent.id, 'deep.txt', 'x', {
      relativePath: '/2024/ photos /',
      aspectNames: 'cm:author, cm:dublincore',
    });
    expect(res.status).toBe(201);
    expect(res.body.entry.aspectNames).toEqual(expect.arrayContaining(['cm:author', 'cm:dublincore']));
    const path = await server.api.get(`/nodes/${res.body.entry.id}`, { query: { include: 'path' } });
    expect(path.body.entry.path.name).toMatch(/\/2024\/photos$/);
  });

  it('lets parallel uploads share a relativePath folder that none of them found', async () => {
    const parent = await aFolder(server.api);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.api.upload(parent.id, `p${i}.txt`, 'x', { relativePath: 'album/day1' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const album = await server.api.get(`/nodes/${parent.id}/children`);
    expect(album.body.list.pagination.totalItems).toBe(1);
    const day = await server.api.get(`/nodes/${parent.id}/children`, { query: { relativePath: 'album/day1' } });
    expect(day.body.list.pagination.totalItems).toBe(6);
  });

  it('gives 400 without filedata and 400 under a file', async () => {
    const form = new FormData();
    form.append('name', 'x.txt');
    expect((await server.api.post('/nodes/-root-/children', form)).status).toBe(400);
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    expect((await server.api.upload(file.id, 'x.txt', 'x')).status).toBe(400);
  });

  it('leaves no node and no file when the client aborts mid-upload', async () => {
    const parent = await aFolder(server.api);
    const before = await contentFiles(server.dataDir);
    const boundary = 'quireboundary';
    const url = new URL(`${API}/nodes/${parent.id}/children`, server.baseUrl);
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="partial.bin"\r\n\r\n`);
      req.write(Buffer.alloc(256 * 1024, 1), () => setTimeout(() => req.destroy(), 100));
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await server.api.get(`/nodes/${parent.id}/children`)).body.list.pagination.totalItems).toBe(0);
    expect(await contentFiles(server.dataDir)).toEqual(before);
  });
});

describe('GET /nodes/{id}/content', () => {
  let file: { id: string; name: string };
  beforeAll(async () => {
    file = await aFile(server.api, (await aFolder(server.api)).id, '0123456789', 'digits.txt');
  });

  it('names a download in ASCII for old clients and exactly in UTF-8 (RFC 5987)', async () => {
    const parent = await aFolder(server.api);
    const named = await aFile(server.api, parent.id, 'x', 'café_menu_(2).txt');
    const res = await server.api.get(`/nodes/${named.id}/content`);
    expect(res.status).toBe(200);
    // Header values are Latin-1 on the wire: the ASCII-only form keeps them unambiguous.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="caf?_menu_(2).txt"; filename*=UTF-8''caf%C3%A9_menu_%282%29.txt`,
    );
  });

  it('streams the bytes with safe download headers', async () => {
    const res = await server.api.get(`/nodes/${file.id}/content`);
    expect(res.status).toBe(200);
    expect(res.raw.toString()).toBe('0123456789');
    expect(res.headers.get('content-type')).toBe('text/plain;charset=ISO-8859-1');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="digits.txt"; filename*=UTF-8''digits.txt`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
  });

  it('keeps text as an attachment even with attachment=false; shows images inline', async () => {
    const text = await server.api.get(`/nodes/${file.id}/content`, { query: { attachment: false } });
    expect(text.headers.get('content-disposition')).toMatch(/^attachment/);
    const png = await aFile(server.api, '-root-', 'not really a png', `${Date.now()}.png`);
    const image = await server.api.get(`/nodes/${png.id}/content`, { query: { attachment: false } });
    expect(image.headers.get('content-disposition')).toMatch(/^inline/);
    const html = await aFile(server.api, '-root-', '<script>alert(1)</script>', `${Date.now()}.html`);
    const page = await server.api.get(`/nodes/${html.id}/content`, { query: { attachment: false } });
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('serves byte ranges and refuses unsatisfiable ones with 416', async () => {
    const part = await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.raw.toString()).toBe('2345');
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    const tail = await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=-3' } });
    expect(tail.raw.toString()).toBe('789');
    const bad = await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=50-60' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */10');
  });

  it('answers 304 to If-Modified-Since and If-None-Match', async () => {
    const first = await server.api.get(`/nodes/${file.id}/content`);
    const byDate = await server.api.get(`/nodes/${file.id}/content`, {
      headers: { 'if-modified-since': first.headers.get('last-modified')! },
    });
    expect(byDate.status).toBe(304);
    const byTag = await server.api.get(`/nodes/${file.id}/content`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(byTag.status).toBe(304);
  });

  it('gives 400 for a folder and 404 for aliases and unknown ids', async () => {
    expect((await server.api.get('/nodes/-root-/content')).status).toBe(404);
    const folder = await aFolder(server.api);
    expect((await server.api.get(`/nodes/${folder.id}/content`)).status).toBe(400);
    expect((await server.api.get('/nodes/nope/content')).status).toBe(404);
  });

  it('serves the empty content of a JSON-created file', async () => {
    const res = await server.api.post('/nodes/-root-/children', {
      name: `${Date.now()}-empty.txt`,
      nodeType: 'cm:content',
    });
    const download = await server.api.get(`/nodes/${res.body.entry.id}/content`);
    expect(download.status).toBe(200);
    expect(download.raw.length).toBe(0);
  });
});

describe('PUT /nodes/{id}/content', () => {
  it('replaces the content of an unversioned file and removes the old bytes', async () => {
    const parent = await aFolder(server.api);
    const upload = await server.api.upload(parent.id, 'doc.txt', 'first version', { versioningEnabled: 'false' });
    const file = upload.body.entry;
    expect(file.aspectNames).not.toContain('cm:versionable');
    const filesBefore = await contentFiles(server.dataDir);
    const res = await server.api.put(`/nodes/${file.id}/content`, 'second, longer version', {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.body.entry.content.sizeInBytes).toBe(22);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('second, longer version');
    expect((await contentFiles(server.dataDir)).length).toBe(filesBefore.length);
  });

  it('removes the old file when a big unversioned content is replaced', async () => {
    const parent = await aFolder(server.api);
    const upload = await server.api.upload(parent.id, 'big.txt', bigContent('first'), { versioningEnabled: 'false' });
    const filesBefore = await contentFiles(server.dataDir);
    const inlineBefore = await inlineContents(server.app);
    const res = await server.api.put(`/nodes/${upload.body.entry.id}/content`, bigContent('second'), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect((await contentFiles(server.dataDir)).length).toBe(filesBefore.length);
    expect(await inlineContents(server.app)).toBe(inlineBefore);
    expect((await server.api.get(`/nodes/${upload.body.entry.id}/content`)).raw.toString()).toBe(bigContent('second'));
  });

  it('streams a body of any content type, JSON included', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'x', 'data.json');
    const res = await server.api.put(`/nodes/${file.id}/content`, '{"a":1}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('{"a":1}');
  });

  it('renames with ?name, and an invalid or clashing name changes nothing', async () => {
    const parent = await aFolder(server.api);
    const file = await aFile(server.api, parent.id, 'v1', 'a.txt');
    await aFile(server.api, parent.id, 'other', 'b.txt');
    const headers = { 'content-type': 'text/plain' };
    expect(
      (await server.api.put(`/nodes/${file.id}/content`, 'v2', { headers, query: { name: 'hello/world.txt' } })).status,
    ).toBe(422);
    expect(
      (await server.api.put(`/nodes/${file.id}/content`, 'v2', { headers, query: { name: 'B.txt' } })).status,
    ).toBe(409);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('v1');
    const renamed = await server.api.put(`/nodes/${file.id}/content`, '# v3', { headers, query: { name: 'a.md' } });
    expect(renamed.body.entry).toMatchObject({ name: 'a.md', content: { mimeType: 'text/markdown' } });
  });

  it('gives 415 for multipart, 400 for a folder, 404 for an unknown node', async () => {
    const file = await aFile(server.api, (await aFolder(server.api)).id);
    const form = new FormData();
    form.append('filedata', new Blob(['x']), 'x.txt');
    expect((await server.api.put(`/nodes/${file.id}/content`, form)).status).toBe(415);
    const folder = await aFolder(server.api);
    expect(
      (await server.api.put(`/nodes/${folder.id}/content`, 'x', { headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(400);
    expect(
      (await server.api.put('/nodes/nope/content', 'x', { headers: { 'content-type': 'text/plain' } })).status,
    ).toBe(404);
  });
});

describe('deleting releases content', () => {
  it('removes the files and the database-kept bytes of a deleted folder tree', async () => {
    const top = await aFolder(server.api);
    const before = await contentFiles(server.dataDir);
    const inlineBefore = await inlineContents(server.app);
    await aFile(server.api, top.id, bigContent('one'));
    await aFile(server.api, (await aFolder(server.api, top.id)).id, bigContent('two'));
    await aFile(server.api, top.id, 'small');
    expect((await contentFiles(server.dataDir)).length).toBe(before.length + 2);
    expect(await inlineContents(server.app)).toBe(inlineBefore + 1);
    await server.api.delete(`/nodes/${top.id}`, { query: { permanent: true } });
    expect(await contentFiles(server.dataDir)).toEqual(before);
    expect(await inlineContents(server.app)).toBe(inlineBefore);
  });
});

describe('where content is kept (ADR 0008)', () => {
  it('keeps up to 64 KiB in the database, with no file, and serves it like any content', async () => {
    const parent = await aFolder(server.api);
    const files = await contentFiles(server.dataDir);
    const inline = await inlineContents(server.app);
    const exact = 'x'.repeat(64 * 1024);
    const small = await aFile(server.api, parent.id, '0123456789');
    const edge = await aFile(server.api, parent.id, exact);
    expect(await contentFiles(server.dataDir)).toEqual(files);
    expect(await inlineContents(server.app)).toBe(inline + 2);
    expect((await server.api.get(`/nodes/${small.id}/content`)).raw.toString()).toBe('0123456789');
    expect((await server.api.get(`/nodes/${edge.id}/content`)).raw.toString()).toBe(exact);
    const part = await server.api.get(`/nodes/${small.id}/content`, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.raw.toString()).toBe('2345');
  });

  it('streams one byte more to the content store, and serves it from there', async () => {
    const parent = await aFolder(server.api);
    const files = await contentFiles(server.dataDir);
    const inline = await inlineContents(server.app);
    const over = 'y'.repeat(64 * 1024 + 1);
    const file = await aFile(server.api, parent.id, over);
    expect((await contentFiles(server.dataDir)).length).toBe(files.length + 1);
    expect(await inlineContents(server.app)).toBe(inline);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe(over);
    const part = await server.api.get(`/nodes/${file.id}/content`, { headers: { range: 'bytes=65535-65536' } });
    expect(part.raw.toString()).toBe('yy');
  });

  it('moves a small file that grows to the content store and frees its database bytes', async () => {
    const parent = await aFolder(server.api);
    const upload = await server.api.upload(parent.id, 'grows.txt', 'small', { versioningEnabled: 'false' });
    const inline = await inlineContents(server.app);
    const files = await contentFiles(server.dataDir);
    const res = await server.api.put(`/nodes/${upload.body.entry.id}/content`, bigContent('grown'), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(await inlineContents(server.app)).toBe(inline - 1);
    expect((await contentFiles(server.dataDir)).length).toBe(files.length + 1);
  });
});
