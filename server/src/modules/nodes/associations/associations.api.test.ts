import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder, aUser, type TestUser } from '../../../testing/builders.ts';
import { listPages } from '../../../testing/list-pages.ts';
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

describe('listings paged for a reader', () => {
  // Twelve nodes at the other end of each listing, in creation order: every third in a folder the
  // reader may not read, one of those owned by the reader (owners read their nodes), one in the trash.
  let bob: TestUser;
  let hub: { id: string };
  let open: { id: string };
  let linked: { id: string }[];
  beforeAll(async () => {
    bob = await aUser(server.api);
    open = await aSharedFolder(server.api, { [bob.id]: 'Consumer' });
    const closed = await aFolder(server.api);
    const shut = await server.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false } });
    expect(shut.status).toBe(200);
    hub = await aSharedFolder(server.api, { [bob.id]: 'Consumer' });
    linked = [];
    for (let i = 0; i < 12; i++) linked.push(await aFile(server.api, i % 3 === 0 ? closed.id : open.id));
    const owned = await server.api.put(`/nodes/${linked[3]!.id}`, { properties: { 'cm:owner': bob.id } });
    expect(owned.status).toBe(200);
  });

  it.each([
    ['targets', 'targets'],
    ['sources', 'sources'],
    ['secondary children', 'secondary-children'],
    ['parents', 'parents'],
  ])('pages %s: a reader sees what they may read, in the same order as an administrator', async (_, listing) => {
    const path = (id: string) => `/nodes/${id}/${listing}`;
    // The listing is asked of the hub; for sources and parents, of one node the twelve point at.
    const ends = listing === 'sources' || listing === 'parents';
    const asked = ends ? (await aFile(server.api, hub.id)).id : hub.id;
    let others = linked;
    if (listing === 'parents') {
      // Parents are folders: twelve folders, every third not readable, the file filed under each.
      others = [];
      const open = await aSharedFolder(server.api, { [bob.id]: 'Consumer' });
      const closed = await aFolder(server.api);
      await server.api.put(`/nodes/${closed.id}`, { permissions: { isInheritanceEnabled: false } });
      for (let i = 0; i < 12; i++) others.push(await aFolder(server.api, i % 3 === 0 ? closed.id : open.id));
      await server.api.put(`/nodes/${others[3]!.id}`, { properties: { 'cm:owner': bob.id } });
    }
    for (const other of others) {
      const res =
        listing === 'targets'
          ? await server.api.post(path(asked), { targetId: other.id, assocType: 'cm:references' })
          : listing === 'sources'
            ? await server.api.post(`/nodes/${other.id}/targets`, { targetId: asked, assocType: 'cm:references' })
            : listing === 'secondary-children'
              ? await server.api.post(path(asked), { childId: other.id, assocType: 'cm:contains' })
              : await server.api.post(`/nodes/${other.id}/secondary-children`, {
                  childId: asked,
                  assocType: 'cm:contains',
                });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // A node in the trash is left out of every listing.
    const trashed = others === linked ? (await aFile(server.api, open.id)).id : (await aFolder(server.api, open.id)).id;
    const link =
      listing === 'targets'
        ? await server.api.post(path(asked), { targetId: trashed, assocType: 'cm:references' })
        : listing === 'sources'
          ? await server.api.post(`/nodes/${trashed}/targets`, { targetId: asked, assocType: 'cm:references' })
          : listing === 'secondary-children'
            ? await server.api.post(path(asked), { childId: trashed, assocType: 'cm:contains' })
            : await server.api.post(`/nodes/${trashed}/secondary-children`, {
                childId: asked,
                assocType: 'cm:contains',
              });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect((await server.api.delete(`/nodes/${trashed}`)).status).toBe(204);

    const all = (await listPages(server.api, path(asked), 100)).seen;
    // A parents listing starts with the primary parent (the hub, which the reader may read).
    const primary = listing === 'parents' ? [hub.id] : [];
    expect(new Set(all)).toEqual(new Set([...primary, ...others.map((o) => o.id)]));
    expect(all.slice(0, primary.length)).toEqual(primary);
    const mayRead = new Set([...primary, ...others.filter((_, i) => i % 3 !== 0 || i === 3).map((o) => o.id)]);
    const expected = all.filter((id) => mayRead.has(id));
    for (const size of [1, 2, 5, 100]) {
      expect(await listPages(server.api, path(asked), size)).toEqual({ seen: all, totals: [all.length] });
      expect(await listPages(bob.api, path(asked), size)).toEqual({ seen: expected, totals: [expected.length] });
    }
    // Past the end: no entries, the same total.
    const past = await bob.api.get(path(asked), { query: { skipCount: 50, maxItems: 5 } });
    expect(past.body.list.pagination).toMatchObject({ count: 0, totalItems: expected.length, hasMoreItems: false });
    if (listing === 'parents') {
      const secondary = await listPages(bob.api, path(asked), 2, { where: '(isPrimary=false)' });
      expect(secondary).toEqual({ seen: expected.slice(1), totals: [expected.length - 1] });
      expect(await listPages(bob.api, path(asked), 2, { where: '(isPrimary=true)' })).toEqual({
        seen: [hub.id],
        totals: [1],
      });
    }
  });
});
