import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../testing/builders.ts';
import { OC } from '../../testing/orgchart-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A job's rename and its deletion at once (through two instances on PostgreSQL), held at the
// job's row: a rename of a job deleted meanwhile is a 404, as for an unknown job, and changes nothing.

const t = serverWithPeer({
  skippedOnSqlite: 'a job rename held half-way: SQLite has one writer, nothing is held half-way.',
});

describe.skipIf(testDialect !== 'postgres')('renaming a job while it is deleted (PostgreSQL)', () => {
  it('the deletion, then the rename (held at the job): the rename is 404 and no job is left', async () => {
    const id = uniqueName('job');
    expect((await t.server.api.post(`${OC}/job`, { id, name: 'Tester' })).status).toBe(201);
    const [removed, renamed] = await stalled(
      t.server.databaseUrl!,
      `select id from orgchart_jobs where id = '${id}' for update`,
      () => t.server.api.delete(`${OC}/job/${id}`),
      () => t.peer.put(`${OC}/job/${id}`, { name: 'Renamed' }),
    );
    expect([removed.status, renamed.status], JSON.stringify(renamed.body)).toEqual([200, 404]);
    const jobs = (await t.server.api.get(`${OC}/job`)).body.data as { id: string }[];
    expect(jobs.map((j) => j.id)).not.toContain(id);
  });
});
