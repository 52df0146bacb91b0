import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aPerson, aSharedFolder } from '../../testing/builders.ts';
import { testDialect } from '../../testing/test-database.ts';
import { blockedBackends, lockWatcher, stalled as stalledOn, untilWaiting } from '../../testing/stalled.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Creates into one folder (migration 0026). On PostgreSQL a create holds its folder's row in share
// mode and counts itself in a shard row of the folder's count, so creates into one folder do not
// wait for each other; a create that picks its name from the folder's children, and every change
// of the folder itself, still hold the row alone. On both databases a listing's total stays exact.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TEXT_EXTRACTION_THREADS: '0' });
});
afterAll(() => server.close());

/** The listing's total as a page shorter than the folder reads it: from the folder's count. */
async function totalItems(folderId: string): Promise<number> {
  const res = await server.api.get(`/nodes/${folderId}/children?maxItems=2`);
  expect(res.status).toBe(200);
  return res.body.list.pagination.totalItems as number;
}

describe('creates into one folder', () => {
  it('count every one of many simultaneous uploads and JSON creates, and every delete after', async () => {
    const folder = await aFolder(server.api);
    const answers = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => server.api.upload(folder.id, `u-${i}.txt`, `file ${i}`)),
      ...Array.from({ length: 8 }, (_, i) =>
        server.api.post(`/nodes/${folder.id}/children`, { name: `f-${i}`, nodeType: 'cm:folder' }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(await totalItems(folder.id)).toBe(32);
    const gone = answers.slice(0, 5).map((a) => a.body.entry.id as string);
    const deletes = await Promise.all([
      ...gone.slice(0, 3).map((id) => server.api.delete(`/nodes/${id}`)),
      ...gone.slice(3).map((id) => server.api.delete(`/nodes/${id}?permanent=true`)),
    ]);
    expect(deletes.map((d) => d.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await totalItems(folder.id)).toBe(27);
    const restored = await server.api.post(`/deleted-nodes/${gone[0]}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await totalItems(folder.id)).toBe(28);
  });

  it('count what was created in a folder moved elsewhere, and a copy of it', async () => {
    const [from, to] = [await aFolder(server.api), await aFolder(server.api)];
    const folder = await aFolder(server.api, from.id);
    await Promise.all(Array.from({ length: 5 }, (_, i) => server.api.upload(folder.id, `m-${i}.txt`, 'moved')));
    const moved = await server.api.post(`/nodes/${folder.id}/move`, { targetParentId: to.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await totalItems(folder.id)).toBe(5);
    const copied = await server.api.post(`/nodes/${folder.id}/copy`, { targetParentId: from.id });
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    expect(await totalItems(copied.body.entry.id)).toBe(5);
    expect(await totalItems(from.id)).toBe(1);
  });
});

if (testDialect !== 'postgres') {
  console.log(
    '[skipped on SQLite] row locks of a folder: SQLite has one writer at a time, so no row lock to wait for.',
  );
}
describe.skipIf(testDialect !== 'postgres')('the folder row a create holds (PostgreSQL)', () => {
  /** Runs `during` while another connection holds the folder's row in `mode`, then commits it. */
  async function whileHeld<T>(folderId: string, mode: 'share' | 'no key update', during: () => Promise<T>) {
    const client = new pg.Client({ connectionString: server.databaseUrl! });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`select id from nodes where id = $1 for ${mode}`, [folderId]);
      const result = await during();
      await client.query('commit');
      return result;
    } finally {
      await client.end();
    }
  }
  const within = <T>(ms: number, work: Promise<T>) =>
    Promise.race([work, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

  it('a plain create does not wait for another create holding the folder', async () => {
    const folder = await aFolder(server.api);
    const statuses = await whileHeld(folder.id, 'share', async () => [
      (await within(5_000, server.api.upload(folder.id, 'side-by-side.txt', 'x'))) === 'waiting'
        ? 'waiting'
        : 'answered',
      (await within(
        5_000,
        server.api.post(`/nodes/${folder.id}/children`, { name: 'side-by-side', nodeType: 'cm:folder' }),
      )) === 'waiting'
        ? 'waiting'
        : 'answered',
    ]);
    expect(statuses).toEqual(['answered', 'answered']);
    expect(await totalItems(folder.id)).toBe(2);
  });

  /**
   * Two list creates into one folder, each item waiting its turn: `first` stalls after its first
   * item (its second goes into a subfolder another connection holds) until `second` has sent its
   * items, then both finish. Answers both statuses and bodies.
   */
  async function interleaved(
    folderId: string,
    stall: string,
    first: object[],
    second: object[],
    query: Record<string, string> = {},
  ) {
    let a: ReturnType<TestServer['api']['post']> | undefined;
    let b: ReturnType<TestServer['api']['post']> | undefined;
    const watcher = await lockWatcher(server.databaseUrl!);
    try {
      await whileHeld(stall, 'no key update', async () => {
        const blocked = await blockedBackends(watcher);
        a = server.api.post(`/nodes/${folderId}/children`, first, { query });
        await untilWaiting(watcher, blocked, a);
        b = server.api.post(`/nodes/${folderId}/children`, second, { query });
        await untilWaiting(watcher, await blockedBackends(watcher), b);
      });
    } finally {
      await watcher.end();
    }
    return [await a!, await b!];
  }
  const folderNamed = (name: string, extra: object = {}) => ({ name, nodeType: 'cm:folder', ...extra });

  it('two list creates naming the same children in opposite orders: one is refused (409), no deadlock', async () => {
    const folder = await aFolder(server.api);
    const stall = await aFolder(server.api, folder.id, { name: 'stall' });
    const answers = await interleaved(
      folder.id,
      stall.id,
      [folderNamed('x'), folderNamed('y', { relativePath: 'stall' }), folderNamed('z')],
      [folderNamed('z'), folderNamed('x')],
    );
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409]);
    expect(await totalItems(folder.id)).toBe(3);
  });

  it('two list creates making the same relativePath folders in opposite orders both succeed', async () => {
    const folder = await aFolder(server.api);
    const stall = await aFolder(server.api, folder.id, { name: 'stall' });
    const answers = await interleaved(
      folder.id,
      stall.id,
      [
        folderNamed('a', { relativePath: 'p' }),
        folderNamed('y', { relativePath: 'stall' }),
        folderNamed('b', { relativePath: 'q' }),
      ],
      [folderNamed('c', { relativePath: 'q' }), folderNamed('d', { relativePath: 'p' })],
    );
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([201, 201]);
    expect(await totalItems(folder.id)).toBe(3);
  });

  it('two list creates with autoRename choosing a name in one folder both succeed', async () => {
    const folder = await aFolder(server.api);
    const stall = await aFolder(server.api, folder.id, { name: 'stall' });
    const answers = await interleaved(
      folder.id,
      stall.id,
      [folderNamed('a1'), folderNamed('x'), folderNamed('y', { relativePath: 'stall' })],
      [folderNamed('b1'), folderNamed('x')],
      { autoRename: 'true' },
    );
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([201, 201]);
    expect(answers[1]!.body.list.entries[1].entry.name).toBe('x-1');
    expect(await totalItems(folder.id)).toBe(5);
  });

  const stalled = <A, B>(lockSql: string | string[], first: () => Promise<A>, second: () => Promise<B>) =>
    stalledOn(server.databaseUrl!, lockSql, first, second);

  /** The trash answered 204 and the upload left no live file: refused (404), or trashed with its folder. */
  async function expectNoLiveFile(
    trashed: { status: number },
    uploaded: { status: number; body: { entry?: { id: string } } },
  ) {
    expect(trashed.status).toBe(204);
    if (uploaded.status === 201) {
      const live = await server.api.get(`/nodes/${uploaded.body.entry!.id}`);
      expect(live.status, 'a live file under a trashed folder').toBe(404);
    } else expect(uploaded.status).toBe(404);
  }

  it('a file created while its folder is being trashed goes into the trash with it', async () => {
    await aPerson(server, 'quinn');
    expect((await server.api.put('/people/quinn', { quota: 1_000_000 })).status).toBe(200);
    const parent = await aFolder(server.api);
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' }, parent.id);
    const quinn = server.api.as('quinn', 'pw');
    // The upload stops at its quota check (the person's row, held here), its file inserted.
    const [uploaded, trashed] = await stalled(
      `select id from people where id = 'quinn' for no key update`,
      () => quinn.upload(folder.id, 'late.txt', 'x'),
      () => server.api.delete(`/nodes/${folder.id}`),
    );
    await expectNoLiveFile(trashed, uploaded);
  });

  it('a file or folder whose create waited for its folder being trashed does not land in the trash alive', async () => {
    for (const create of [
      (id: string) => server.api.upload(id, 'late.txt', 'x'),
      (id: string) => server.api.post(`/nodes/${id}/children`, { name: 'late', nodeType: 'cm:folder' }),
    ]) {
      const parent = await aFolder(server.api);
      const folder = await aFolder(server.api, parent.id);
      // The trash stops at moving the folder under the archive root (held here), the folder held.
      const [trashed, created] = await stalled(
        `select id from nodes where system_key = 'archive' for update`,
        () => server.api.delete(`/nodes/${folder.id}`),
        () => create(folder.id),
      );
      await expectNoLiveFile(trashed, created);
    }
  });

  it('a file and a folder created while their folder is deleted for good are refused (404, not 500)', async () => {
    for (const create of [
      (id: string) => server.api.upload(id, 'orphan.txt', 'x'),
      (id: string) => server.api.post(`/nodes/${id}/children`, { name: 'orphan', nodeType: 'cm:content' }),
      (id: string) => server.api.post(`/nodes/${id}/children`, { name: 'orphan', nodeType: 'cm:folder' }),
    ]) {
      const folder = await aFolder(server.api);
      // The creates wait for the folder's row, which goes while they wait (as a purge takes it).
      const client = new pg.Client({ connectionString: server.databaseUrl! });
      await client.connect();
      const watcher = await lockWatcher(server.databaseUrl!);
      let created: Promise<{ status: number }> | undefined;
      try {
        await client.query('begin');
        await client.query('select id from nodes where id = $1 for update', [folder.id]);
        const blocked = await blockedBackends(watcher);
        created = create(folder.id);
        await untilWaiting(watcher, blocked, created);
        await client.query('delete from nodes where id = $1', [folder.id]);
        await client.query('commit');
      } finally {
        await client.end();
        await watcher.end();
      }
      const answer = await created!;
      expect(answer.status, JSON.stringify(answer)).toBe(404);
    }
  });

  it('a folder created while its folder turns private takes the private ACL, not the one its folder had', async () => {
    await aPerson(server, 'rowan');
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Consumer' });
    const folder = await aFolder(server.api, shared.id);
    // A folder below, held here: the permission change stops at repointing it, its folder's row written.
    const below = await aFolder(server.api, folder.id);
    const [changed, created] = await stalled(
      `select id from nodes where id = '${below.id}' for update`,
      () => server.api.put(`/nodes/${folder.id}`, { permissions: { isInheritanceEnabled: false, locallySet: [] } }),
      () => server.api.post(`/nodes/${folder.id}/children`, { name: 'during', nodeType: 'cm:folder' }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rowan = server.api.as('rowan', 'pw');
    expect((await rowan.get(`/nodes/${below.id}`)).status).toBe(403);
    expect((await rowan.get(`/nodes/${created.body.entry.id}`)).status, 'readable through the old ACL').toBe(403);
  });

  it('creates wait for a change of the folder itself, and one that picks its name from the children waits for creates', async () => {
    const folder = await aFolder(server.api);
    let upload: Promise<{ status: number }> | undefined;
    const early = await whileHeld(folder.id, 'no key update', async () => {
      upload = server.api.upload(folder.id, 'after.txt', 'x');
      return within(1_000, upload);
    });
    expect(early).toBe('waiting');
    expect((await upload!).status).toBe(201);

    let renamed: Promise<{ status: number; body: { entry: { name: string } } }> | undefined;
    const meanwhile = await whileHeld(folder.id, 'share', async () => {
      renamed = server.api.upload(folder.id, 'after.txt', 'y', { autoRename: 'true' });
      return within(1_000, renamed);
    });
    expect(meanwhile).toBe('waiting');
    const answer = await renamed!;
    expect(answer.status).toBe(201);
    expect(answer.body.entry.name).toBe('after-1.txt');
    expect(await totalItems(folder.id)).toBe(2);
  });
});
