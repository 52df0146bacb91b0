import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// quotaUsed reads person_usage, which triggers on nodes and versions keep (migrations 0011, 0014).
// A person uses, for each node they own, the bytes of the distinct content objects that the node
// and its versions refer to (content kept only in version history counts). Whatever changes a
// node's content, versions or owner, through whichever code, must leave it equal to that sum.

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
    select n.owner_id, sum(c.size_in_bytes) as bytes
    from (select id as node_id, content_id from nodes where content_id is not null
          union select node_id, content_id from versions where content_id is not null) as refs
    join nodes n on n.id = refs.node_id
    join content_objects c on c.id = refs.content_id
    where n.owner_id is not null
    group by n.owner_id having sum(c.size_in_bytes) <> 0`.execute(db);
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
    // The versions keep the older contents: a.bin 1000 + 3000 + 5000, b.bin 70 KiB + 10.
    expect(await quotaUsed(jo.id)).toBe(9000 + 70 * 1024 + 10 + 7);
    await expectUsageConsistent();

    // Reverting to the first version makes a version of content already counted: nothing changes.
    expect((await jo.api.post(`/nodes/${a.id}/versions/1.0/revert`, {})).status).toBe(200);
    expect(await quotaUsed(jo.id)).toBe(9000 + 70 * 1024 + 10 + 7);
    await expectUsageConsistent();

    // Deleting a version releases the content only it kept.
    expect((await jo.api.delete(`/nodes/${b.id}/versions/1.0`)).status).toBe(204);
    expect(await quotaUsed(jo.id)).toBe(9000 + 10 + 7);
    await expectUsageConsistent();

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
    expect(await quotaUsed(ann.id)).toBe(9000);
    await expectUsageConsistent();

    // Deleting the folder for good deletes every file below it, whoever owns them.
    expect((await jo.api.delete(`/nodes/${folder.id}`, { query: { permanent: true } })).status).toBe(204);
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

  it('counts content kept only in version history against the quota, and frees it with the version', async () => {
    const lee = await aUser(server.api);
    expect((await server.api.put(`/people/${lee.id}`, { quota: 10_000 })).status).toBe(200);
    const file = await lee.api.upload('-my-', 'history.bin', Buffer.alloc(4000, 1));
    expect(file.status).toBe(201);
    const put = (bytes: number, fill: number) =>
      lee.api.put(`/nodes/${file.body.entry.id}/content`, Buffer.alloc(bytes, fill), {
        headers: { 'content-type': 'application/octet-stream' },
      });
    expect((await put(4000, 2)).status).toBe(200);
    expect(await quotaUsed(lee.id)).toBe(8000);
    // 1.0 and 1.1 are kept: a third 4000 bytes would make 12,000.
    expect((await put(4000, 3)).status).toBe(507);
    expect(await quotaUsed(lee.id)).toBe(8000);
    expect((await lee.api.delete(`/nodes/${file.body.entry.id}/versions/1.0`)).status).toBe(204);
    expect(await quotaUsed(lee.id)).toBe(4000);
    expect((await put(4000, 3)).status).toBe(200);
    expect(await quotaUsed(lee.id)).toBe(8000);
    await expectUsageConsistent();
    // An unversioned file's replaced content is gone: only its new content counts.
    const plain = await lee.api.upload('-my-', 'plain.bin', Buffer.alloc(1000, 1), { versioningEnabled: 'false' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const replaced = await lee.api.put(`/nodes/${plain.body.entry.id}/content`, Buffer.alloc(1500, 2), {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(replaced.status).toBe(200);
    expect(await quotaUsed(lee.id)).toBe(9500);
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
    expect((await server.api.delete(`/nodes/${folder.id}`, { query: { permanent: true } })).status).toBe(204);
    const [keptAfter, summedAfter] = await both();
    expect(keptAfter).toBe(summedAfter);
  });
});
