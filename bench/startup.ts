/**
 * Benchmark 4: cold start — from spawning `node dist-server/main.js` (what `npm start` runs) until
 * /probes/-ready- answers 200 — on a fresh data directory and on an existing one, and the
 * server's idle RSS shortly after start. A bare Fastify server (run under tsx) is the context.
 */
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { API } from './lib/http.ts';
import { sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, spawnServer, type ServerHandle } from './lib/server.ts';
import { fmt, median } from './lib/stats.ts';

export interface StartupOptions {
  runs: number;
  /** How long after ready the idle RSS is read. */
  settleMs: number;
}

export const DEFAULT_STARTUP: StartupOptions = { runs: 5, settleMs: 2000 };

interface StartResult {
  readyMs: number;
  rssMb: number;
}

async function startStop(start: () => Promise<ServerHandle>, settleMs: number): Promise<StartResult> {
  const server = await start();
  try {
    await sleep(settleMs);
    return { readyMs: server.readyMs, rssMb: server.mem()?.rssMb ?? Number.NaN };
  } finally {
    await server.stop();
  }
}

const list = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(', ');

export async function runStartup(o: StartupOptions = DEFAULT_STARTUP): Promise<Row[]> {
  const fresh: StartResult[] = [];
  const existing: StartResult[] = [];
  const bare: StartResult[] = [];
  const dirs: string[] = [];
  try {
    for (let i = 0; i < o.runs; i++) {
      const dir = makeTempDir('startup');
      dirs.push(dir);
      fresh.push(await startStop(() => spawnQuire(dir), o.settleMs));
    }
    log(`fresh DATA_DIR, spawn -> ready (ms): ${list(fresh.map((r) => r.readyMs))}`);
    log(
      `idle RSS ${o.settleMs / 1000} s after ready (MiB): ${list(
        fresh.map((r) => r.rssMb),
        1,
      )}`,
    );
    for (let i = 0; i < o.runs; i++) existing.push(await startStop(() => spawnQuire(dirs[0]!), o.settleMs));
    log(`existing DATA_DIR, spawn -> ready (ms): ${list(existing.map((r) => r.readyMs))}`);
    for (let i = 0; i < o.runs; i++) {
      const readyPath = `${API}/probes/-ready-`;
      bare.push(await startStop(() => spawnServer({ script: 'bench/bare-server.ts', readyPath }), o.settleMs));
    }
    log(`bare Fastify server (same node --import tsx), spawn -> ready (ms): ${list(bare.map((r) => r.readyMs))}`);
    log(
      `bare Fastify server idle RSS (MiB): ${list(
        bare.map((r) => r.rssMb),
        1,
      )}`,
    );
  } finally {
    for (const dir of dirs) removeTempDir(dir);
  }
  const freshMs = median(fresh.map((r) => r.readyMs));
  const existingMs = median(existing.map((r) => r.readyMs));
  const idleMb = median([...fresh, ...existing].map((r) => r.rssMb));
  const of = `(ms, median of ${o.runs})`;
  return [
    row('Startup', `Cold start, fresh DATA_DIR ${of}`, fmt(freshMs, 0), '< 1000', freshMs < 1000),
    row('Startup', `Cold start, existing DATA_DIR ${of}`, fmt(existingMs, 0), '< 1000', existingMs < 1000),
    row('Startup', 'Bare Fastify + tsx cold start (ms, context)', fmt(median(bare.map((r) => r.readyMs)), 0)),
    row('Memory', `Idle RSS ${o.settleMs / 1000} s after start (MiB, median)`, fmt(idleMb), '< 150', idleMb < 150),
    row('Memory', 'Bare Fastify + tsx idle RSS (MiB, context)', fmt(median(bare.map((r) => r.rssMb)))),
  ];
}
