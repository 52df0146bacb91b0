import { describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import type { ApiClient } from '../../../testing/api-client.ts';
import { stalled } from '../../../testing/stalled.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { serverWithPeer } from '../../../testing/server-with-peer.ts';

// A copy of a folder tree while nodes move inside it, into it and out of it: the copy is a
// snapshot of one serial order (a node moved within the tree is copied exactly once, one moved
// in or out once or not at all, never below a folder that was not copied), and every folder's
// count is exact.

const t = serverWithPeer({ skippedOnSqlite: 'a copy stopped half-way: SQLite has one writer, the copy runs alone.' });

/** Every node below a folder by name, and each folder's count as listed and as a page reports it. */
async function copiedTree(api: ApiClient, id: string, out = { names: [] as string[], counts: [] as string[] }) {
  const all = await api.get(`/nodes/${id}/children`, { query: { maxItems: 1000 } });
  const first = await api.get(`/nodes/${id}/children`, { query: { maxItems: 1 } });
  out.counts.push(`${all.body.list.entries.length}=${first.body.list.pagination.totalItems}`);
  for (const { entry } of all.body.list.entries as { entry: { id: string; name: string; isFolder: boolean } }[]) {
    out.names.push(entry.name);
    if (entry.isFolder) await copiedTree(api, entry.id, out);
  }
  return out;
}

/**
 * root/{a/{a1}, b}, with `up` in a1 (the copy reads it last), `down` in root (read first), `gone`
 * in a1 and `coming` outside; `a` holds a reference to `peer` outside the tree (the copy of a's
 * associations is where a test can stop the copy: after the first level, before a's children).
 */
async function scene() {
  const root = await aFolder(t.server.api);
  const a = await aFolder(t.server.api, root.id, { name: 'a' });
  const a1 = await aFolder(t.server.api, a.id, { name: 'a1' });
  const b = await aFolder(t.server.api, root.id, { name: 'b' });
  const outside = await aFolder(t.server.api);
  const up = await aFile(t.server.api, a1.id, 'up', 'up.txt');
  const down = await aFile(t.server.api, root.id, 'down', 'down.txt');
  const gone = await aFile(t.server.api, a1.id, 'gone', 'gone.txt');
  const coming = await aFile(t.server.api, outside.id, 'coming', 'coming.txt');
  const peerFile = await aFile(t.server.api, outside.id, 'peer', 'peer.txt');
  const linked = await t.server.api.post(`/nodes/${a.id}/targets`, {
    targetId: peerFile.id,
    assocType: 'cm:references',
  });
  expect(linked.status).toBe(201);
  const target = await aFolder(t.server.api);
  return { root, a, a1, b, outside, up, down, gone, coming, peerFile, target };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** The moves: up from a1 to root, down from root into a1, gone out of the tree, coming into b. */
const moves = (s: Scene) =>
  Promise.all([
    t.peer.post(`/nodes/${s.up.id}/move`, { targetParentId: s.root.id }),
    t.peer.post(`/nodes/${s.down.id}/move`, { targetParentId: s.a1.id }),
    t.peer.post(`/nodes/${s.gone.id}/move`, { targetParentId: s.outside.id }),
    t.peer.post(`/nodes/${s.coming.id}/move`, { targetParentId: s.b.id }),
  ]);

/**
 * The copy is a serial outcome: each move (its own request) came before it or after it. A node
 * moved within the tree is copied exactly once; one moved out or in, once or not at all.
 */
async function expectSnapshot(s: Scene, copy: { status: number; body: { entry: { id: string } } }) {
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  const tree = await copiedTree(t.server.api, copy.body.entry.id);
  const files = tree.names.filter((n) => n.endsWith('.txt')).sort();
  const times = (name: string) => files.filter((f) => f === name).length;
  expect([times('up.txt'), times('down.txt')], files.join()).toEqual([1, 1]);
  expect([0, 1]).toContain(times('gone.txt'));
  expect([0, 1]).toContain(times('coming.txt'));
  expect(files.length).toBe(2 + times('gone.txt') + times('coming.txt'));
  for (const count of tree.counts) expect(count).toMatch(/^(\d+)=\1$/);
  expect((await t.server.api.get(`/nodes/${s.target.id}/children`)).body.list.pagination.totalItems).toBe(1);
}

describe.skipIf(testDialect !== 'postgres')('a copy of a tree while nodes move in it (PostgreSQL)', () => {
  it('is a snapshot of one serial order when the moves come while it is half-way', async () => {
    const s = await scene();
    const [copy, moved] = await stalled(
      t.server.databaseUrl!,
      [`select id from nodes where id = '${s.peerFile.id}' for update`],
      () => t.server.api.post(`/nodes/${s.root.id}/copy`, { targetParentId: s.target.id }),
      () => moves(s),
    );
    expect(moved.map((m) => m.status)).toEqual([200, 200, 200, 200]);
    await expectSnapshot(s, copy);
  });
});

describe('a copy of a tree racing moves in it', () => {
  it('is a snapshot of one serial order, every count exact (many rounds)', async () => {
    const scenes = await Promise.all(Array.from({ length: 10 }, () => scene()));
    const results = await Promise.all(
      scenes.map(async (s) => {
        const [copy, moved] = await Promise.all([
          t.server.api.post(`/nodes/${s.root.id}/copy`, { targetParentId: s.target.id }),
          moves(s),
        ]);
        return { s, copy, moved };
      }),
    );
    for (const { s, copy, moved } of results) {
      expect(moved.map((m) => m.status)).toEqual([200, 200, 200, 200]);
      await expectSnapshot(s, copy);
    }
  });
});
