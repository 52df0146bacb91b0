import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client.ts';
import { aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createGroupsRepository } from '../groups/groups.repository.ts';

// Lists that grow with the data must not become one bound parameter per value: a statement may
// have at most 32,766 on SQLite and 65,535 on PostgreSQL. 66,000 is past both. The groups and
// memberships are written directly (through the API they would take minutes).

const MANY = 66_000;
let server: TestServer;
let many: ApiClient;
const manyId = 'many-sites';
beforeAll(async () => {
  server = await startTestServer();
  many = (await aUser(server.api, { id: manyId })).api;
  const db = server.app.database.db;
  const now = Date.now();
  const ids = Array.from({ length: MANY }, (_, i) => `GROUP_site_s${i}_SiteManager`);
  await db.transaction().execute(async (tx) => {
    // PostgreSQL: without the row triggers (an event and a notification per membership took minutes).
    if (server.databaseUrl) await sql`set local session_replication_role = replica`.execute(tx);
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      await tx
        .insertInto('groups')
        .values(
          chunk.map((id) => ({
            id,
            idKey: id.toLowerCase(),
            displayName: id,
            description: null,
            createdAt: now,
            nodeUuid: crypto.randomUUID(),
          })),
        )
        .execute();
      await tx
        .insertInto('groupMembers')
        .values(chunk.map((groupId) => ({ groupId, memberId: manyId, memberType: 'PERSON' as const, createdAt: now })))
        .execute();
    }
  });
}, 120_000);
afterAll(() => server.close());

describe(`a person in ${MANY} groups (SiteManager of as many sites)`, () => {
  it('lists the membership requests of the sites they manage', async () => {
    const res = await many.get('/site-membership-requests');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.entries).toEqual([]);
  });

  it('lists their groups and sites', async () => {
    const groups = await server.api.get(`/people/${manyId}/groups`, { query: { maxItems: 2 } });
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expect(groups.body.list.pagination.totalItems).toBe(MANY);
    const sites = await many.get('/people/-me-/sites');
    expect(sites.status, JSON.stringify(sites.body)).toBe(200);
  });

  it('lists folders and sites, filtered by what they may read', async () => {
    const children = await many.get('/nodes/-my-/children');
    expect(children.status, JSON.stringify(children.body)).toBe(200);
    const sites = await many.get('/sites');
    expect(sites.status, JSON.stringify(sites.body)).toBe(200);
  });
});

describe('groups hidden from a caller (five per private site they are not in)', () => {
  const hidden = Array.from({ length: MANY }, (_, i) => `GROUP_site_hidden${i}`);

  it('leaves them out of the groups listed, a group members and a person groups', async () => {
    const repo = createGroupsRepository();
    const db = server.app.database.db;
    const listed = await repo.list(db, { skip: 0, limit: 5, hidden });
    expect(listed.total).toBeGreaterThan(MANY);
    const members = await repo.members(db, 'GROUP_ALFRESCO_ADMINISTRATORS', 0, 5, hidden);
    expect(members.total).toBeGreaterThanOrEqual(1);
    const byIds = await repo.listByIds(
      db,
      Array.from({ length: MANY }, (_, i) => `GROUP_site_s${i}_SiteManager`),
      0,
      3,
    );
    expect(byIds).toHaveLength(3);
  });
});
