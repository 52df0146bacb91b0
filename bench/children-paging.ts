/**
 * Benchmark 2: latency of GET /nodes/{id}/children on folders of 1,000 and 100,000 children
 * (seeded in-process before the server starts): the first page (default maxItems 100) and a
 * deep page, each as sequential requests over one keep-alive connection after a warm-up.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, request } from './lib/http.ts';
import { sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { seedFolders } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile, since } from './lib/stats.ts';

export interface PagingOptions {
  requests: number;
  warmup: number;
  /** Stops a case early (with fewer samples) once it has run this long, so slow pages cannot stall the suite. */
  maxCaseMs: number;
}

const GROUP = 'Children paging';

export const DEFAULT_PAGING: PagingOptions = { requests: 200, warmup: 20, maxCaseMs: 30_000 };

interface Pagination {
  count: number;
  hasMoreItems: boolean;
  totalItems: number;
  skipCount: number;
}

interface Timing {
  median: number;
  p95: number;
  samples: number;
}

async function timePage(url: string, expectedTotal: number, o: PagingOptions, agent: http.Agent): Promise<Timing> {
  const get = () => request(url, { headers: { authorization: ADMIN_AUTH }, agent });
  const first = await get();
  if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}: ${first.body.slice(0, 300)}`);
  const page = (JSON.parse(first.body) as { list: { pagination: Pagination } }).list.pagination;
  if (page.totalItems !== expectedTotal || page.count !== Math.min(100, expectedTotal - page.skipCount)) {
    throw new Error(`unexpected pagination from ${url}: ${JSON.stringify(page)}`);
  }
  for (let i = 1; i < o.warmup; i++) await get();
  const times: number[] = [];
  const caseStart = process.hrtime.bigint();
  for (let i = 0; i < o.requests && since(caseStart) < o.maxCaseMs; i++) {
    const start = process.hrtime.bigint();
    const res = await get();
    times.push(since(start));
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  }
  return { median: median(times), p95: percentile(times, 95), samples: times.length };
}

export async function runChildrenPaging(o: PagingOptions = DEFAULT_PAGING): Promise<Row[]> {
  const dataDir = makeTempDir('paging');
  let server: ServerHandle | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const folders = await seedFolders(dataDir, [1_000, 100_000]);
    for (const f of folders) log(`seeded ${fmt(f.size, 0)} children in ${fmt(f.seedMs / 1000)} s (one transaction)`);
    server = await spawnQuire(dataDir);
    log(`${o.requests} sequential requests per case (at most ${o.maxCaseMs / 1000} s) after ${o.warmup} warm-up ones`);

    // The deep page sits 99 % of the way through the folder (skipCount=99,000 for 100,000 children).
    const cases = folders.flatMap((folder) => [0, Math.round(folder.size * 0.99)].map((skip) => ({ folder, skip })));
    const rows: Row[] = [];
    const results = new Map<string, Timing>();
    for (const { folder, skip } of cases) {
      const label = skip === 0 ? 'first page' : `deep page (skipCount=${fmt(skip, 0)})`;
      const url = `${server.apiUrl}/nodes/${folder.id}/children${skip ? `?skipCount=${skip}` : ''}`;
      const t = await timePage(url, folder.size, o, agent);
      results.set(`${folder.size}:${skip}`, t);
      const capped = t.samples < o.requests ? ` (time cap: ${t.samples} requests)` : '';
      log(`${fmt(folder.size, 0)} children, ${label}: median ${fmt(t.median, 2)} ms, p95 ${fmt(t.p95, 2)} ms${capped}`);
      const measure = `${fmt(folder.size, 0)} children, ${label}: median / p95 (ms)`;
      const result = `${fmt(t.median, 2)} / ${fmt(t.p95, 2)}${capped ? ` (n=${t.samples})` : ''}`;
      rows.push(skip === 0 ? row(GROUP, measure, result, '< 15 (median)', t.median < 15) : row(GROUP, measure, result));
    }
    const growth = results.get('100000:0')!.median / results.get('1000:0')!.median;
    const ratio = `${fmt(growth, 2)}x`;
    const measure = 'First page, 100,000 vs 1,000 children (median ratio)';
    rows.push(row(GROUP, measure, ratio, '<= 1.5x (flat)', growth <= 1.5));
    await sleep(2000);
    const rss = server.mem()?.rssMb ?? Number.NaN;
    rows.push(row('Memory', 'Idle RSS after the paging runs (MiB)', fmt(rss), '< 150', rss < 150));
    return rows;
  } finally {
    agent.destroy();
    await server?.stop();
    removeTempDir(dataDir);
  }
}
