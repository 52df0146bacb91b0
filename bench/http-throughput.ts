/**
 * Benchmark 1: requests/s of GET /nodes/{id} (a folder, admin Basic auth) on Quire versus a bare
 * Fastify route answering the same JSON, with the same autocannon settings. Both servers run in
 * their own child process; autocannon runs in this one.
 */
import autocannon from 'autocannon';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, API, createFolder, request } from './lib/http.ts';
import { cpuSeconds, sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, spawnServer, type ServerHandle } from './lib/server.ts';
import { fmt } from './lib/stats.ts';

export interface ThroughputOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export const DEFAULT_THROUGHPUT: ThroughputOptions = { connections: 10, durationS: 8, warmupS: 2 };

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time the server process spent per answered request (µs): unlike req/s, it hardly depends on what else the machine runs. */
  cpuUsPerRequest: number;
}

async function load(
  server: ServerHandle,
  url: string,
  headers: Record<string, string>,
  o: ThroughputOptions,
): Promise<LoadResult> {
  const settings = { url, headers, connections: o.connections, pipelining: 1, timeout: 10 };
  await autocannon({ ...settings, duration: o.warmupS });
  const cpuBefore = cpuSeconds(server.pid);
  const r = await autocannon({ ...settings, duration: o.durationS });
  const cpuUsPerRequest = ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / (r['2xx'] + r.non2xx);
  const failures = r.non2xx + r.errors + r.timeouts;
  return { rps: r['2xx'] / r.duration, p50: r.latency.p50, p99: r.latency.p99, failures, cpuUsPerRequest };
}

function describe(label: string, r: LoadResult): void {
  const failed = r.failures > 0 ? `, ${r.failures} FAILED requests (not counted)` : '';
  log(
    `${label}: ${fmt(r.rps, 0)} req/s, latency p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${fmt(r.cpuUsPerRequest, 0)} µs/request${failed}`,
  );
}

export async function runHttpThroughput(o: ThroughputOptions = DEFAULT_THROUGHPUT): Promise<Row[]> {
  log(`autocannon: ${o.connections} connections, ${o.warmupS} s warm-up + ${o.durationS} s measured, per target`);
  const dataDir = makeTempDir('http');
  let quire: ServerHandle | undefined;
  let bare: ServerHandle | undefined;
  try {
    quire = await spawnQuire(dataDir);
    const folderId = await createFolder(quire.apiUrl, '-my-', 'bench-folder');
    const nodeUrl = `${quire.apiUrl}/nodes/${folderId}`;
    const sample = await request(nodeUrl, { headers: { authorization: ADMIN_AUTH } });
    if (sample.status !== 200) throw new Error(`GET /nodes/{id} answered ${sample.status}: ${sample.body}`);
    log(`GET /nodes/{id} answers ${sample.body.length} bytes of JSON`);

    const quireNode = await load(quire, nodeUrl, { authorization: ADMIN_AUTH }, o);
    describe('Quire GET /nodes/{id}', quireNode);
    const quireLive = await load(quire, `${quire.apiUrl}/probes/-live-`, {}, o);
    describe('Quire GET /probes/-live- (no auth, no database)', quireLive);
    await sleep(2000);
    const rssAfter = quire.mem()?.rssMb ?? Number.NaN;
    await quire.stop();

    const readyPath = `${API}/probes/-ready-`;
    bare = await spawnServer({ script: 'bench/bare-server.ts', env: { BARE_BODY: sample.body }, readyPath });
    const bareNode = await load(bare, `${bare.apiUrl}/nodes/${folderId}`, {}, o);
    describe('Bare Fastify GET /nodes/{id} (same JSON)', bareNode);
    await bare.stop();

    const ratio = (quireNode.rps / bareNode.rps) * 100;
    const group = 'HTTP throughput';
    return [
      row(group, 'GET /nodes/{id}, Quire (req/s)', fmt(quireNode.rps, 0)),
      row(group, 'GET /nodes/{id}, bare Fastify (req/s)', fmt(bareNode.rps, 0)),
      row(group, 'Quire / bare', `${fmt(ratio, 0)} %`, '>= 40 %', ratio >= 40),
      row(
        group,
        'Server CPU per request, bare / Quire (µs, context)',
        `${fmt(bareNode.cpuUsPerRequest, 0)} / ${fmt(quireNode.cpuUsPerRequest, 0)} (${fmt((bareNode.cpuUsPerRequest / quireNode.cpuUsPerRequest) * 100, 0)} %)`,
      ),
      row(group, 'GET /nodes/{id}, Quire latency p50 / p99 (ms)', `${quireNode.p50} / ${quireNode.p99}`),
      row(group, 'GET /probes/-live-, Quire (req/s, context)', fmt(quireLive.rps, 0)),
      row('Memory', 'Idle RSS after the throughput runs (MiB)', fmt(rssAfter), '< 150', rssAfter < 150),
    ];
  } finally {
    await quire?.stop();
    await bare?.stop();
    removeTempDir(dataDir);
  }
}
