import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aFile, aPerson, aSharedFolder } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Writes that meet on the same rows: every request is answered (no connection is waited for ever,
// no deadlock or vanished parent is a 500). Rows are locked top-down on every path: a parent
// before its children, a node before the usage counters its content changes.

let server: TestServer;
let ann: ApiClient;
let bob: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  await aPerson(server, 'ann');
  await aPerson(server, 'bob');
  ann = server.api.as('ann', 'pw');
  bob = server.api.as('bob', 'pw');
});
afterAll(() => server.close());

const statusCounts = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};
const folderIn = async (parentId: string, name: string) =>
  (await server.api.post(`/nodes/${parentId}/children`, { name, nodeType: 'cm:folder' })).body.entry.id as string;

describe('concurrent writes', () => {
  it('answer 40 simultaneous creates by someone who is not the owner (the pool is never exhausted)', async () => {
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const answers = await Promise.race([
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          ann.post(`/nodes/${shared.id}/children`, { name: `c-${i}`, nodeType: 'cm:folder' }),
        ),
      ),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000)),
    ]);
    expect(answers === 'hung' ? 'hung' : answers.map((a) => a.status)).toEqual(Array(40).fill(201));
  }, 60_000);

  it('of children and of their folder never end in a 500', async () => {
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        Array.from({ length: 4 }, async (_, j) => {
          const folder = await folderIn(shared.id, `c-${round}-${j}`);
          const answers = await Promise.all([
            ann.post(`/nodes/${folder}/children`, { name: 'x', nodeType: 'cm:folder' }),
            bob.delete(`/nodes/${folder}`),
            ann.upload(folder, 'y.txt', 'y'),
          ]);
          statuses.push(...answers.map((a) => a.status));
        }),
      );
    }
    expect(statusCounts(statuses)).not.toHaveProperty('500');
    expect(
      statuses.every((s) => [201, 204, 404].includes(s)),
      JSON.stringify(statusCounts(statuses)),
    ).toBe(true);
  }, 120_000);

  it('of a folder and of its subfolder never end in a 500', async () => {
    const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(
        Array.from({ length: 4 }, async (_, j) => {
          const folder = await folderIn(shared.id, `p-${round}-${j}`);
          const sub = await folderIn(folder, 's');
          await aFile(server.api, sub, 'x');
          const answers = await Promise.all([ann.delete(`/nodes/${sub}`), bob.delete(`/nodes/${folder}`)]);
          statuses.push(...answers.map((a) => a.status));
        }),
      );
    }
    expect(
      statuses.every((s) => [204, 404].includes(s)),
      JSON.stringify(statusCounts(statuses)),
    ).toBe(true);
  }, 120_000);

  it('of a file’s content and its delete never end in a 500', async () => {
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
    const statuses: number[] = [];
    const text = { headers: { 'content-type': 'text/plain' } };
    for (let round = 0; round < 10; round += 1) {
      const files = await Promise.all(Array.from({ length: 4 }, (_, j) => aFile(server.api, folder.id, `v1 ${j}`)));
      const answers = await Promise.all(
        files.flatMap((f, j) => [
          ann.put(`/nodes/${f.id}/content`, `new ${round} ${j}`, text),
          bob.delete(`/nodes/${f.id}`),
        ]),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(
      statuses.every((s) => [200, 204, 404].includes(s)),
      JSON.stringify(statusCounts(statuses)),
    ).toBe(true);
  }, 120_000);

  if (process.env.QUIRE_TEST_DB !== 'postgres') {
    console.log(
      `[skipped on SQLite] a delete waiting for a row lock held by a create: SQLite has one writer at a time, so there is no row lock to wait for.`,
    );
  }
  it.runIf(process.env.QUIRE_TEST_DB === 'postgres')(
    'let a folder delete wait for a child being created, without a deadlock',
    async () => {
      const shared = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Coordinator' });
      const folder = await folderIn(shared.id, 'busy');
      // A create in flight: its insert's foreign key holds the folder's row (key share), and it
      // updates the folder's child count next.
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('select id from nodes where id = $1 for key share', [folder]);
        const removing = bob.delete(`/nodes/${folder}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query('update nodes set child_count = child_count where id = $1', [folder]);
        await client.query('commit');
        expect((await removing).status).toBe(204);
      } finally {
        await client.end();
      }
    },
  );
});
