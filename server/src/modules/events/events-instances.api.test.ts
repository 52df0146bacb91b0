import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aSharedFolder, aUser, type TestUser } from '../../testing/builders.ts';
import { basic, openEvents, type EventStream } from '../../testing/event-stream.ts';
import { testDialect } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// Live updates across instances on one PostgreSQL database (ADR 0022): a change answered by
// instance A reaches a stream held by instance B (NOTIFY quire_events wakes B's reader), with
// the same event ids, so a stream may resume on either instance.

const onPostgres = testDialect === 'postgres';
if (!onPostgres) console.log('[events-instances] skipped: several instances share a PostgreSQL database only.');

let server: TestServer;
let peerUrl: string;
let alice: TestUser;
const streams: EventStream[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  server = await startTestServer();
  peerUrl = (await server.startPeer()).baseUrl;
  alice = await aUser(server.api);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

describe.runIf(onPostgres)('GET /events on two instances', () => {
  it("delivers A's changes to a stream on B, and a stream resumes on A after B's last id", async () => {
    const folder = await aSharedFolder(server.api, { GROUP_EVERYONE: 'Consumer' });
    const onB = await openEvents(peerUrl, basic(alice.id, alice.password));
    streams.push(onB);
    const file = await aFile(server.api, folder.id);
    const seen = await onB.next((e) => e.type === 'created' && e.nodeId === file.id);
    expect(seen.parentId).toBe(folder.id);
    onB.close();
    const missed = await aFile(server.api, folder.id);
    const onA = await openEvents(server.baseUrl, { ...basic(alice.id, alice.password), 'last-event-id': seen.id });
    streams.push(onA);
    await onA.next((e) => e.type === 'created' && e.nodeId === missed.id);
    // From after B's last id on (a new file's first version writes no event of its own: its creation says it).
    expect(onA.events.every((e) => Number(e.id) > Number(seen.id))).toBe(true);
    expect(onA.events.map((e) => e.type)).toEqual(['created']);
  });
});
