import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aFolder, aPerson } from '../../../testing/builders.ts';
import { testDialect } from '../../../testing/test-database.ts';
import { stalled as stalledOn } from '../../../testing/stalled.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

// Writes of, in or from a tree that is being trashed at the same moment (trash-races.api.test.ts
// has those into a folder being trashed). Whichever commits first: no write is acknowledged and
// then lost, nothing is left alive below a node in the trash, and nothing copies what is in it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
});
afterAll(() => server.close());

if (testDialect !== 'postgres') {
  console.log(
    '[skipped on SQLite] more races with a trash: SQLite has one writer at a time, so no transaction can be held half-way here.',
  );
}
describe.skipIf(testDialect !== 'postgres')('writes in a tree being trashed (PostgreSQL)', () => {
  const stalled = <A, B>(lockSql: string | string[], first: () => Promise<A>, second: () => Promise<B>) =>
    stalledOn(server.databaseUrl!, lockSql, first, second);
  /** The trash stops at moving the folder under the archive root, the folder's subtree held. */
  const HOLD_ARCHIVE = [`select id from nodes where system_key = 'archive' for update`];
  /** A content update stops after locking its file's row: at the repository's usage counter. */
  const HOLD_REPOSITORY_USAGE = [`lock table repository_usage in exclusive mode`];
  /** A revert stops at its node's event, after it holds the file's row. */
  const HOLD_EVENTS = [`lock table node_events in exclusive mode`];
  /** A change of a file's owner stops after writing its row: at the people's usage counters. */
  const HOLD_PERSON_USAGE = [`lock table person_usage in exclusive mode`];
  const holdRow = (id: string) => [`select id from nodes where id = '${id}' for update`];

  /** A folder (the one trashed) holding a subfolder holding a file. */
  async function scene(content = 'first') {
    const folder = await aFolder(server.api);
    const sub = await aFolder(server.api, folder.id);
    const file = await aFile(server.api, sub.id, content);
    return { folder, sub, file };
  }

  /** Restores the folder and answers the file as it came back, with its content. */
  async function afterRestore(folderId: string, fileId: string) {
    expect((await server.api.post(`/deleted-nodes/${folderId}/restore`, {})).status).toBe(200);
    const file = await server.api.get(`/nodes/${fileId}`);
    expect(file.status).toBe(200);
    const content = await server.api.get(`/nodes/${fileId}/content`);
    return { entry: file.body.entry, content: content.raw.toString() };
  }

  describe('a new version or an update of a file in the folder', () => {
    const putContent = (id: string) =>
      server.api.put(`/nodes/${id}/content`, 'second', { headers: { 'content-type': 'application/octet-stream' } });

    it('that waited for the trash is refused (404); the file is in the trash as it was', async () => {
      const { folder, file } = await scene();
      const [trashed, written] = await stalled(
        HOLD_ARCHIVE,
        () => server.api.delete(`/nodes/${folder.id}`),
        () => putContent(file.id),
      );
      expect(trashed.status).toBe(204);
      expect(written.status, JSON.stringify(written.body)).toBe(404);
      expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(404);
      expect((await afterRestore(folder.id, file.id)).content).toBe('first');
    });

    it('that held the file first goes into the trash with it, new content intact', async () => {
      const { folder, file } = await scene();
      const [written, trashed] = await stalled(
        HOLD_REPOSITORY_USAGE,
        () => putContent(file.id),
        () => server.api.delete(`/nodes/${folder.id}`),
      );
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
      expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(404);
      expect((await afterRestore(folder.id, file.id)).content).toBe('second');
    });

    it('a revert that held the file first goes into the trash with it, reverted', async () => {
      const { folder, file } = await scene();
      expect((await putContent(file.id)).status).toBe(200);
      const [reverted, trashed] = await stalled(
        HOLD_EVENTS,
        () => server.api.post(`/nodes/${file.id}/versions/1.0/revert`, {}),
        () => server.api.delete(`/nodes/${folder.id}`),
      );
      expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
      expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
      expect((await afterRestore(folder.id, file.id)).content).toBe('first');
    });

    it('a metadata update that held the file first goes into the trash with it, updated', async () => {
      const other = `racer-${Date.now().toString(36)}`;
      await aPerson(server, other);
      const { folder, file } = await scene();
      const [updated, trashed] = await stalled(
        HOLD_PERSON_USAGE,
        () => server.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'new title', 'cm:owner': other } }),
        () => server.api.delete(`/nodes/${folder.id}`),
      );
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
      expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(404);
      expect((await afterRestore(folder.id, file.id)).entry.properties?.['cm:title']).toBe('new title');
    });
  });

  it('a lock of a file that waited for the trash of its folder is refused (404)', async () => {
    const { folder, file } = await scene();
    const [trashed, locked] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${folder.id}`),
      () => server.api.post(`/nodes/${file.id}/lock`, {}),
    );
    expect(trashed.status).toBe(204);
    expect(locked.status, JSON.stringify(locked.body)).toBe(404);
    expect((await afterRestore(folder.id, file.id)).entry.isLocked ?? false).toBe(false);
  });

  it('a secondary child link into a folder being trashed, that waited for it, is kept', async () => {
    // The trash never touches secondary links: a link that lands after it is what one that
    // landed before would be, and comes back with the folder.
    const { folder } = await scene();
    const elsewhere = await aFile(server.api, (await aFolder(server.api)).id);
    const [trashed, linked] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${folder.id}`),
      () =>
        server.api.post(`/nodes/${folder.id}/secondary-children`, { childId: elsewhere.id, assocType: 'cm:contains' }),
    );
    expect(trashed.status).toBe(204);
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect((await server.api.get(`/nodes/${elsewhere.id}`)).status, 'the child stays alive').toBe(200);
    expect((await server.api.post(`/deleted-nodes/${folder.id}/restore`, {})).status).toBe(200);
    const list = await server.api.get(`/nodes/${folder.id}/secondary-children`);
    expect(list.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual([elsewhere.id]);
  });

  it('a restore of an item into the folder it came from, that waited for its trash: refused (404)', async () => {
    const { folder, sub } = await scene();
    expect((await server.api.delete(`/nodes/${sub.id}`)).status).toBe(204);
    const [trashed, restored] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${folder.id}`),
      () => server.api.post(`/deleted-nodes/${sub.id}/restore`, {}),
    );
    expect(trashed.status).toBe(204);
    expect(restored.status, JSON.stringify(restored.body)).toBe(404);
    expect((await server.api.get(`/deleted-nodes/${sub.id}`)).status, 'still an item').toBe(200);
    expect((await server.api.get(`/nodes/${sub.id}`)).status).toBe(404);
  });

  describe('a copy of a tree being trashed', () => {
    /** The trash items whose node has this name (a copy's root keeps its source's name). */
    async function trashItemsNamed(name: string) {
      const list = await server.api.get('/deleted-nodes', { query: { maxItems: 1000 } });
      return (list.body.list.entries as { entry: { name: string } }[]).filter((e) => e.entry.name === name);
    }

    it('that found the source before the trash committed is refused (404) and copies nothing', async () => {
      const { folder } = await scene();
      const target = await aFolder(server.api);
      const [copied, trashed] = await stalled(
        holdRow(target.id),
        () => server.api.post(`/nodes/${folder.id}/copy`, { targetParentId: target.id }),
        () => server.api.delete(`/nodes/${folder.id}`),
      );
      expect(trashed.status).toBe(204);
      expect(copied.status, JSON.stringify(copied.body)).toBe(404);
      const children = await server.api.get(`/nodes/${target.id}/children`);
      expect(children.body.list.entries).toEqual([]);
      expect(children.body.list.pagination.totalItems).toBe(0);
      expect(await trashItemsNamed(folder.name), 'only the source is in the trash').toHaveLength(1);
    });

    it('whose subfolder goes into the trash half-way is refused (409), not copied without its files', async () => {
      const { sub } = await scene();
      const folder = await server.api.get(`/nodes/${sub.id}`).then((r) => r.body.entry.parentId as string);
      // The copy of the subfolder's association waits for `peer` (another connection holds its
      // row): the copy stops after copying the subfolder, before it reads the subfolder's children.
      const peer = await aFile(server.api, (await aFolder(server.api)).id);
      const linked = await server.api.post(`/nodes/${sub.id}/targets`, {
        targetId: peer.id,
        assocType: 'cm:references',
      });
      expect(linked.status).toBe(201);
      const target = await aFolder(server.api);
      const [copied, trashed] = await stalled(
        holdRow(peer.id),
        () => server.api.post(`/nodes/${folder}/copy`, { targetParentId: target.id }),
        () => server.api.delete(`/nodes/${sub.id}`),
      );
      expect(trashed.status).toBe(204);
      expect(copied.status, JSON.stringify(copied.body)).toBe(409);
      const children = await server.api.get(`/nodes/${target.id}/children`);
      expect(children.body.list.entries).toEqual([]);
      expect(children.body.list.pagination.totalItems).toBe(0);
      expect(await trashItemsNamed(sub.name), 'only the subfolder is in the trash').toHaveLength(1);
      // Restoring the subfolder brings back its own tree, and nothing under the target.
      expect((await server.api.post(`/deleted-nodes/${sub.id}/restore`, {})).status).toBe(200);
      expect((await server.api.get(`/nodes/${sub.id}/children`)).body.list.pagination.totalItems).toBe(1);
      const after = await server.api.get(`/nodes/${target.id}/children`);
      expect(after.body.list.pagination.totalItems).toBe(0);
    });
  });

  it('a move out of a folder being trashed, that held the file first, lands before the trash', async () => {
    const { sub, file } = await scene();
    const target = await aFolder(server.api);
    const [moved, trashed] = await stalled(
      HOLD_EVENTS,
      () => server.api.post(`/nodes/${file.id}/move`, { targetParentId: target.id }),
      () => server.api.delete(`/nodes/${sub.id}`),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
    expect((await server.api.get(`/nodes/${file.id}`)).body.entry.parentId).toBe(target.id);
    expect((await server.api.post(`/deleted-nodes/${sub.id}/restore`, {})).status).toBe(200);
    const left = await server.api.get(`/nodes/${sub.id}/children?maxItems=1`);
    expect(left.body.list.entries).toEqual([]);
    expect(left.body.list.pagination.totalItems, 'the folder counts no child').toBe(0);
  });

  it('a trash of a node that waited for its move elsewhere counts and records the folder it is in now', async () => {
    const [from, to] = [await aFolder(server.api), await aFolder(server.api)];
    const file = await aFile(server.api, from.id);
    // Two more files in each: a page of one then reads the total from the folder's count.
    for (const folder of [from, to]) for (const n of [1, 2]) await aFile(server.api, folder.id, `${n}`);
    const count = async (id: string) =>
      (await server.api.get(`/nodes/${id}/children?maxItems=1`)).body.list.pagination.totalItems as number;
    // The move holds the folder the file leaves and waits for the file; the trash waits for that folder.
    const [moved, trashed] = await stalled(
      holdRow(file.id),
      () => server.api.post(`/nodes/${file.id}/move`, { targetParentId: to.id }),
      () => server.api.delete(`/nodes/${file.id}`),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
    expect([await count(from.id), await count(to.id)]).toEqual([2, 2]);
    const restored = await server.api.post(`/deleted-nodes/${file.id}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.entry.parentId, 'back where it was deleted from').toBe(to.id);
    expect([await count(from.id), await count(to.id)]).toEqual([2, 3]);
  });

  it('a trash of a folder that waited for the trash of the folder above it is refused (404)', async () => {
    const { folder, sub, file } = await scene();
    const [outer, inner] = await stalled(
      HOLD_ARCHIVE,
      () => server.api.delete(`/nodes/${folder.id}`),
      () => server.api.delete(`/nodes/${sub.id}`),
    );
    expect(outer.status).toBe(204);
    expect(inner.status, JSON.stringify(inner.body)).toBe(404);
    expect((await server.api.get(`/deleted-nodes/${sub.id}`)).status, 'not an item of its own').toBe(404);
    expect((await server.api.post(`/deleted-nodes/${folder.id}/restore`, {})).status).toBe(200);
    const back = await server.api.get(`/nodes/${sub.id}`);
    expect(back.status, 'restored with the folder above it').toBe(200);
    expect(back.body.entry.parentId).toBe(folder.id);
    expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(200);
  });

  it('a move into a folder being deleted for good, that held the folder first: deleted with it', async () => {
    const { folder, sub } = await scene();
    const from = await aFolder(server.api);
    const moving = await aFile(server.api, from.id);
    // The move holds the target's row and waits for the file's; the delete waits for the move.
    const [moved, deleted] = await stalled(
      holdRow(moving.id),
      () => server.api.post(`/nodes/${moving.id}/move`, { targetParentId: sub.id }),
      () => server.api.delete(`/nodes/${folder.id}?permanent=true`),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect((await server.api.get(`/nodes/${moving.id}`)).status, 'deleted with the folder').toBe(404);
    expect((await server.api.get(`/deleted-nodes/${moving.id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${from.id}/children?maxItems=1`)).body.list.pagination.totalItems).toBe(0);
  });
});
