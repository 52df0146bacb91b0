import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { stalled as stalledOn } from '../../../testing/stalled.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// A move, copy or restore into a folder that is being trashed at the same moment: whichever
// commits first, nothing is left alive under a folder in the trash. Either the node arrived
// first and went into the trash with the folder, or the folder went first and the write is
// refused (404) and changes nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
});
afterAll(() => server.close());

if (testDialect !== 'postgres') {
  console.log(
    '[skipped on SQLite] races with a trash: SQLite has one writer at a time, so no transaction can be held half-way here.',
  );
}
describe.skipIf(testDialect !== 'postgres')('writes into a folder being trashed (PostgreSQL)', () => {
  const stalled = <A, B>(lockSql: string | string[], first: () => Promise<A>, second: () => Promise<B>) =>
    stalledOn(server.databaseUrl!, lockSql, first, second);
  /** The trash stops at moving the folder under the archive root, the folder's subtree held. */
  const HOLD_ARCHIVE = `select id from nodes where system_key = 'archive' for update`;
  /** Moves, restores and link changes wait here, before they read anything in their transaction. */
  const HOLD_GRAPH = `select pg_advisory_xact_lock(7261001)`;

  /** Three folders: `from` holds a file, `into` is the one trashed. */
  async function scene() {
    const parent = await aFolder(server.api);
    const from = await aFolder(server.api, parent.id);
    const into = await aFolder(server.api, parent.id);
    const file = await aFile(server.api, from.id, 'x');
    return { from, into, file };
  }

  /** The write answered 404 and the file is alive where it was; or the file went into the trash. */
  async function expectNothingAliveIn(write: { status: number }, fileId: string, fromId: string) {
    const now = await server.api.get(`/nodes/${fileId}`);
    if (write.status === 200) {
      expect(now.status, 'a live file under a trashed folder').toBe(404);
    } else {
      expect(write.status).toBe(404);
      expect(now.status).toBe(200);
      expect(now.body.entry.parentId).toBe(fromId);
    }
  }

  it('a move that waited for the folder being trashed is refused (404)', async () => {
    const { from, into, file } = await scene();
    const [trashed, moved] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${into.id}`),
      () => server.api.post(`/nodes/${file.id}/move`, { targetParentId: into.id }),
    );
    expect(trashed.status).toBe(204);
    expect(moved.status, JSON.stringify(moved.body)).toBe(404);
    await expectNothingAliveIn(moved, file.id, from.id);
  });

  it('a move that found its folder before the trash committed is refused (404)', async () => {
    const { from, into, file } = await scene();
    const [moved, trashed] = await stalled(
      HOLD_GRAPH,
      () => server.api.post(`/nodes/${file.id}/move`, { targetParentId: into.id }),
      () => server.api.delete(`/nodes/${into.id}`),
    );
    expect(trashed.status).toBe(204);
    expect(moved.status, JSON.stringify(moved.body)).toBe(404);
    await expectNothingAliveIn(moved, file.id, from.id);
  });

  it('a copy that waited for the folder being trashed is refused (404) and leaves no copy', async () => {
    const { into, file } = await scene();
    const [trashed, copied] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${into.id}`),
      () => server.api.post(`/nodes/${file.id}/copy`, { targetParentId: into.id }),
    );
    expect(trashed.status).toBe(204);
    expect(copied.status, JSON.stringify(copied.body)).toBe(404);
    const restored = await server.api.post(`/deleted-nodes/${into.id}/restore`, {});
    expect(restored.status).toBe(200);
    const children = await server.api.get(`/nodes/${into.id}/children`);
    expect(children.body.list.pagination.totalItems).toBe(0);
    expect(children.body.list.entries).toEqual([]);
  });

  it('a restore into the folder being trashed, either order, leaves nothing alive in it', async () => {
    for (const order of ['trash first', 'restore first'] as const) {
      const { into, file } = await scene();
      expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
      const restore = () =>
        server.api.post(`/deleted-nodes/${file.id}/restore`, { targetParentId: into.id, assocType: 'cm:contains' });
      const trash = () => server.api.delete(`/nodes/${into.id}`);
      let restored, trashed;
      if (order === 'trash first') [trashed, restored] = await stalled(HOLD_ARCHIVE, trash, restore);
      else [restored, trashed] = await stalled(HOLD_GRAPH, restore, trash);
      expect(trashed.status, order).toBe(204);
      expect(restored.status, `${order}: ${JSON.stringify(restored.body)}`).toBe(404);
      const now = await server.api.get(`/nodes/${file.id}`);
      expect(now.status, order).toBe(404);
      const item = await server.api.get(`/deleted-nodes/${file.id}`);
      expect(item.status, `${order}: still a trash item of its own`).toBe(200);
    }
  });
});
