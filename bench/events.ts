/**
 * Live updates (ADR 0022): server memory with 1,000 idle event streams open, and the time from a
 * create's answer to its event on a stream while creates run (4 clients, JSON folder creates),
 * with those 1,000 streams still open (each receives every event: they are admin's).
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, request } from './lib/http.ts';
import { sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile } from './lib/stats.ts';

export interface EventsOptions {
  idle: number;
  creates: number;
  clients: number;
}

export const DEFAULT_EVENTS: EventsOptions = { idle: 1000, creates: 1000, clients: 4 };

const GROUP = 'Live updates';
const EVENTS_PATH = '/alfresco/api/-default-/public/quire/versions/1/events';

interface Stream {
  request: http.ClientRequest;
  /** Arrival time of each created node's event, by node id. */
  created: Map<string, number>;
}

/** Opens a stream; resolves once its answer's headers arrived. Events are parsed only when `parse`. */
function openStream(baseUrl: string, agent: http.Agent, parse: boolean): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const created = new Map<string, number>();
    const req = http.get(`${baseUrl}${EVENTS_PATH}`, { headers: { authorization: ADMIN_AUTH }, agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        if (!parse) return;
        const now = performance.now();
        buffer += chunk;
        const messages = buffer.split('\n\n');
        buffer = messages.pop() ?? '';
        for (const m of messages) {
          const data = m.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const e = JSON.parse(data.slice(6)) as { type: string; nodeId?: string };
          if (e.type === 'created' && e.nodeId) created.set(e.nodeId, now);
        }
      });
      resolve({ request: req, created });
    });
    req.on('error', reject);
  });
}

async function creates(apiUrl: string, folder: string, o: EventsOptions) {
  const answered = new Map<string, number>();
  let next = 0;
  const client = async () => {
    for (let i = next++; i < o.creates; i = next++) {
      const body = JSON.stringify({ name: `f-${i}`, nodeType: 'cm:folder' });
      const res = await request(`${apiUrl}/nodes/${folder}/children`, {
        method: 'POST',
        headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json', 'content-length': body.length },
        body,
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.body.slice(0, 200)}`);
      answered.set((JSON.parse(res.body) as { entry: { id: string } }).entry.id, performance.now());
    }
  };
  await Promise.all(Array.from({ length: o.clients }, client));
  return answered;
}

export async function runEvents(o: EventsOptions = DEFAULT_EVENTS): Promise<Row[]> {
  const dataDir = makeTempDir('events');
  let server: ServerHandle | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  try {
    server = await spawnQuire(dataDir, { EVENTS_MAX_CONNECTIONS_PER_USER: String(o.idle + 10) });
    const folder = await createFolder(server.apiUrl, '-my-', 'events');
    await sleep(1000);
    const before = server.mem()?.rssMb ?? Number.NaN;
    for (let i = 0; i < o.idle; i++) streams.push(await openStream(server.baseUrl, agent, false));
    await sleep(2000);
    const withIdle = server.mem()?.rssMb ?? Number.NaN;
    const perStream = ((withIdle - before) * 1024) / o.idle;
    log(`RSS ${fmt(before)} MiB before, ${fmt(withIdle)} MiB with ${o.idle} idle streams (${fmt(perStream)} KiB each)`);

    const listener = await openStream(server.baseUrl, agent, true);
    streams.push(listener);
    const answered = await creates(server.apiUrl, folder, o);
    const deadline = Date.now() + 10_000;
    while (listener.created.size < answered.size && Date.now() < deadline) await sleep(20);
    const delays = [...answered].flatMap(([id, at]) => {
      const arrived = listener.created.get(id);
      return arrived === undefined ? [] : [Math.max(0, arrived - at)];
    });
    const missing = answered.size - delays.length;
    log(`${answered.size} creates by ${o.clients} clients; ${missing} events missing after 10 s`);
    log(`answer to event: median ${fmt(median(delays), 1)} ms, p95 ${fmt(percentile(delays, 95), 1)} ms`);
    return [
      row(
        GROUP,
        `server RSS with ${fmt(o.idle, 0)} idle streams (MiB; per stream KiB)`,
        `${fmt(withIdle)} (+${fmt(perStream)} KiB each)`,
      ),
      row(
        GROUP,
        `create's answer to its event while ${o.clients} clients create, ${o.idle} streams open: median / p95 (ms)`,
        `${fmt(median(delays), 1)} / ${fmt(percentile(delays, 95), 1)}${missing ? ` (${missing} missing)` : ''}`,
        'p95 < 100',
        percentile(delays, 95) < 100 && missing === 0,
      ),
    ];
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
    await server?.stop();
    removeTempDir(dataDir);
  }
}
