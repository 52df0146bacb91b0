import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ids = (res: { body: { list: { entries: { entry: { id: string } }[] } } }) =>
  res.body.list.entries.map((e) => e.entry.id);

describe('secondary children', () => {
  it('files a node under a second folder, lists it with its association, and removes it', async () => {
    const home = await aFolder(server.api);
    const file = await aFile(server.api, home.id);
    const other = await aFolder(server.api);
    const created = await server.api.post(`/nodes/${other.id}/secondary-children`, {
      childId: file.id,
      assocType: 'cm:contains',
    });
    expect(created.status).toBe(201);
    expect(created.body.entry).toEqual({ childId: file.id, assocType: 'cm:contains' });
    const list = await server.api.get(`/nodes/${other.id}/secondary-children`, {
      query: { where: "(assocType='cm:contains')", include: 'association', includeSource: true },
    });
    expect(ids(list)).toEqual([file.id]);
    expect(list.body.list.entries[0].entry.association).toEqual({ assocType: 'cm:contains', isPrimary: false });
    expect(list.body.list.source.id).toBe(other.id);
    const parents = await server.api.get(`/nodes/${file.id}/parents`, { query: { include: 'association' } });
    expect(
      parents.body.list.entries.map((e: { entry: { id: string; association: object } }) => [
        e.entry.id,
        e.entry.association,
      ]),
    ).toEqual([
      [home.id, { assocType: 'cm:contains', isPrimary: true }],
      [other.id, { assocType: 'cm:contains', isPrimary: false }],
    ]);
    expect(ids(await server.api.get(`/nodes/${file.id}/parents`, { query: { where: '(isPrimary=true)' } }))).toEqual([
      home.id,
    ]);
    expect(
      (await server.api.post(`/nodes/${other.id}/secondary-children`, { childId: file.id, assocType: 'cm:contains' }))
        .status,
    ).toBe(409);
    expect((await server.api.delete(`/nodes/${other.id}/secondary-children/${file.id}`)).status).toBe(204);
    expect((await server.api.delete(`/nodes/${other.id}/secondary-children/${file.id}`)).status).toBe(404);
    expect(ids(await server.api.get(`/nodes/${other.id}/secondary-children`))).toEqual([]);
  });

  it('lists secondary children among the children, once, with isPrimary false', async () => {
    const folder = await aFolder(server.api);
    const own = await aFile(server.api, folder.id, 'x', 'own.txt');
    const filed = await aFile(server.api, (await aFolder(server.api)).id, 'y', 'filed.txt');
    await server.api.post(`/nodes/${folder.id}/secondary-children`, { childId: filed.id, assocType: 'cm:contains' });
    const all = await server.api.get(`/nodes/${folder.id}/children`, {
      query: { include: 'association', maxItems: 1 },
    });
    expect(all.body.list.pagination.totalItems).toBe(2);
    const both = await server.api.get(`/nodes/${folder.id}/children`, { query: { include: 'association' } });
    expect(
      both.body.list.entries.map((e: { entry: { id: string; association: { isPrimary: boolean } } }) => [
        e.entry.id,
        e.entry.association.isPrimary,
      ]),
    ).toEqual([
      [filed.id, false],
      [own.id, true],
    ]);
    expect(
      ids(await server.api.get(`/nodes/${folder.id}/children`, { query: { where: '(isPrimary=false)' } })),
    ).toEqual([filed.id]);
    expect(ids(await server.api.get(`/nodes/${folder.id}/children`, { query: { where: '(isPrimary=true)' } }))).toEqual(
      [own.id],
    );
  });

  it('accepts an array body and answers with a list', async () => {
    const folder = await aFolder(server.api);
    const [a, b] = [
      await aFile(server.api, (await aFolder(server.api)).id),
      await aFile(server.api, (await aFolder(server.api)).id),
    ];
    const res = await server.api.post(`/nodes/${folder.id}/secondary-children`, [
      { childId: a.id, assocType: 'cm:contains' },
      { childId: b.id, assocType: 'cm:contains' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.list.pagination.count).toBe(2);
  });

  it.each([
    ['a node twice', 409, (a: string) => a],
    ['an unknown node', 404, () => 'nope'],
  ])('adds nothing from an array body with %s in it (%i)', async (_, status, second) => {
    const folder = await aFolder(server.api);
    const a = await aFile(server.api, (await aFolder(server.api)).id);
    const res = await server.api.post(`/nodes/${folder.id}/secondary-children`, [
      { childId: a.id, assocType: 'cm:contains' },
      { childId: second(a.id), assocType: 'cm:contains' },
    ]);
    expect(res.status).toBe(status);
    expect(ids(await server.api.get(`/nodes/${folder.id}/secondary-children`))).toEqual([]);
  });

  it('gives 400 for unknown or missing types, 422 under a file, 404 for unknown nodes, 400 for the primary association', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id);
    const child = await aFile(server.api, (await aFolder(server.api)).id);
    expect(
      (await server.api.post(`/nodes/${folder.id}/secondary-children`, { childId: child.id, assocType: 'cm:nope' }))
        .status,
    ).toBe(400);
    expect(
      (
        await server.api.post(`/nodes/${folder.id}/secondary-children`, {
          childId: child.id,
          assocType: 'sys:children',
        })
      ).status,
    ).toBe(400);
    expect((await server.api.post(`/nodes/${folder.id}/secondary-children`, { childId: child.id })).status).toBe(400);
    expect(
      (await server.api.post(`/nodes/${file.id}/secondary-children`, { childId: child.id, assocType: 'cm:contains' }))
        .status,
    ).toBe(422);
    expect(
      (await server.api.post(`/nodes/${folder.id}/secondary-children`, { childId: 'nope', assocType: 'cm:contains' }))
        .status,
    ).toBe(404);
    expect(
      (await server.api.get(`/nodes/${folder.id}/secondary-children`, { query: { where: "(assocType='cm:nope')" } }))
        .status,
    ).toBe(400);
    expect((await server.api.delete(`/nodes/${folder.id}/secondary-children/${file.id}`)).status).toBe(400);
  });
});

