import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { stalled } from '../../../testing/stalled.ts';
import { testDialect } from '../../../testing/test-database.ts';
import type { ApiResponse } from '../../../testing/api-client.ts';
import { serverWithPeer } from '../../../testing/server-with-peer.ts';

// A purge and a restore of one trash item at the same moment (through two instances on
// PostgreSQL): exactly one of them wins and the other is 404; a restored item comes back whole
// (its folder, its files and their bytes, its counts), a purged one leaves no node, no content
// row and no stored object behind.

const t = serverWithPeer();

const ROUNDS = 20;
/** Over 64 KiB: its bytes go to the content store, not into the database (ADR 0008). */
const BIG = 'b'.repeat(70_000);

/** A folder in the trash holding a big file and a subfolder with a small file. */
async function trashedTree(home: string) {
  const folder = await aFolder(t.server.api, home);
  const big = await aFile(t.server.api, folder.id, BIG, 'big.txt');
  const sub = await aFolder(t.server.api, folder.id, { name: 'sub' });
  const small = await aFile(t.server.api, sub.id, 'small', 'small.txt');
  const contentIds = (
    await t.server.app.database.db
      .selectFrom('nodes')
      .select('contentId')
      .where('id', 'in', [big.id, small.id])
      .execute()
  ).map((r) => r.contentId!);
  expect((await t.server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
  return { folder, big, sub, small, contentIds, bigContent: contentIds[0]! };
}

const objectPath = (id: string) =>
  path.join(t.server.dataDir, 'content', 'objects', id.slice(0, 2), id.slice(2, 4), id);

type Tree = Awaited<ReturnType<typeof trashedTree>>;

/** One of the two serial outcomes, whole: the item back with everything in it, or gone with its content. */
async function expectOneWon(tree: Tree, home: string, purged: ApiResponse, restored: ApiResponse) {
  const key = `${purged.status}/${restored.status}`;
  expect(['204/404', '404/200'], JSON.stringify([purged.body, restored.body])).toContain(key);
  const db = t.server.app.database.db;
  if (restored.status === 200) {
    expect(restored.body.entry.parentId).toBe(home);
    const children = await t.server.api.get(`/nodes/${tree.folder.id}/children`);
    const names = children.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name);
    expect(names).toEqual(['sub', 'big.txt']);
    expect(children.body.list.pagination.totalItems).toBe(2);
    expect((await t.server.api.get(`/nodes/${tree.big.id}/content`)).raw.toString()).toBe(BIG);
    expect((await t.server.api.get(`/nodes/${tree.small.id}/content`)).raw.toString()).toBe('small');
    expect((await t.server.api.get(`/deleted-nodes/${tree.folder.id}`)).status).toBe(404);
  } else {
    for (const id of [tree.folder.id, tree.big.id, tree.sub.id, tree.small.id]) {
      expect((await t.server.api.get(`/nodes/${id}`)).status).toBe(404);
      expect((await t.server.api.get(`/deleted-nodes/${id}`)).status).toBe(404);
    }
    const rows = await db.selectFrom('nodes').select('id').where('id', 'in', [tree.folder.id, tree.sub.id]).execute();
    expect(rows).toEqual([]);
    const content = await db.selectFrom('contentObjects').select('id').where('id', 'in', tree.contentIds).execute();
    expect(content, 'content rows of a purged item').toEqual([]);
    expect(existsSync(objectPath(tree.bigContent)), 'the stored object of a purged item').toBe(false);
  }
  return key;
}

const purge = (tree: Tree) => t.server.api.delete(`/deleted-nodes/${tree.folder.id}`);
const restore = (tree: Tree) => t.peer.post(`/deleted-nodes/${tree.folder.id}/restore`, {});

describe('a purge and a restore of one trash item at once', () => {
  it('ends as one of them alone: the item back whole, or gone with its content (many rounds)', async () => {
    const home = await aFolder(t.server.api);
    const trees = await Promise.all(Array.from({ length: ROUNDS }, () => trashedTree(home.id)));
    const outcomes = await Promise.all(
      trees.map(async (tree, i) => {
        // A restore does more before its transaction than a purge: the purge starts up to 27 ms
        // later, so that each wins some rounds.
        const delay = new Promise((resolve) => setTimeout(resolve, (i % 10) * 3));
        const [purged, restored] = await Promise.all([delay.then(() => purge(tree)), restore(tree)]);
        return { tree, purged, restored };
      }),
    );
    const tally: Record<string, number> = {};
    for (const { tree, purged, restored } of outcomes) {
      const key = await expectOneWon(tree, home.id, purged, restored);
      tally[key] = (tally[key] ?? 0) + 1;
    }
    const listed = await t.server.api.get(`/nodes/${home.id}/children`, { query: { maxItems: 1 } });
    expect(listed.body.list.pagination.totalItems).toBe(tally['404/200'] ?? 0);
    console.log(`[purge-restore-race] ${process.env.QUIRE_TEST_DB}: ${JSON.stringify(tally)}`);
  });

  if (testDialect !== 'postgres') {
    console.log(
      '[skipped on SQLite] a purge and a restore meeting at the item: SQLite has one writer, so neither can be held half-way.',
    );
  }
  describe.skipIf(testDialect !== 'postgres')('meeting at the item, on two instances (PostgreSQL)', () => {
    const holdItem = (tree: Tree) => [`select id from nodes where id = '${tree.folder.id}' for update`];

    it('the restore that came first wins; the purge is 404', async () => {
      const home = await aFolder(t.server.api);
      const tree = await trashedTree(home.id);
      const [restored, purged] = await stalled(
        t.server.databaseUrl!,
        holdItem(tree),
        () => restore(tree),
        () => purge(tree),
      );
      expect(await expectOneWon(tree, home.id, purged, restored)).toBe('404/200');
    });

    it('the purge that came first wins; the restore is 404', async () => {
      const home = await aFolder(t.server.api);
      const tree = await trashedTree(home.id);
      const [purged, restored] = await stalled(
        t.server.databaseUrl!,
        holdItem(tree),
        () => purge(tree),
        () => restore(tree),
      );
      expect(await expectOneWon(tree, home.id, purged, restored)).toBe('204/404');
    });
  });
});
