/**
 * Benchmark 5: durable small-file creates per second on SQLite. A fixed number of clients (8
 * keep-alive connections by default), each sending its next request as soon as the previous one
 * answered, create files in one folder: (a) multipart uploads of 1 KiB files (`filedata`), each a
 * real upload whose content is fsynced and whose metadata transaction is committed before the
 * 201; (b) JSON creates of empty `cm:content` files. A warm-up into another folder comes first.
 * Afterwards the folder's totalItems must equal the number of 201 answers.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, multipartFile, request, requestJson } from './lib/http.ts';
import { cpuSeconds, machineBusyPercent, machineStealPercent, machineTicks } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile, since } from './lib/stats.ts';

export interface CreatesOptions {
  connections: number;
  warmupS: number;
  durationS: number;
  fileBytes: number;
}

export const DEFAULT_CREATES: CreatesOptions = { connections: 8, warmupS: 2, durationS: 8, fileBytes: 1024 };

const GROUP = 'Creates (SQLite)';
const GOAL = 1000;

type Mode = 'multipart' | 'json';

interface Body {
  headers: Record<string, string | number>;
  body: Buffer;
}

/** The request body of create number `n` (names are unique per run). */
function bodyMaker(mode: Mode, prefix: string, fileBytes: number): (n: number) => Body {
  // Printable bytes, so the server sees a text/plain file; one block reused (content is not deduplicated).
  const content = Buffer.from(randomBytes(fileBytes).toString('base64').slice(0, fileBytes));
  if (mode === 'json') {
    return (n) => {
      const body = Buffer.from(JSON.stringify({ name: `${prefix}-${n}.txt`, nodeType: 'cm:content' }));
      return { headers: { 'content-type': 'application/json', 'content-length': body.length }, body };
    };
  }
  return (n) => multipartFile(`${prefix}-${n}.txt`, content);
}

interface LoadResult {
  created: number;
  failed: number;
  /** The first non-201 answer or error, for the log. */
  firstFailure?: string;
  latencies: number[];
  elapsedMs: number;
  serverCpuS: number;
  /** Busy share of all the machine's cores: server, load generator and anything else running. */
  machineBusy: number;
  /** Share of the machine's CPU time taken by the hypervisor for other machines (a noisy host). */
  steal: number;
}

/** `connections` closed-loop clients creating in `folderId` until `durationS` has passed. */
async function load(
  server: ServerHandle,
  folderId: string,
  mode: Mode,
  prefix: string,
  durationS: number,
  o: CreatesOptions,
) {
  const url = `${server.apiUrl}/nodes/${folderId}/children`;
  const make = bodyMaker(mode, prefix, o.fileBytes);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const result: LoadResult = {
    created: 0,
    failed: 0,
    latencies: [],
    elapsedMs: 0,
    serverCpuS: 0,
    machineBusy: 0,
    steal: 0,
  };
  let next = 0;
  const cpuBefore = cpuSeconds(server.pid);
  const machineBefore = machineTicks();
  const start = process.hrtime.bigint();
  const deadline = durationS * 1000;
  const client = async () => {
    while (since(start) < deadline) {
      const { headers, body } = make(next++);
      const t0 = process.hrtime.bigint();
      try {
        const res = await request(url, {
          method: 'POST',
          headers: { authorization: ADMIN_AUTH, ...headers },
          body,
          agent,
          timeoutMs: 30_000,
        });
        if (res.status === 201) {
          result.created += 1;
          result.latencies.push(since(t0));
        } else {
          result.failed += 1;
          result.firstFailure ??= `${res.status} ${res.body.slice(0, 300)}`;
        }
      } catch (error) {
        result.failed += 1;
        result.firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: o.connections }, client));
  } finally {
    agent.destroy();
  }
  result.elapsedMs = since(start);
  result.serverCpuS = cpuSeconds(server.pid) - cpuBefore;
  const machineAfter = machineTicks();
  result.machineBusy = machineBusyPercent(machineBefore, machineAfter);
  result.steal = machineStealPercent(machineBefore, machineAfter);
  return result;
}

interface ModeResult {
  rate: number;
  p50: number;
  p95: number;
  created: number;
  failed: number;
  totalItems: number;
}

