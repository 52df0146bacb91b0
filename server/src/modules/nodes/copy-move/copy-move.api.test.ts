import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

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

describe('POST /nodes/{id}/copy with associations', () => {
  type Listed = { body: { list: { entries: { entry: { id: string; association?: { assocType: string } } }[] } } };
  const linked = (res: Listed) =>
    res.body.list.entries.map((e) => `${e.entry.id} ${e.entry.association?.assocType ?? ''}`.trim()).sort();
  const list = async (path: string) => linked(await server.api.get(path, { query: { include: 'association' } }));
  const link = async (from: string, kind: 'targets' | 'secondary-children', to: string, assocType: string) => {
    const body = kind === 'targets' ? { targetId: to, assocType } : { childId: to, assocType };
    expect((await server.api.post(`/nodes/${from}/${kind}`, body)).status).toBe(201);
  };
  const child = async (folderId: string, name: string) =>
    (await server.api.get(`/nodes/${folderId}/children`)).body.list.entries
      .map((e: { entry: { id: string; name: string } }) => e.entry)
      .find((e: { name: string }) => e.name === name) as { id: string };

  it('copies the targets of a file, not the associations that point at it', async () => {
    const outside = await aFolder(server.api);
    const [t1, t2] = [await aFile(server.api, outside.id), await aFile(server.api, outside.id)];
    const file = await aFile(server.api, (await aFolder(server.api)).id, 'x', 'linked.txt');
    await link(file.id, 'targets', t1.id, 'cm:references');
    await link(file.id, 'targets', t2.id, 'cm:attachments');
    // Incoming: another node's target, and filed in another folder.
    const referrer = await aFile(server.api, outside.id);
    await link(referrer.id, 'targets', file.id, 'cm:references');
    const filer = await aFolder(server.api);
    await link(filer.id, 'secondary-children', file.id, 'cm:contains');

    const target = await aFolder(server.api);
    const res = await server.api.post(`/nodes/${file.id}/copy`, { targetParentId: target.id });
    expect(res.status).toBe(201);
    const copy = res.body.entry.id as string;
    expect(await list(`/nodes/${copy}/targets`)).toEqual([`${t1.id} cm:references`, `${t2.id} cm:attachments`].sort());
    expect(await list(`/nodes/${copy}/sources`)).toEqual([]);
    expect(linked(await server.api.get(`/nodes/${copy}/parents`, { query: { include: 'association' } }))).toEqual([
      `${target.id} cm:contains`,
    ]);
    // The originals are untouched; the targets now have the copy as a second source.
    expect(await list(`/nodes/${file.id}/sources`)).toEqual([`${referrer.id} cm:references`]);
    expect(await list(`/nodes/${t1.id}/sources`)).toEqual([`${file.id} cm:references`, `${copy} cm:references`].sort());
  });

  it('copies the secondary children a folder holds, and points at the copy of anything inside the tree', async () => {
    const outside = await aFolder(server.api);
    const outsideFile = await aFile(server.api, outside.id, 'o', 'outside.txt');
    const top = await aFolder(server.api);
    const a = await aFile(server.api, top.id, 'a', 'a.txt');
    const b = await aFile(server.api, top.id, 'b', 'b.txt');
    const sub = await aFolder(server.api, top.id, { name: 'sub' });
    const deep = await aFile(server.api, sub.id, 'd', 'deep.txt');
    // Outgoing from a: deeper in the tree, the tree's top, outside, the same level.
    await link(a.id, 'targets', deep.id, 'cm:references');
    await link(a.id, 'targets', top.id, 'cm:references');
    await link(a.id, 'targets', outsideFile.id, 'cm:references');
    await link(a.id, 'targets', b.id, 'cm:attachments');
    await link(b.id, 'targets', a.id, 'cm:references');
    await link(deep.id, 'targets', a.id, 'cm:references'); // up the tree
    await link(top.id, 'secondary-children', deep.id, 'cm:contains');
    await link(top.id, 'secondary-children', outsideFile.id, 'cm:contains');
    await link(sub.id, 'secondary-children', a.id, 'cm:contains');
    // Incoming from outside the tree: not copied.
    await link(outsideFile.id, 'targets', a.id, 'cm:references');
    await link(outside.id, 'secondary-children', b.id, 'cm:contains');

    const res = await server.api.post(`/nodes/${top.id}/copy`, { targetParentId: (await aFolder(server.api)).id });
    expect(res.status).toBe(201);
    const top2 = res.body.entry.id as string;
    const [a2, b2, sub2] = [await child(top2, 'a.txt'), await child(top2, 'b.txt'), await child(top2, 'sub')];
    const deep2 = await child(sub2.id, 'deep.txt');

    expect(await list(`/nodes/${a2.id}/targets`)).toEqual(
      [
        `${deep2.id} cm:references`,
        `${top2} cm:references`,
        `${outsideFile.id} cm:references`,
        `${b2.id} cm:attachments`,
      ].sort(),
    );
    expect(await list(`/nodes/${b2.id}/targets`)).toEqual([`${a2.id} cm:references`]);
    expect(await list(`/nodes/${deep2.id}/targets`)).toEqual([`${a2.id} cm:references`]);
    expect(await list(`/nodes/${top2}/secondary-children`)).toEqual(
      [`${deep2.id} cm:contains`, `${outsideFile.id} cm:contains`].sort(),
    );
    expect(await list(`/nodes/${sub2.id}/secondary-children`)).toEqual([`${a2.id} cm:contains`]);
    // Only the copies refer to the copies: nothing from outside the tree came along.
    expect(await list(`/nodes/${a2.id}/sources`)).toEqual(
      [`${b2.id} cm:references`, `${deep2.id} cm:references`].sort(),
    );
    expect(linked(await server.api.get(`/nodes/${b2.id}/parents`, { query: { include: 'association' } }))).toEqual([
      `${top2} cm:contains`,
    ]);
    // The originals keep exactly what they had.
    expect(await list(`/nodes/${a.id}/targets`)).toEqual(
      [
        `${deep.id} cm:references`,
        `${top.id} cm:references`,
        `${outsideFile.id} cm:references`,
        `${b.id} cm:attachments`,
      ].sort(),
    );
    expect(await list(`/nodes/${sub.id}/secondary-children`)).toEqual([`${a.id} cm:contains`]);
  });

  it('links copies across the batches of one level (more than 50 folders)', async () => {
    const top = await aFolder(server.api);
    const folders = [];
    for (let i = 0; i < 55; i += 1)
      folders.push(await aFolder(server.api, top.id, { name: `f${String(i).padStart(2, '0')}` }));
    const first = await aFile(server.api, folders[0]!.id, '1', 'first.txt');
    const last = await aFile(server.api, folders[54]!.id, '2', 'last.txt');
    await link(first.id, 'targets', last.id, 'cm:references');
    await link(last.id, 'targets', first.id, 'cm:references');
    const res = await server.api.post(`/nodes/${top.id}/copy`, { targetParentId: (await aFolder(server.api)).id });
    expect(res.status).toBe(201);
    const first2 = await child((await child(res.body.entry.id, 'f00')).id, 'first.txt');
    const last2 = await child((await child(res.body.entry.id, 'f54')).id, 'last.txt');
    expect(await list(`/nodes/${first2.id}/targets`)).toEqual([`${last2.id} cm:references`]);
    expect(await list(`/nodes/${last2.id}/targets`)).toEqual([`${first2.id} cm:references`]);
  });

  it('copies associations inside a folder copied into its own subtree', async () => {
    const top = await aFolder(server.api);
    const inner = await aFolder(server.api, top.id, { name: 'inner' });
    const file = await aFile(server.api, inner.id, 'f', 'f.txt');
    await link(top.id, 'secondary-children', file.id, 'cm:contains');
    await link(file.id, 'targets', top.id, 'cm:references');
    const res = await server.api.post(`/nodes/${top.id}/copy`, { targetParentId: inner.id });
    expect(res.status).toBe(201);
    const top2 = res.body.entry.id as string;
    const file2 = await child((await child(top2, 'inner')).id, 'f.txt');
    expect(await list(`/nodes/${top2}/secondary-children`)).toEqual([`${file2.id} cm:contains`]);
    expect(await list(`/nodes/${file2.id}/targets`)).toEqual([`${top2} cm:references`]);
    expect(await list(`/nodes/${top.id}/secondary-children`)).toEqual([`${file.id} cm:contains`]);
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
