import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser, uniqueName } from '../../../testing/builders.ts';
import { bigContent, contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

let server: TestServer;
let bob: ApiClient;
let carol: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ TRASH_RETENTION_DAYS: '0' });
  bob = (await aUser(server.api, { id: 'bob' })).api;
  carol = (await aUser(server.api, { id: 'carol' })).api;
});
afterAll(() => server.close());

type Entry = { id: string; name: string; [key: string]: unknown };
const ids = (res: { body: { list: { entries: { entry: Entry }[] } } }) => res.body.list.entries.map((e) => e.entry.id);
const childNames = async (api: ApiClient, folderId: string) =>
  ((await api.get(`/nodes/${folderId}/children`)).body.list.entries as { entry: Entry }[]).map((e) => e.entry.name);

describe('DELETE /nodes/{id} moves a node and its subtree to the trashcan', () => {
  it('hides the node everywhere, frees its name, and restores it with its id, content, versions and favorites', async () => {
    const parent = await aFolder(server.api);
    const folder = await aFolder(server.api, parent.id, { name: 'reports' });
    const file = await aFile(server.api, folder.id, 'version one', 'q1.txt');
    expect((await server.api.upload(folder.id, 'q1.txt', 'version two', { overwrite: 'true' })).status).toBeLessThan(
      300,
    );
    expect((await server.api.post('/people/-me-/favorites', { target: { file: { guid: file.id } } })).status).toBe(201);

    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    for (const id of [folder.id, file.id]) expect((await server.api.get(`/nodes/${id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${file.id}/content`)).status).toBe(404);
    expect(await childNames(server.api, parent.id)).toEqual([]);
    expect((await server.api.get(`/nodes/${parent.id}`)).status).toBe(200);
    const favorites = await server.api.get('/people/-me-/favorites');
    expect(
      (favorites.body.list.entries as { entry: { targetGuid: string } }[]).map((e) => e.entry.targetGuid),
    ).not.toContain(file.id);

    // The name is free again while the folder is in the trash.
    const again = await aFolder(server.api, parent.id, { name: 'reports' });
    expect((await server.api.delete(`/nodes/${again.id}`, { query: { permanent: true } })).status).toBe(204);

    const item = await server.api.get(`/deleted-nodes/${folder.id}`, { query: { include: 'path' } });
    expect(item.status).toBe(200);
    expect(item.body.entry).toMatchObject({
      id: folder.id,
      name: 'reports',
      isFolder: true,
      archivedByUser: { id: 'admin' },
    });
    expect(item.body.entry.parentId).toBeUndefined();
    expect(item.body.entry.path.elements.at(-1).id).toBe(parent.id);
    // A node below an item is not an item.
    expect((await server.api.get(`/deleted-nodes/${file.id}`)).status).toBe(404);

    const restored = await server.api.post(`/deleted-nodes/${folder.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.entry).toMatchObject({ id: folder.id, name: 'reports', parentId: parent.id });
    expect(await childNames(server.api, parent.id)).toEqual(['reports']);
    expect((await server.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('version two');
    const versions = await server.api.get(`/nodes/${file.id}/versions`);
    expect(versions.body.list.entries.length).toBe(2);
    const favoritesAfter = await server.api.get('/people/-me-/favorites');
    expect(
      (favoritesAfter.body.list.entries as { entry: { targetGuid: string } }[]).map((e) => e.entry.targetGuid),
    ).toContain(file.id);
    expect((await server.api.get(`/deleted-nodes/${folder.id}`)).status).toBe(404);
  });

  it('leaves a trashed node out of the folders it is a secondary child of, and out of associations', async () => {
    const home = await aFolder(server.api);
    const other = await aFolder(server.api);
    const file = await aFile(server.api, home.id);
    const peer = await aFile(server.api, other.id);
    const link = { childId: file.id, assocType: 'cm:contains' };
    expect((await server.api.post(`/nodes/${other.id}/secondary-children`, link)).status).toBe(201);
    expect(
      (await server.api.post(`/nodes/${peer.id}/targets`, { targetId: file.id, assocType: 'cm:references' })).status,
    ).toBe(201);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    const children = await server.api.get(`/nodes/${other.id}/children`);
    expect(ids(children)).toEqual([peer.id]);
    expect(children.body.list.pagination.totalItems).toBe(1);
    expect(ids(await server.api.get(`/nodes/${other.id}/secondary-children`))).toEqual([]);
    expect(ids(await server.api.get(`/nodes/${peer.id}/targets`))).toEqual([]);
    // Restored, it is back in both.
    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, {})).status).toBe(200);
    expect(ids(await server.api.get(`/nodes/${other.id}/secondary-children`))).toEqual([file.id]);
    expect(ids(await server.api.get(`/nodes/${peer.id}/targets`))).toEqual([file.id]);
  });

  it("answers a deleted file's renditions as Alfresco does (no converter: NOT_CREATED, no content)", async () => {
    const folder = await aFolder(server.api);
    const upload = await server.api.upload(folder.id, 'pic.txt', 'x', { renditions: 'doclib' });
    expect(upload.status).toBe(201);
    const id = upload.body.entry.id as string;
    expect((await server.api.delete(`/nodes/${id}`)).status).toBe(204);
    const list = await server.api.get(`/deleted-nodes/${id}/renditions`);
    expect(list.status).toBe(200);
    expect(list.body.list.entries.map((e: { entry: { id: string; status: string } }) => e.entry)).toEqual([
      expect.objectContaining({ id: 'doclib', status: 'NOT_CREATED' }),
    ]);
    expect((await server.api.get(`/deleted-nodes/${id}/renditions/doclib`)).body.entry.id).toBe('doclib');
    expect((await server.api.get(`/deleted-nodes/${id}/renditions/pdf`)).status).toBe(404);
    const content = await server.api.get(`/deleted-nodes/${id}/renditions/doclib/content`);
    expect(content.status).toBe(404);
    expect(content.body.error.briefSummary).toMatch(/not created/);
    expect((await bob.get(`/deleted-nodes/${id}/renditions`)).status).toBe(403);
    expect((await server.api.get(`/deleted-nodes/${folder.id}/renditions`)).status).toBe(404);
  });

  it('keeps each person to their own items; administrators see all; newest first', async () => {
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const bobs = await aFile(bob, shared.id);
    const carols = await aFile(carol, shared.id);
    const bobsSecond = await aFile(bob, shared.id);
    for (const [api, node] of [
      [bob, bobs],
      [carol, carols],
      [bob, bobsSecond],
    ] as const) {
      expect((await api.delete(`/nodes/${node.id}`)).status).toBe(204);
    }
    const bobsList = await bob.get('/deleted-nodes');
    expect(ids(bobsList)).toEqual([bobsSecond.id, bobs.id]);
    expect(bobsList.body.list.pagination.totalItems).toBe(2);
    expect(ids(await carol.get('/deleted-nodes'))).toEqual([carols.id]);
    const all = ids(await server.api.get('/deleted-nodes', { query: { maxItems: 1000 } }));
    expect(all).toEqual(expect.arrayContaining([bobs.id, carols.id, bobsSecond.id]));

    // Another person's item: 403 to read, restore, purge or download; unknown: 404.
    expect((await carol.get(`/deleted-nodes/${bobs.id}`)).status).toBe(403);
    expect((await carol.post(`/deleted-nodes/${bobs.id}/restore`, {})).status).toBe(403);
    expect((await carol.delete(`/deleted-nodes/${bobs.id}`)).status).toBe(403);
    expect((await carol.get(`/deleted-nodes/${bobs.id}/content`)).status).toBe(403);
    expect((await carol.get('/deleted-nodes/no-such-node')).status).toBe(404);

    const content = await bob.get(`/deleted-nodes/${bobs.id}/content`);
    expect(content.status).toBe(200);
    expect(content.raw.toString()).toBe('hello world');
  });

  it('restores into another folder, and says why it cannot (gone parent 404, name taken 409, bad body 400, no right 403)', async () => {
    const parent = await aFolder(server.api);
    const file = await aFile(server.api, parent.id, 'x', 'plan.txt');
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);

    await aFile(server.api, parent.id, 'y', 'plan.txt');
    const taken = await server.api.post(`/deleted-nodes/${file.id}/restore`, {});
    expect(taken.status).toBe(409);

    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, { targetParentId: parent.id })).status).toBe(
      400,
    );
    expect(
      (await server.api.post(`/deleted-nodes/${file.id}/restore`, { targetParentId: parent.id, assocType: 'cm:other' }))
        .status,
    ).toBe(400);
    expect(
      (await server.api.post(`/deleted-nodes/${file.id}/restore`, { targetParentId: 'nope', assocType: 'cm:contains' }))
        .status,
    ).toBe(404);

    const bobsPlace = await aFolder(bob, '-my-');
    expect(
      (
        await server.api.post(`/deleted-nodes/${file.id}/restore`, {
          targetParentId: bobsPlace.id,
          assocType: 'cm:contains',
        })
      ).status,
    ).toBe(200);
    expect(await childNames(bob, bobsPlace.id)).toEqual(['plan.txt']);

    // Its folder gone for good: the item cannot go back without a target.
    const gone = await aFolder(server.api);
    const orphan = await aFile(server.api, gone.id);
    expect((await server.api.delete(`/nodes/${orphan.id}`)).status).toBe(204);
    expect((await server.api.delete(`/nodes/${gone.id}`, { query: { permanent: true } })).status).toBe(204);
    expect((await server.api.post(`/deleted-nodes/${orphan.id}/restore`, {})).status).toBe(404);
    expect(
      (await server.api.get(`/deleted-nodes/${orphan.id}`, { query: { include: 'path' } })).body.entry.path,
    ).toBeUndefined();

    // Bob may not add children to a folder he may only read.
    const readOnly = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Consumer' });
    const own = await aFile(bob, '-my-');
    expect((await bob.delete(`/nodes/${own.id}`)).status).toBe(204);
    expect(
      (await bob.post(`/deleted-nodes/${own.id}/restore`, { targetParentId: readOnly.id, assocType: 'cm:contains' }))
        .status,
    ).toBe(403);
  });

  it('restores a file whose folder was renamed and moved meanwhile, into the folder where it is now', async () => {
    const top = await aFolder(server.api);
    const elsewhere = await aFolder(server.api);
    const folder = await aFolder(server.api, top.id);
    const file = await aFile(server.api, folder.id);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect((await server.api.put(`/nodes/${folder.id}`, { name: uniqueName('renamed') })).status).toBe(200);
    expect((await server.api.post(`/nodes/${folder.id}/move`, { targetParentId: elsewhere.id })).status).toBe(200);
    const restored = await server.api.post(`/deleted-nodes/${file.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.entry.parentId).toBe(folder.id);
  });

  it('restores a file whose folder went to the trash only once the folder is back', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    expect((await server.api.post(`/deleted-nodes/${file.id}/restore`, {})).status).toBe(404);
    expect((await server.api.post(`/deleted-nodes/${folder.id}/restore`, {})).status).toBe(200);
    const back = await server.api.post(`/deleted-nodes/${file.id}/restore`, {});
    expect(back.status).toBe(200);
    expect(back.body.entry.parentId).toBe(folder.id);
  });

  it('restores a subtree with its locks and versions as they were', async () => {
    const folder = await aFolder(server.api);
    const locked = await aFile(server.api, folder.id, 'one', 'locked.txt');
    const versioned = await aFile(server.api, folder.id, 'one', 'versioned.txt');
    expect((await server.api.upload(folder.id, 'versioned.txt', 'two', { overwrite: 'true' })).status).toBe(201);
    // The lock's owner may still change (and delete) the file; a FULL lock would stop them too.
    const lock = { type: 'ALLOW_OWNER_CHANGES', lifetime: 'PERSISTENT' };
    expect((await server.api.post(`/nodes/${locked.id}/lock`, lock)).status).toBe(200);
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    expect((await server.api.post(`/deleted-nodes/${folder.id}/restore`, {})).status).toBe(200);
    const lockedBack = await server.api.get(`/nodes/${locked.id}`, { query: { include: 'isLocked' } });
    expect(lockedBack.body.entry.isLocked).toBe(true);
    const history = await server.api.get(`/nodes/${versioned.id}/versions`);
    expect(history.body.list.entries.map((e: { entry: { id: string } }) => e.entry.id)).toEqual(['1.1', '1.0']);
    expect((await server.api.get(`/nodes/${versioned.id}/content`)).raw.toString()).toBe('two');
  });

  it('refuses to put into the trash a folder holding a file locked by someone else (409), as a delete', async () => {
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const folder = await aFolder(bob, shared.id);
    const file = await aFile(carol, folder.id);
    expect((await carol.post(`/nodes/${file.id}/lock`, { type: 'FULL' })).status).toBe(200);
    expect((await bob.delete(`/nodes/${folder.id}`)).status).toBe(409);
    expect((await bob.get(`/nodes/${file.id}`)).status).toBe(200);
    expect(ids(await bob.get('/deleted-nodes'))).not.toContain(folder.id);
  });

  it('keeps the content of an item until it is purged with everything below it', async () => {
    const before = await contentFiles(server.dataDir);
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id, bigContent('bytes to go'));
    expect((await contentFiles(server.dataDir)).length).toBe(before.length + 1);
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    expect((await contentFiles(server.dataDir)).length).toBe(before.length + 1);
    expect((await server.api.delete(`/deleted-nodes/${folder.id}`)).status).toBe(204);
    expect(await contentFiles(server.dataDir)).toEqual(before);
    expect((await server.api.get(`/deleted-nodes/${folder.id}`)).status).toBe(404);
    expect((await server.api.delete(`/deleted-nodes/${folder.id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${file.id}`)).status).toBe(404);
  });

  it('answers a purge and a restore of one item at once without a 500: one of them wins', async () => {
    const folder = await aFolder(server.api);
    const file = await aFile(server.api, folder.id);
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    const [restore, purge] = await Promise.all([
      server.api.post(`/deleted-nodes/${file.id}/restore`, {}),
      server.api.delete(`/deleted-nodes/${file.id}`),
    ]);
    expect([restore.status, purge.status].sort()).toEqual(restore.status === 200 ? [200, 404] : [204, 404]);
    const live = (await server.api.get(`/nodes/${file.id}`)).status;
    expect(live).toBe(restore.status === 200 ? 200 : 404);
  });
});

