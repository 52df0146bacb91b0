import { afterAll, beforeAll, expect, it } from 'vitest';
import { aFile, aFolder } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// A stream whose client reads slowly (ADR 0022): once its buffers are full, the instance's reader
// stops writing to it and the stream is served from the log after it drains, so nothing is buffered
// without bound and nothing is lost or repeated. Driven through the event hub, without a socket in
// between (a socket's own buffers would hold megabytes before the stream felt the client's slowness).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const FILES = 150;
const COPIES = 10;
/** The stream's two 64 KiB buffers (written and readable) and one batch of the reader (200 events). */
const MOST_HELD = 2 * 64 * 1024 + 200 * 200;

it('serves a stream that fell behind from the log once it drains: every event once, in order', async () => {
  const { hub } = server.app.events;
  await hub.refresh();
  const admin = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
  const s = hub.open('admin', { authorization: admin, alfTicket: undefined, clientAddress: '127.0.0.1' }, hub.cursor);
  const folder = await aFolder(server.api);
  for (let i = 0; i < FILES; i += 25) await Promise.all(Array.from({ length: 25 }, () => aFile(server.api, folder.id)));
  // Each copy writes an event per node it makes: about 300 KB of events in all.
  const target = await aFolder(server.api);
  for (let i = 0; i < COPIES; i++) {
    const copy = await server.api.post(`/nodes/${folder.id}/copy`, { targetParentId: target.id, name: `copy-${i}` });
    expect(copy.status).toBe(201);
  }
  // Nothing was read: the stream left the reader's batches and holds no more than its buffers.
  await expect.poll(() => s.inSync, { timeout: 10_000 }).toBe(false);
  expect(s.stream.readableLength + s.stream.writableLength).toBeLessThanOrEqual(MOST_HELD);

  // The client reads now: the rest comes from the log.
  let text = '';
  s.stream.setEncoding('utf8');
  s.stream.on('data', (chunk: string) => (text += chunk));
  const created = () =>
    [...text.matchAll(/^data: (.*)$/gm)]
      .map((m) => JSON.parse(m[1]!) as { id: string; type: string; nodeId?: string })
      .filter((e) => e.type === 'created');
  // Exactly these: on a server just started, a stream "from now" gets nothing written before it
  // opened (on PostgreSQL the bootstrap's rows were not numbered yet: it once got them).
  const expected = 2 + FILES + COPIES * (1 + FILES);
  await expect.poll(() => created().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(expected);
  await expect.poll(() => s.inSync, { timeout: 10_000 }).toBe(true);
  const events = created();
  expect(events).toHaveLength(expected);
  expect(new Set(events.map((e) => e.nodeId)).size).toBe(expected);
  const ids = events.map((e) => Number(e.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(text.length).toBeGreaterThan(MOST_HELD);
  hub.end(s);
}, 60_000);
