/**
 * `npm run bench` — Quire's performance benchmarks, printed side by side with their goals.
 * Prints figures only: the exit status reports crashes, never whether a goal is met.
 *
 *   npm run bench                          all benchmarks
 *   npm run bench -- --only=upload,paging  a selection (startup, throughput, paging, upload,
 *                                          creates, copy, deletes, locked, permissions, orgchart, trash,
 *                                          search, events, instructions, folder-upload, pg)
 *   npm run bench -- --only=pg             PostgreSQL capacity, one and two instances (not in "all": it
 *                                          needs PostgreSQL, BENCH_PG_URL, default the machine's on 5432)
 *   npm run bench -- --only=instructions   instructions per upload, search index on and off (not in
 *                                          "all": it needs valgrind and takes a few minutes)
 *   npm run bench -- --only=folder-upload  a folder of 300 files uploaded through the web app in
 *                                          Chromium (not in "all": it builds the app, needs a browser)
 *   BENCH_UPLOAD_MB=256 npm run bench      a smaller upload (default 1024 MiB)
 */
import os from 'node:os';
import { runChildrenPaging } from './children-paging.ts';
import { runCopy } from './copy.ts';
import { runCreates } from './creates.ts';
import { runDeletes } from './deletes.ts';
import { runFolderUpload } from './folder-upload.ts';
import { runEvents } from './events.ts';
import { runHttpThroughput } from './http-throughput.ts';
import { runInstructions } from './instructions.ts';
import { cleanupAll, installCleanupHandlers, tempRoot } from './lib/cleanup.ts';
import { runLocked } from './locked.ts';
import { runOrgchart } from './orgchart.ts';
import { runPermissions } from './permissions.ts';
import { printTable, row, type Row } from './lib/report.ts';
import { fmt, since } from './lib/stats.ts';
import { runStartup } from './startup.ts';
import { runPg } from './pg.ts';
import { runSearch } from './search.ts';
import { runTrash } from './trash.ts';
import { runUpload } from './upload.ts';

const BENCHMARKS: Record<string, { title: string; run: () => Promise<Row[]> }> = {
  startup: { title: 'Startup and idle memory', run: () => runStartup() },
  throughput: { title: 'HTTP throughput: GET /nodes/{id} vs bare Fastify', run: () => runHttpThroughput() },
  paging: { title: 'Children paging: 1,000 and 100,000 children', run: () => runChildrenPaging() },
  upload: { title: 'Large upload vs raw disk write', run: () => runUpload() },
  creates: { title: 'Creates: durable 1 KiB uploads and empty JSON creates per second', run: () => runCreates() },
  copy: { title: 'Copy: a folder tree of 10,000 nodes', run: () => runCopy() },
  deletes: {
    title: 'Deletes: chains of 1,000 and 2,000 folders, trees of 10,000 and 100,000 nodes',
    run: () => runDeletes(),
  },
  locked: { title: 'Locked listing: 1,000 locked vs 1,000 unlocked files', run: () => runLocked() },
  permissions: {
    title: 'Permissions: a filtered listing of 100,000 children, changes over 100,000 descendants',
    run: () => runPermissions(),
  },
  orgchart: {
    title: 'Organisation chart: subunits and members in 500 units of 10,000 people',
    run: () => runOrgchart(),
  },
  trash: {
    title: 'Trash: 100,000 items; listings and creates beside an empty trash',
    run: () => runTrash(),
  },
  search: {
    title: 'Search: 100,000 documents with text; creates with and without the index; text extraction',
    run: () => runSearch(),
  },
  events: {
    title: 'Live updates: 1,000 idle event streams (RSS); answer-to-event delay while creates run',
    run: () => runEvents(),
  },
  'folder-upload': {
    title: 'A folder of small files uploaded through the web app, in Chromium',
    run: () => runFolderUpload(),
  },
  instructions: {
    title: 'Instructions per upload with the search index and without (callgrind)',
    run: () => runInstructions(),
  },
  pg: {
    title: 'PostgreSQL capacity: creates and reads per second, one and two instances, CPU in Quire and PostgreSQL',
    run: () => runPg(),
  },
};
const ALIASES: Record<string, string> = {
  http: 'throughput',
  children: 'paging',
  start: 'startup',
  create: 'creates',
  lock: 'locked',
  locks: 'locked',
  perms: 'permissions',
  org: 'orgchart',
};
const GROUP_ORDER = [
  'HTTP throughput',
  'Children paging',
  'Locked listing',
  'Permissions',
  'Organisation chart',
  'Upload',
  'Creates',
  'Copy',
  'Deletes',
  'Trash',
  'Startup',
  'Live updates',
  'Web app',
  'PostgreSQL capacity',
  'Memory',
];

function selection(argv: string[]): string[] {
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  // The PostgreSQL bench needs a server (BENCH_PG_URL), the instruction counts valgrind and a few
  // minutes: run when named.
  if (!only) return Object.keys(BENCHMARKS).filter((name) => !['pg', 'instructions', 'folder-upload'].includes(name));
  const names = only
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean)
    .map((n) => ALIASES[n] ?? n);
  const unknown = names.filter((n) => !(n in BENCHMARKS));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  return Object.keys(BENCHMARKS).filter((n) => names.includes(n));
}

async function main(): Promise<void> {
  installCleanupHandlers();
  const names = selection(process.argv.slice(2));
  const cpus = os.cpus();
  console.log('Quire benchmarks');
  console.log(`  date: ${new Date().toISOString()}`);
  const cpu = cpus[0]?.model.trim() ?? 'unknown CPU';
  const ram = `${fmt(os.totalmem() / 2 ** 30)} GiB RAM`;
  console.log(`  machine: ${cpus.length} x ${cpu}, ${ram}, ${os.type()} ${os.release()}`);
  console.log(`  node ${process.version}, scratch data in ${tempRoot()}`);

  const started = process.hrtime.bigint();
  const rows: Row[] = [];
  let failed = 0;
  for (const name of names) {
    const bench = BENCHMARKS[name]!;
    console.log(`\n[${name}] ${bench.title}`);
    const t0 = process.hrtime.bigint();
    try {
      rows.push(...(await bench.run()));
    } catch (error) {
      failed += 1;
      console.error(`  [${name}] FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      rows.push(row(bench.title.split(':')[0]!, `${name} did not complete (see above)`, 'error'));
    }
    console.log(`  (${fmt(since(t0) / 1000)} s)`);
  }

  const rank = (r: Row) => {
    const i = GROUP_ORDER.findIndex((g) => r.benchmark.startsWith(g));
    return i === -1 ? GROUP_ORDER.length : i;
  };
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map((x) => x.r);
  console.log(`\nResults (${fmt(since(started) / 1000)} s in all)\n`);
  printTable(sorted);
  cleanupAll();
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  cleanupAll();
  process.exit(1);
});