async function measure(server: ServerHandle, mode: Mode, o: CreatesOptions): Promise<ModeResult> {
  const warmFolder = await createFolder(server.apiUrl, '-my-', `creates-${mode}-warmup`);
  const folder = await createFolder(server.apiUrl, '-my-', `creates-${mode}`);
  const warm = await load(server, warmFolder, mode, 'w', o.warmupS, o);
  if (warm.created === 0) throw new Error(`${mode} creates all failed in the warm-up: ${warm.firstFailure}`);
  const r = await load(server, folder, mode, 'f', o.durationS, o);
  if (r.created === 0) throw new Error(`${mode} creates all failed: ${r.firstFailure}`);
  const listing = await requestJson<{ list: { pagination: { totalItems: number } } }>(
    `${server.apiUrl}/nodes/${folder}/children?maxItems=1`,
    200,
    { headers: { authorization: ADMIN_AUTH } },
  );
  const rate = r.created / (r.elapsedMs / 1000);
  const totalItems = listing.list.pagination.totalItems;
  const p50 = median(r.latencies);
  const p95 = percentile(r.latencies, 95);
  const cpu =
    `server CPU ${fmt((r.serverCpuS / (r.elapsedMs / 1000)) * 100, 0)} % of one core, ` +
    `machine ${fmt(r.machineBusy, 0)} % busy (${os.cpus().length} cores), steal ${fmt(r.steal, 0)} %`;
  log(
    `${mode}: ${fmt(r.created, 0)} created in ${fmt(r.elapsedMs / 1000, 2)} s = ${fmt(rate, 0)}/s, ` +
      `latency p50 ${fmt(p50, 2)} ms, p95 ${fmt(p95, 2)} ms, ${cpu} (warm-up: ${fmt(warm.created, 0)} created)`,
  );
  if (r.failed + warm.failed > 0) {
    log(
      `${mode}: ${r.failed + warm.failed} requests FAILED (not counted); the first: ${r.firstFailure ?? warm.firstFailure}`,
    );
  }
  log(`${mode}: folder totalItems ${fmt(totalItems, 0)}, 201 answers ${fmt(r.created, 0)}`);
  return { rate, p50, p95, created: r.created, failed: r.failed, totalItems };
}

export async function runCreates(o: CreatesOptions = DEFAULT_CREATES): Promise<Row[]> {
  log(
    `${o.connections} keep-alive clients, ${o.warmupS} s warm-up + ${o.durationS} s measured per kind; ` +
      `multipart files of ${fmt(o.fileBytes, 0)} bytes`,
  );
  const dataDir = makeTempDir('creates');
  let server: ServerHandle | undefined;
  try {
    server = await spawnQuire(dataDir);
    const multipart = await measure(server, 'multipart', o);
    const json = await measure(server, 'json', o);
    const rows: Row[] = [];
    const latency = (r: ModeResult) => `${fmt(r.p50, 1)} / ${fmt(r.p95, 1)}`;
    const failed = (r: ModeResult) => (r.failed > 0 ? ` (${r.failed} failed)` : '');
    const kb = fmt(o.fileBytes / 1024, 0);
    rows.push(
      row(
        GROUP,
        `Multipart ${kb} KiB uploads, ${o.connections} clients (creates/s)`,
        `${fmt(multipart.rate, 0)}${failed(multipart)}`,
        `>= ${fmt(GOAL, 0)}`,
        multipart.rate >= GOAL,
      ),
      row(GROUP, 'Multipart uploads: latency p50 / p95 (ms)', latency(multipart)),
      row(
        GROUP,
        `JSON empty cm:content, ${o.connections} clients (creates/s, context)`,
        `${fmt(json.rate, 0)}${failed(json)}`,
      ),
      row(GROUP, 'JSON creates: latency p50 / p95 (ms)', latency(json)),
    );
    for (const [label, r] of [
      ['Multipart', multipart],
      ['JSON', json],
    ] as const) {
      const ok = r.totalItems === r.created;
      rows.push(
        row(
          GROUP,
          `${label}: folder totalItems / 201 answers`,
          `${fmt(r.totalItems, 0)} / ${fmt(r.created, 0)}`,
          'equal',
          ok,
        ),
      );
    }
    return rows;
  } finally {
    await server?.stop();
    removeTempDir(dataDir);
  }
}
