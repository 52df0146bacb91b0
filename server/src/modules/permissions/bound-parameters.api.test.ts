import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/database.ts';
import { aFolder, aSharedFolder, aUser } from '../../testing/builders.ts';
import { seedRows } from '../../testing/seed-rows.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Lists that grow with the data must not bind a parameter per value: a statement may have at most
// 32,766 on SQLite and 65,535 on PostgreSQL. 66,000 is past both. The rows are written directly
// (through the API they would take minutes).

const MANY = 66_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await aUser(server.api, { id: 'bob' });
  await aUser(server.api, { id: 'carol' });
}, 60_000);
afterAll(() => server.close());

/** Runs `write` over 0..MANY in batches of 500, in one transaction (PostgreSQL: without the row triggers). */
const seed = (write: (tx: Tx, ids: number[]) => Promise<unknown>) => seedRows(server, MANY, write);

const entry = (authorityId: string) => ({ authorityId, name: 'Consumer', accessStatus: 'ALLOWED' });

describe(`a folder with ${MANY} subfolders that define an ACL of their own`, () => {
  it('stops defining its own: their ACLs inherit from its folder, their grants recomputed', async () => {
    const above = await aSharedFolder(server.api, { carol: 'Consumer' });
    const folder = await aSharedFolder(server.api, { bob: 'Consumer' }, above.id);
    const db = server.app.database.db;
    const tpl = await db.selectFrom('nodes').selectAll().where('id', '=', folder.id).executeTakeFirstOrThrow();
    const local = JSON.stringify([entry('GROUP_EVERYONE')]);
    await seed(async (tx, n) => {
      const ids = n.map((i) => `sub-${i}`);
      await tx
        .insertInto('nodes')
        .values(
          ids.map((id) => ({
            ...tpl,
            id,
            parentId: folder.id,
            name: id,
            nameKey: id,
            aclId: id,
            localPermissions: local,
          })),
        )
        .execute();
      await tx
        .insertInto('acls')
        .values(ids.map((id) => ({ id, parentAclId: folder.id })))
        .execute();
    });

    const res = await server.api.put(`/nodes/${folder.id}`, { permissions: { locallySet: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const acl = await db
      .selectFrom('acls')
      .select('parentAclId')
      .where('id', '=', `sub-${MANY - 1}`)
      .executeTakeFirst();
    expect(acl?.parentAclId).toBe(above.id);
    const grants = await db
      .selectFrom('aclGrants')
      .select('authorityId')
      .where('aclId', '=', `sub-${MANY - 1}`)
      .execute();
    const authorities = grants.map((g) => g.authorityId);
    expect(authorities).toEqual(expect.arrayContaining(['carol', 'GROUP_EVERYONE']));
    expect(authorities).not.toContain('bob');
  }, 120_000);
});

describe(`a node whose permissions name ${MANY} people`, () => {
  it('is read with include=permissions, each with a display name', async () => {
    const folder = await aFolder(server.api);
    await seed((tx, n) =>
      tx
        .insertInto('people')
        .values(
          n.map((i) => ({
            id: `reader${i}`,
            idKey: `reader${i}`,
            firstName: 'Reader',
            lastName: String(i),
            email: null,
            enabled: 1 as const,
            passwordHash: '-',
            homeFolderId: null,
            createdAt: Date.now(),
          })),
        )
        .execute(),
    );
    const local = Array.from({ length: MANY }, (_, i) => entry(`reader${i}`));
    await db()
      .updateTable('nodes')
      .set({ localPermissions: JSON.stringify(local) })
      .where('id', '=', folder.id)
      .execute();

    const res = await server.api.get(`/nodes/${folder.id}`, { query: { include: 'permissions' } });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const locallySet = res.body.entry.permissions.locallySet as { authorityDisplayName: string }[];
    expect(locallySet).toHaveLength(MANY);
    expect(locallySet.at(-1)?.authorityDisplayName).toBe(`Reader ${MANY - 1}`);
  }, 120_000);
});

const db = () => server.app.database.db;