describe('TRASH_RETENTION_DAYS: the retention purge', () => {
  let kept: TestServer;
  beforeAll(async () => {
    kept = await startTestServer({ TRASH_RETENTION_DAYS: '7' });
  });
  afterAll(() => kept.close());

  const ageBy = async (id: string, days: number) => {
    await kept.app.database.db
      .updateTable('nodes')
      .set({ archivedAt: Date.now() - days * 24 * 60 * 60_000 })
      .where('id', '=', id)
      .execute();
  };

  it('purges the items older than the retention with their content, and only those', async () => {
    const before = await contentFiles(kept.dataDir);
    const folder = await aFolder(kept.api);
    const old = await aFolder(kept.api, folder.id);
    const oldFile = await aFile(kept.api, old.id, bigContent('old'));
    const recent = await aFile(kept.api, folder.id, bigContent('recent'));
    for (const node of [old, recent]) expect((await kept.api.delete(`/nodes/${node.id}`)).status).toBe(204);
    await ageBy(old.id, 8);
    await ageBy(recent.id, 6);

    // Two purges at once (as two instances would run them) purge the old item once, without an error.
    const results = await Promise.all([kept.app.purgeTrash(), kept.app.purgeTrash()]);
    expect(results.reduce((sum, r) => sum + r.purged, 0)).toBe(1);
    expect((await kept.api.get(`/deleted-nodes/${old.id}`)).status).toBe(404);
    expect((await kept.api.get(`/deleted-nodes/${recent.id}`)).status).toBe(200);
    expect(
      (await kept.app.database.db.selectFrom('nodes').select('id').where('id', '=', oldFile.id).execute()).length,
    ).toBe(0);
    expect((await contentFiles(kept.dataDir)).length).toBe(before.length + 1);
  });

  it('purges nothing with TRASH_RETENTION_DAYS=0 (until purged by hand)', async () => {
    const file = await aFile(server.api, '-root-');
    expect((await server.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    await server.app.database.db.updateTable('nodes').set({ archivedAt: 0 }).where('id', '=', file.id).execute();
    expect(await server.app.purgeTrash()).toEqual({ purged: 0 });
    expect((await server.api.get(`/deleted-nodes/${file.id}`)).status).toBe(200);
  });
});

describe('POST …/quire/versions/1/trash/empty', () => {
  const EMPTY = '/alfresco/api/-default-/public/quire/versions/1/trash/empty';

  it('purges everyone’s items for an administrator, and no one else may', async () => {
    const mine = await aFile(bob, '-my-', 'bob’s words', 'empty-me.txt');
    const theirs = await aFile(server.api, '-root-', 'admin’s words', 'empty-too.txt');
    for (const [api, id] of [
      [bob, mine.id],
      [server.api, theirs.id],
    ] as const) {
      expect((await api.delete(`/nodes/${id}`)).status).toBe(204);
    }
    const refused = await bob.post(EMPTY, {});
    expect(refused.status).toBe(403);
    expect((await bob.get(`/deleted-nodes/${mine.id}`)).status).toBe(200);

    const emptied = await server.api.post(EMPTY, {});
    expect(emptied.status).toBe(200);
    expect(emptied.body.entry.purged).toBeGreaterThanOrEqual(2);
    expect(emptied.body.entry.remaining).toBe(0);
    expect((await bob.get(`/deleted-nodes/${mine.id}`)).status).toBe(404);
    expect((await server.api.get('/deleted-nodes')).body.list.pagination.totalItems).toBe(0);
  });
});
