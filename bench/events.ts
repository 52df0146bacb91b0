/**
 * Live updates (ADR 0022): server memory with 1,000 idle event streams open, and the time from a
 * create's answer to its event on a stream while creates run (4 clients, JSON folder creates),
 * with those 1,000 streams still open (each receives every event: they are admin's). On SQLite;
 * with BENCH_PG_URL also on PostgreSQL, creates through one instance and the streams on another.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, request } from './lib/http.ts';
import { sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { withDatabase } from './pg.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile } from './lib/stats.ts';

export interface EventsOptions {
  idle: number;
  creates: number;
  clients: number;
}

export const DEFAULT_EVENTS: EventsOptions = {
  idle: Number(process.env.BENCH_EVENTS_IDLE ?? 1000),
  creates: 1000,
  clients: 4,
};

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

/** Idle streams and the answer-to-event delay: creates through `writer`, streams on `reader` (the same server, or another instance). */
async function measure(writer: ServerHandle, reader: ServerHandle, label: string, o: EventsOptions): Promise<Row[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const streams: Stream[] = [];
  try {
    const folder = await createFolder(writer.apiUrl, '-my-', 'events');
    await sleep(1000);
    const before = reader.mem()?.rssMb ?? Number.NaN;
    for (let i = 0; i < o.idle; i++) streams.push(await openStream(reader.baseUrl, agent, false));
    await sleep(2000);
    const withIdle = reader.mem()?.rssMb ?? Number.NaN;
    const perStream = ((withIdle - before) * 1024) / o.idle;
    log(
      `${label}: RSS ${fmt(before)} MiB before, ${fmt(withIdle)} MiB with ${o.idle} idle streams (${fmt(perStream)} KiB each)`,
    );
    const listener = await openStream(reader.baseUrl, agent, true);
    streams.push(listener);
    const answered = await creates(writer.apiUrl, folder, o);
    const deadline = Date.now() + 10_000;
    while (listener.created.size < answered.size && Date.now() < deadline) await sleep(20);
    const delays = [...answered].flatMap(([id, at]) => {
      const arrived = listener.created.get(id);
      return arrived === undefined ? [] : [Math.max(0, arrived - at)];
    });
    const missing = answered.size - delays.length;
    const [p50, p95] = [median(delays), percentile(delays, 95)];
    log(`${label}: ${answered.size} creates by ${o.clients} clients; ${missing} events missing after 10 s`);
    log(`${label}: answer to event: median ${fmt(p50, 1)} ms, p95 ${fmt(p95, 1)} ms`);
    return [
      row(
        `${GROUP} (${label})`,
        `server RSS with ${fmt(o.idle, 0)} idle streams (MiB; per stream)`,
        `${fmt(withIdle)} (+${fmt(perStream)} KiB each)`,
      ),
      row(
        `${GROUP} (${label})`,
        `create's answer to its event, ${o.clients} clients creating, ${fmt(o.idle, 0)} streams open: median / p95 (ms)`,
        `${fmt(p50, 1)} / ${fmt(p95, 1)}${missing ? ` (${missing} missing)` : ''}`,
        'p95 < 100',
        p95 < 100 && missing === 0,
      ),
    ];
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
  }
}

const ENV = (o: EventsOptions) => ({
  EVENTS_MAX_CONNECTIONS_PER_USER: String(o.idle + 10),
  TEXT_EXTRACTION_THREADS: '0',
});

/** SQLite, one server; with BENCH_PG_URL set, also PostgreSQL with two instances (creates on one, streams on the other). */
export async function runEvents(o: EventsOptions = DEFAULT_EVENTS): Promise<Row[]> {
  const dataDir = makeTempDir('events');
  const rows: Row[] = [];
  try {
    const server = await spawnQuire(dataDir, ENV(o));
    try {
      rows.push(...(await measure(server, server, 'SQLite', o)));
    } finally {
      await server.stop();
    }
    if (process.env.BENCH_PG_URL) rows.push(...(await onPostgres(o)));
    return rows;
  } finally {
    removeTempDir(dataDir);
  }
}

async function onPostgres(o: EventsOptions): Promise<Row[]> {
  return withDatabase(async (url) => {
    const dataDir = makeTempDir('events-pg');
    const servers: ServerHandle[] = [];
    try {
      for (let i = 0; i < 2; i++) servers.push(await spawnQuire(dataDir, { ...ENV(o), DATABASE_URL: url }));
      return await measure(servers[0]!, servers[1]!, 'PostgreSQL, two instances', o);
    } finally {
      for (const s of servers) await s.stop();
      removeTempDir(dataDir);
    }
  });
}