describe('peer associations', () => {
  it('creates, lists both ways, and deletes targets', async () => {
    const folder = await aFolder(server.api);
    const source = await aFile(server.api, folder.id, 'a', 'a.txt');
    const target = await aFile(server.api, folder.id, 'b', 'b.txt');
    const res = await server.api.post(`/nodes/${source.id}/targets`, {
      targetId: target.id,
      assocType: 'cm:references',
    });
    expect(res.status).toBe(201);
    const targets = await server.api.get(`/nodes/${source.id}/targets`, { query: { include: 'association' } });
    expect(targets.body.list.entries[0].entry).toMatchObject({
      id: target.id,
      association: { assocType: 'cm:references' },
    });
    expect(targets.body.list.entries[0].entry.association).not.toHaveProperty('isPrimary');
    expect(ids(await server.api.get(`/nodes/${target.id}/sources`))).toEqual([source.id]);
    expect(
      (await server.api.post(`/nodes/${source.id}/targets`, { targetId: target.id, assocType: 'cm:references' }))
        .status,
    ).toBe(409);
    expect(
      (await server.api.post(`/nodes/${source.id}/targets`, { targetId: target.id, assocType: 'cm:contains' })).status,
    ).toBe(400);
    expect(
      (await server.api.delete(`/nodes/${source.id}/targets/${target.id}`, { query: { assocType: 'cm:references' } }))
        .status,
    ).toBe(204);
    expect(ids(await server.api.get(`/nodes/${source.id}/targets`))).toEqual([]);
  });

  it.each([
    ['a node twice', 409, (a: string) => a],
    ['an unknown node', 404, () => 'nope'],
  ])('adds no target from an array body with %s in it (%i)', async (_, status, second) => {
    const folder = await aFolder(server.api);
    const source = await aFile(server.api, folder.id);
    const a = await aFile(server.api, folder.id);
    const res = await server.api.post(`/nodes/${source.id}/targets`, [
      { targetId: a.id, assocType: 'cm:references' },
      { targetId: second(a.id), assocType: 'cm:references' },
    ]);
    expect(res.status).toBe(status);
    expect(ids(await server.api.get(`/nodes/${source.id}/targets`))).toEqual([]);
  });

  it('creates associations with a new node, atomically', async () => {
    const folder = await aFolder(server.api);
    const child = await aFile(server.api, (await aFolder(server.api)).id);
    const res = await server.api.post(`/nodes/${folder.id}/children`, {
      name: 'hub',
      nodeType: 'cm:folder',
      secondaryChildren: [{ childId: child.id, assocType: 'cm:contains' }],
      targets: [{ targetId: child.id, assocType: 'cm:references' }],
    });
    expect(res.status).toBe(201);
    expect(ids(await server.api.get(`/nodes/${res.body.entry.id}/secondary-children`))).toEqual([child.id]);
    expect(ids(await server.api.get(`/nodes/${res.body.entry.id}/targets`))).toEqual([child.id]);
    const bad = await server.api.post(`/nodes/${folder.id}/children`, {
      name: 'broken',
      nodeType: 'cm:folder',
      targets: [{ targetId: 'nope', assocType: 'cm:references' }],
    });
    expect(bad.status).toBe(404);
    expect((await server.api.get(`/nodes/${folder.id}/children`)).body.list.pagination.totalItems).toBe(1);
  });

  it('drops the associations of a deleted node', async () => {
    const folder = await aFolder(server.api);
    const source = await aFile(server.api, folder.id, 'a', 'a.txt');
    const target = await aFile(server.api, folder.id, 'b', 'b.txt');
    await server.api.post(`/nodes/${source.id}/targets`, { targetId: target.id, assocType: 'cm:references' });
    await server.api.delete(`/nodes/${target.id}`);
    expect(ids(await server.api.get(`/nodes/${source.id}/targets`))).toEqual([]);
  });
});
