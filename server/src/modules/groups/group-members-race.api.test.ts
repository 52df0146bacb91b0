import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../testing/builders.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Adding a member to a group while the member group is deleted, or while the same member is
// added by someone else (through two instances on PostgreSQL), each held where the add writes:
// one serial outcome, no 5xx, and no membership left naming a group that no longer exists (a later
// group of that id would be a member of the group, with its access).

const t = serverWithPeer({
  skippedOnSqlite: 'group member additions held half-way: SQLite has one writer, nothing is held half-way.',
});

async function aGroup(): Promise<string> {
  const res = await t.server.api.post('/groups', { id: uniqueName('team'), displayName: 'A team' });
  expect(res.status).toBe(201);
  return res.body.entry.id as string;
}

/** Memberships naming this member, whatever exists of it. */
async function membershipsOf(memberId: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from group_members where member_id = ${memberId}`.execute(t.server.app.database.db);
  return Number(rows[0]!.n);
}

describe.skipIf(testDialect !== 'postgres')('adding a group member while it changes (PostgreSQL)', () => {
  const holdGroup = (id: string) => `select id from groups where id = '${id}' for update`;

  it('an addition and a deletion of the member group: no membership is left naming the deleted group', async () => {
    const [parent, child] = [await aGroup(), await aGroup()];
    const [added, removed] = await stalled(
      t.server.databaseUrl!,
      holdGroup(parent),
      () => t.server.api.post(`/groups/${parent}/members`, { id: child, memberType: 'GROUP' }),
      () => t.peer.delete(`/groups/${child}`),
    );
    expect(removed.status).toBe(204);
    expect([201, 404]).toContain(added.status);
    expect(await membershipsOf(child)).toBe(0);
  });

  it('the same member added twice at once: one 201, the other 409', async () => {
    const [parent, child] = [await aGroup(), await aGroup()];
    const add = (api: ApiClient) => () => api.post(`/groups/${parent}/members`, { id: child, memberType: 'GROUP' });
    const [first, second] = await stalled(t.server.databaseUrl!, holdGroup(parent), add(t.server.api), add(t.peer));
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect(await membershipsOf(child)).toBe(1);
  });
});
