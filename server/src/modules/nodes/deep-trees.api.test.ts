import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { aSite, documentLibrary } from '../../testing/site-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Deep folder chains (issue 15 item 2). This server allows deep trees, as old data may hold them:
// delete, copy, move and permission changes must work at any depth that exists.

let server: TestServer;
let jo: TestUser;
let ann: TestUser;
beforeAll(async () => {
  server = await startTestServer({ MAX_FOLDER_DEPTH: '5000' });
  jo = await aUser(server.api);
  ann = await aUser(server.api);
});
afterAll(() => server.close());

const chain = (levels: number, name = 'd') => Array.from({ length: levels }, () => name).join('/');

/** A chain of `levels` folders below `parentId` (one request), a file at its end; returns its top folder. */
async function aChain(api: TestUser['api'], parentId: string, levels: number) {
  const res = await api.post(`/nodes/${parentId}/children`, {
    name: 'leaf.txt',
    nodeType: 'cm:content',
    relativePath: chain(levels),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const top = await api.get(`/nodes/${parentId}/children`, { query: { where: '(isFolder=true)' } });
  return {
    top: top.body.list.entries.find((e: { entry: { name: string } }) => e.entry.name === 'd').entry,
    leaf: res.body.entry,
  };
}

/** Every owner's bytes as the triggers keep them equal the sums over the nodes (person-usage.api.test.ts). */
async function expectUsageConsistent(): Promise<void> {
  const db = server.app.database.db;
  const kept = await sql<{ ownerId: string; bytes: number | string }>`
    select owner_id, sum(bytes) as bytes from person_usage group by owner_id having sum(bytes) <> 0`.execute(db);
  const summed = await sql<{ ownerId: string; bytes: number | string }>`
    select owner_id, sum(size_in_bytes) as bytes from nodes
    where owner_id is not null and size_in_bytes is not null
    group by owner_id having sum(size_in_bytes) <> 0`.execute(db);
  const toMap = (rows: { ownerId: string; bytes: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.ownerId, Number(r.bytes)]));
  expect(toMap(kept.rows)).toEqual(toMap(summed.rows));
  const total = await sql<{ kept: number | string; summed: number | string }>`
    select (select coalesce(sum(bytes), 0) from repository_usage) as kept,
           (select coalesce(sum(size_in_bytes), 0) from content_objects) as summed`.execute(db);
  expect(Number(total.rows[0]!.kept)).toBe(Number(total.rows[0]!.summed));
}

async function nodeCount(): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from nodes`.execute(server.app.database.db);
  return Number(row.rows[0]!.n);
}

describe('deleting deep trees', () => {
  it('deletes a chain 1,100 levels deep with files along it (204), and the usage counters follow', async () => {
    const home = await aFolder(jo.api, '-my-');
    const before = await nodeCount();
    const { top, leaf } = await aChain(jo.api, home.id, 1100);
    // Content at the bottom, half way and near the top.
    for (const at of [leaf.parentId, top.id]) {
      expect((await jo.api.upload(at, 'f.bin', Buffer.alloc(70 * 1024, 1))).status).toBe(201);
    }
    expect(await nodeCount()).toBe(before + 1100 + 3);
    await expectUsageConsistent();
    // Into the trash (every node marked), then purged from it (every node deleted).
    const res = await jo.api.delete(`/nodes/${top.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await jo.api.get(`/nodes/${leaf.id}`)).status).toBe(404);
    await expectUsageConsistent();
    const purge = await jo.api.delete(`/deleted-nodes/${top.id}`);
    expect(purge.status, JSON.stringify(purge.body)).toBe(204);
    expect(await nodeCount()).toBe(before);
    expect((await jo.api.get(`/nodes/${home.id}`)).body.entry).toBeDefined();
    await expectUsageConsistent();
  });

  it('lets an administrator delete a site that holds a tree 1,100 levels deep', async () => {
    const site = await aSite(server.api);
    const library = await documentLibrary(server.api, site.id);
    await aChain(server.api, library, 1100);
    const res = await server.api.delete(`/sites/${site.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await server.api.get(`/sites/${site.id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${library}`)).status).toBe(404);
    await expectUsageConsistent();
  });
});

describe('permissions, copy and move in deep trees', () => {
  const entry = (authorityId: string, name: string, accessStatus = 'ALLOWED') => ({ authorityId, name, accessStatus });
  const setLocal = async (id: string, locallySet: ReturnType<typeof entry>[], isInheritanceEnabled = true) => {
    const res = await server.api.put(`/nodes/${id}`, { permissions: { isInheritanceEnabled, locallySet } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The ids of the folders from `top` down to the leaf's parent (include=path). */
  const chainIds = async (leafId: string, topId: string): Promise<string[]> => {
    const res = await server.api.get(`/nodes/${leafId}`, { query: { include: 'path' } });
    const ids = (res.body.entry.path.elements as { id: string }[]).map((e) => e.id);
    return ids.slice(ids.indexOf(topId));
  };

  it('computes inherited permissions through 1,100 levels, after changes, a copy and a move', async () => {
    const base = await aFolder(server.api);
    await setLocal(base.id, [], false); // nothing inherited from Company Home
    const { top, leaf } = await aChain(server.api, base.id, 1100);
    const ids = await chainIds(leaf.id, top.id);
    expect(ids).toHaveLength(1100);
    const readsLeaf = async (id: string) => (await jo.api.get(`/nodes/${id}`)).status;
    expect(await readsLeaf(leaf.id)).toBe(403);
    // jo may read from every 100th level on; the deepest folder names only ann, so jo's access to
    // the leaf is inherited through it from 1,000 levels up.
    for (let level = 0; level < 1100; level += 100) await setLocal(ids[level]!, [entry(jo.id, 'Consumer')]);
    await setLocal(ids[1099]!, [entry(ann.id, 'Consumer')]);
    expect(await readsLeaf(leaf.id)).toBe(200);
    // A DENIED on the top does not reach below the nearer ALLOWED entries; taking those away does.
    await setLocal(top.id, [entry(jo.id, 'Read', 'DENIED')]);
    expect(await readsLeaf(leaf.id)).toBe(200);
    for (let level = 100; level < 1100; level += 100) await setLocal(ids[level]!, []);
    expect(await readsLeaf(leaf.id)).toBe(403);
    await setLocal(top.id, [entry(jo.id, 'Consumer')]);
    expect(await readsLeaf(leaf.id)).toBe(200);

    // A copy: every copied ACL computed after the one it inherits from.
    const target = await aFolder(server.api);
    const copy = await server.api.post(`/nodes/${top.id}/copy`, { targetParentId: target.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copiedLeaf = await server.api.get(`/nodes/${copy.body.entry.id}`, {
      query: { relativePath: `${chain(1099)}/leaf.txt` },
    });
    expect(copiedLeaf.status, JSON.stringify(copiedLeaf.body)).toBe(200);
    expect(await readsLeaf(copiedLeaf.body.entry.id)).toBe(200);

    // A move under a folder that denies jo: the chain's own entries still decide below its top.
    const closed = await aFolder(server.api);
    await setLocal(closed.id, [entry(jo.id, 'Read', 'DENIED')]);
    const moved = await server.api.post(`/nodes/${ids[1]}/move`, { targetParentId: closed.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await readsLeaf(leaf.id)).toBe(403);
    await setLocal(ids[500]!, [entry(jo.id, 'Consumer')]);
    expect(await readsLeaf(leaf.id)).toBe(200);
    await expectUsageConsistent();
    // About 1,100 creates, 25 permission changes over the chain, a copy and a move: 13-15 s alone on
    // PostgreSQL on a 2-core machine, over 30 s beside the rest of `npm test`.
  }, 90_000);
});
