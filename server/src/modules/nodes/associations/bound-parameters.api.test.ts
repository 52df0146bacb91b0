import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../testing/api-client.ts';
import { aFile, aFolder, aSharedFolder, aUser } from '../../../testing/builders.ts';
import { seedRows } from '../../../testing/seed-rows.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { Access } from '../../permissions/access.ts';

// An association listing once read every associated node, with the display names of the people
// who made them and the grants of their ACLs, before it paged: a statement may bind at most 32,766
// parameters on SQLite and 65,535 on PostgreSQL, and 66,000 nodes, each made by someone else and
// with an ACL of its own, is past both. It pages in SQL now (reading a page's nodes only); the
// test keeps it from binding a parameter per associated node again. The rows are written directly
// (through the API they would take minutes).

const MANY = 66_000;
let server: TestServer;
let bob: ApiClient;
let hub: string;
beforeAll(async () => {
  server = await startTestServer();
  bob = (await aUser(server.api, { id: 'bob' })).api;
  hub = (await aSharedFolder(server.api, { bob: 'Consumer' })).id;
  const store = (await aFolder(server.api)).id;
  const template = (await aFile(server.api, store)).id;
  const db = server.app.database.db;
  const tpl = await db.selectFrom('nodes').selectAll().where('id', '=', template).executeTakeFirstOrThrow();
  const now = Date.now();
  await seedRows(server, MANY, async (tx, n) => {
    const ids = n.map((i) => `bp-${i}`);
    await tx
      .insertInto('nodes')
      .values(
        ids.map((id, i) => ({
          ...tpl,
          id,
          name: `${id}.txt`,
          nameKey: `${id}.txt`,
          createdBy: `maker${n[i]}`,
          modifiedBy: `editor${n[i]}`,
          aclId: id,
        })),
      )
      .execute();
    await tx
      .insertInto('acls')
      .values(ids.map((id) => ({ id, parentAclId: null })))
      .execute();
    await tx
      .insertInto('aclGrants')
      .values(ids.map((aclId) => ({ aclId, authorityId: 'bob', bits: Access.READ })))
      .execute();
    await tx
      .insertInto('peerAssocs')
      .values(ids.map((targetId) => ({ sourceId: hub, targetId, assocType: 'cm:references', createdAt: now })))
      .execute();
    await tx
      .insertInto('secondaryChildren')
      .values(ids.map((childId) => ({ parentId: hub, childId, assocType: 'cm:contains', createdAt: now })))
      .execute();
  });
}, 300_000);
afterAll(() => server.close());

describe(`a folder with ${MANY} peer targets and secondary children, each with an ACL of its own`, () => {
  it.each(['targets', 'secondary-children'])('lists its %s to an administrator and to a reader', async (listing) => {
    for (const api of [server.api, bob]) {
      const res = await api.get(`/nodes/${hub}/${listing}`, { query: { maxItems: 2 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.list.pagination.totalItems).toBe(MANY);
      expect(
        res.body.list.entries.map((e: { entry: { createdByUser: { id: string } } }) => e.entry.createdByUser.id),
      ).toHaveLength(2);
    }
  });
});
