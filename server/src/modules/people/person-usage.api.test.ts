import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// quotaUsed reads person_usage, which triggers on nodes keep (migration 0011). Whatever changes a
// node's size or owner, through whichever code, must leave it equal to the sum it replaces.

let server: TestServer;
let jo: TestUser;
let ann: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  jo = await aUser(server.api);
  ann = await aUser(server.api);
});
afterAll(() => server.close());

/** Every owner's bytes as the triggers keep them and as the nodes sum up (zero rows left out). */
async function usageBothWays(): Promise<{ kept: Record<string, number>; summed: Record<string, number> }> {
  const db = server.app.database.db;
  const kept = await sql<{ ownerId: string; bytes: number | string }>`
    select owner_id, sum(bytes) as bytes from person_usage group by owner_id having sum(bytes) <> 0`.execute(db);
  const summed = await sql<{ ownerId: string; bytes: number | string }>`
    select owner_id, sum(size_in_bytes) as bytes from nodes
    where owner_id is not null and size_in_bytes is not null
    group by owner_id having sum(size_in_bytes) <> 0`.execute(db);
  // Rows come back camel-cased (the database's CamelCasePlugin).
  const toMap = (rows: { ownerId: string; bytes: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.ownerId, Number(r.bytes)]));
  return { kept: toMap(kept.rows), summed: toMap(summed.rows) };
}

async function expectUsageConsistent(): Promise<Record<string, number>> {
  const { kept, summed } = await usageBothWays();
  expect(kept).toEqual(summed);
  return kept;
}

async function quotaUsed(id: string): Promise<number> {
  const res = await server.api.get(`/people/${id}`);
  expect(res.status).toBe(200);
  return res.body.entry.quotaUsed as number;
}

describe('usage kept by the database', () => {
  it('follows uploads, content updates, versions, copies, owner changes and deletes', async () => {
    const folder = (await jo.api.post('/nodes/-my-/children', { name: 'stuff', nodeType: 'cm:folder' })).body.entry;
    const upload = async (name: string, bytes: number) => {
      const res = await jo.api.upload(folder.id, name, Buffer.alloc(bytes, 1));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.entry as { id: string };
    };
    const a = await upload('a.bin', 1000);
    const b = await upload('b.bin', 70 * 1024); // past the inline limit: a file in the store
    await upload('empty.bin', 0);
    const sub = (await jo.api.post(`/nodes/${folder.id}/children`, { name: 'sub', nodeType: 'cm:folder' })).body.entry;
    expect((await jo.api.upload(sub.id, 'deep.bin', Buffer.alloc(7))).status).toBe(201);
    expect(await quotaUsed(jo.id)).toBe(1000 + 70 * 1024 + 7);
    await expectUsageConsistent();

    // A new version through overwrite, then content updates that grow and shrink the file.
    expect((await jo.api.upload(folder.id, 'a.bin', Buffer.alloc(3000, 2), { overwrite: 'true' })).status).toBe(201);
    const put = (id: string, bytes: number) =>
      jo.api.put(`/nodes/${id}/content`, Buffer.alloc(bytes, 3), {
        headers: { 'content-type': 'application/octet-stream' },
      });
    expect((await put(a.id, 5000)).status).toBe(200);
    expect((await put(b.id, 10)).status).toBe(200);
    expect(await quotaUsed(jo.id)).toBe(5000 + 10 + 7);
    await expectUsageConsistent();

    // Reverting to the first version brings its size back.
    expect((await jo.api.post(`/nodes/${a.id}/versions/1.0/revert`, {})).status).toBe(200);
    expect(await quotaUsed(jo.id)).toBe(1000 + 10 + 7);

    // A copy by someone else is theirs.
    const target = await aFolder(server.api);
    const copy = await server.api.post(`/nodes/${folder.id}/copy`, { targetParentId: target.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(await quotaUsed('admin')).toBeGreaterThanOrEqual(1000 + 10);
    await expectUsageConsistent();

    // Giving a file away moves its bytes to the new owner.
    const give = await server.api.put(`/nodes/${a.id}`, { properties: { 'cm:owner': ann.id } });
    expect(give.status, JSON.stringify(give.body)).toBe(200);
    expect(await quotaUsed(jo.id)).toBe(10 + 7);
    expect(await quotaUsed(ann.id)).toBe(1000);
    await expectUsageConsistent();

    // Deleting the folder deletes every file below it, whoever owns them.
    expect((await jo.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    expect(await quotaUsed(jo.id)).toBe(0);
    expect(await quotaUsed(ann.id)).toBe(0);
    await expectUsageConsistent();
  });

  it('enforces a quota from the kept usage, and a refused upload changes nothing', async () => {
    const kim = await aUser(server.api);
    expect((await server.api.put(`/people/${kim.id}`, { quota: 5000 })).status).toBe(200);
    expect((await kim.api.upload('-my-', 'one.bin', Buffer.alloc(4000))).status).toBe(201);
    const refused = await kim.api.upload('-my-', 'two.bin', Buffer.alloc(2000));
    expect(refused.status).toBe(507);
    expect(await quotaUsed(kim.id)).toBe(4000);
    expect((await kim.api.upload('-my-', 'three.bin', Buffer.alloc(1000))).status).toBe(201);
    expect(await quotaUsed(kim.id)).toBe(5000);
    await expectUsageConsistent();
  });

  it('keeps the repository total equal to the sum of the content objects', async () => {
    const db = server.app.database.db;
    const both = async () => {
      const kept = await sql<{ n: number | string }>`select coalesce(sum(bytes), 0) as n from repository_usage`.execute(
        db,
      );
      const summed = await sql<{
        n: number | string;
      }>`select coalesce(sum(size_in_bytes), 0) as n from content_objects`.execute(db);
      return [Number(kept.rows[0]!.n), Number(summed.rows[0]!.n)];
    };
    const [before] = await both();
    const folder = await aFolder(server.api);
    const file = await server.api.upload(folder.id, 'r.bin', Buffer.alloc(3333));
    expect(file.status).toBe(201);
    const [kept, summed] = await both();
    expect(kept).toBe(summed);
    expect(kept).toBe(before! + 3333);
    expect((await server.api.delete(`/nodes/${folder.id}`)).status).toBe(204);
    const [keptAfter, summedAfter] = await both();
    expect(keptAfter).toBe(summedAfter);
  });
});
