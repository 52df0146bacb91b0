import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUnit, memberNames, OC } from '../../testing/orgchart-builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// A unit lists all its members, each with the bytes they own, read in one query: their ids must
// not be a parameter each (at most 32,766 on SQLite and 65,535 on PostgreSQL). 66,000 members,
// past both, are written directly (through the API they would take minutes).

const MANY = 66_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe(`a unit with ${MANY} members`, () => {
  it('lists them, with the bytes each owns', async () => {
    const unit = await aUnit(server.api, { name: 'Everyone Inc' });
    const now = Date.now();
    await server.app.database.db.transaction().execute(async (tx) => {
      // PostgreSQL: without the row triggers (an event and a notification per membership).
      if (server.databaseUrl) await sql`set local session_replication_role = replica`.execute(tx);
      for (let at = 0; at < MANY; at += 500) {
        const ids = Array.from(
          { length: Math.min(500, MANY - at) },
          (_, i) => `staff${String(at + i).padStart(5, '0')}`,
        );
        await tx
          .insertInto('people')
          .values(
            ids.map((id) => ({
              id,
              idKey: id,
              firstName: 'Staff',
              lastName: id,
              email: null,
              enabled: 1 as const,
              passwordHash: '-',
              homeFolderId: null,
              createdAt: now,
              nodeUuid: crypto.randomUUID(),
            })),
          )
          .execute();
        await tx
          .insertInto('groupMembers')
          .values(
            ids.map((memberId) => ({
              groupId: unit.groupName,
              memberId,
              memberType: 'PERSON' as const,
              createdAt: now,
            })),
          )
          .execute();
      }
    });

    const res = await server.api.get(`${OC}/unit/${unit.id}/members`);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const names = memberNames(res);
    expect(names).toHaveLength(MANY);
    expect(names.at(-1)).toBe(`staff${MANY - 1}`);
    expect(res.body.data[0].quotaUsed).toBe(0);
  }, 120_000);
});
