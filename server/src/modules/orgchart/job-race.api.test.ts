import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../testing/builders.ts';
import type { ApiClient } from '../../testing/api-client.ts';
import { OC } from '../../testing/orgchart-builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// A job's rename and its deletion at once (through two instances on PostgreSQL), held at the
// job's row: a rename of a job deleted meanwhile is a 404, as for an unknown job, and changes nothing.

let server: TestServer;
let peer: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  peer = server.databaseUrl ? (await server.startPeer()).api : server.api;
});
afterAll(() => server.close());

if (testDialect !== 'postgres') {
  console.log('[skipped on SQLite] a job rename held half-way: SQLite has one writer, nothing is held half-way.');
}

describe.skipIf(testDialect !== 'postgres')('renaming a job while it is deleted (PostgreSQL)', () => {
  it('the deletion, then the rename (held at the job): the rename is 404 and no job is left', async () => {
    const id = uniqueName('job');
    expect((await server.api.post(`${OC}/job`, { id, name: 'Tester' })).status).toBe(201);
    const [removed, renamed] = await stalled(
      server.databaseUrl!,
      `select id from orgchart_jobs where id = '${id}' for update`,
      () => server.api.delete(`${OC}/job/${id}`),
      () => peer.put(`${OC}/job/${id}`, { name: 'Renamed' }),
    );
    expect([removed.status, renamed.status], JSON.stringify(renamed.body)).toEqual([200, 404]);
    const jobs = (await server.api.get(`${OC}/job`)).body.data as { id: string }[];
    expect(jobs.map((j) => j.id)).not.toContain(id);
  });
});
