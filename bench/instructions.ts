/**
 * Benchmark: instructions per upload with the search index and without it (issue 19), counted by
 * valgrind's callgrind. CPU time per upload moves by a quarter between runs on these virtual
 * machines, and two servers of the same build taking turns differed by 14 % (docs/performance.md);
 * an instruction count moves much less with what else the machine runs (two runs: 0.2 % apart
 * with the index, 7 % without, FTS5's share the same). So this is the figure to compare two
 * builds of the index by; it leaves out the kernel's work (the WAL's writes and syncs) and says
 * nothing of a rate.
 *
 * Each variant runs the bundle, as `npm start` does, under callgrind with counting off: WARM
 * uploads one after another (the JIT settles, the index grows), then counting on for UPLOADS more
 * and until the server is idle again (their text extraction), a dump, its total. Each upload is
 * 1 KiB of words of the search bench's vocabulary, a different text each time. One at a time,
 * every upload commits alone and writes an FTS5 segment of its own: the index's share is at its
 * largest, and what changes it shows.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, multipartFile, request } from './lib/http.ts';
import { cpuSeconds, sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { withSeedApp } from './lib/seed.ts';
import { spawnQuire } from './lib/server.ts';
import { fmt } from './lib/stats.ts';
import { dropSearchIndex, generator, vocabulary } from './search.ts';

const GROUP = 'Search (SQLite)';
const WARM = Number(process.env.BENCH_CALLGRIND_WARM ?? 3000);
const UPLOADS = Number(process.env.BENCH_CALLGRIND_UPLOADS ?? 1000);
/** FTS5's own functions in callgrind_annotate's listing. */
const FTS5_FUNCTION = /(^|:)(fts5|sqlite3Fts5)\w*/;

interface Count {
  /** Instructions per upload. */
  total: number;
  /** Of them, in FTS5's own functions. */
  fts5: number;
}

/** 1 KiB texts of the corpus's vocabulary, a new one each call, the same sequence every run. */
function texts(): () => string {
  const random = generator(11);
  const words = vocabulary(random, 20_000);
  return () => {
    let text = '';
    while (text.length < 1024) text += `${words[Math.floor(words.length * random() ** 3)]} `;
    return text.slice(0, 1024);
  };
}

/** Waits until the process has used no CPU for half a second: its background work is done. */
async function idle(pid: number): Promise<void> {
  for (let last = cpuSeconds(pid); ; ) {
    await sleep(500);
    const now = cpuSeconds(pid);
    if (now - last < 0.01) return;
    last = now;
  }
}

/**
 * callgrind_control finds the server through files named after the user and host the server
 * started with: HOST is the address spawnServer gives it.
 */
function control(pid: number, ...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(pid)], {
    env: { ...process.env, HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
}

/** Instructions of the dump's functions, FTS5's summed (callgrind_annotate's "Ir  file:function" lines). */
function fts5Instructions(dump: string): number {
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', dump], { maxBuffer: 256 * 1024 * 1024 });
  let sum = 0;
  for (const line of listing.toString('utf8').split('\n')) {
    const match = /^\s*([\d,]+)\s+\([^)]*\)\s+(\S+)/.exec(line);
    if (match && FTS5_FUNCTION.test(match[2]!)) sum += Number(match[1]!.replace(/,/g, ''));
  }
  return sum;
}

async function count(variant: 'on' | 'off'): Promise<Count> {
  const dir = makeTempDir(`callgrind-${variant}`);
  const out = path.join(dir, 'callgrind.out');
  await withSeedApp(
    path.join(dir, 'data'),
    variant === 'off' ? ({ db }) => dropSearchIndex(db) : async () => undefined,
  );
  const server = await spawnQuire(
    path.join(dir, 'data'),
    { TEXT_EXTRACTION_THREADS: '1' },
    {
      launcher: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`],
      timeoutMs: 180_000,
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const folder = await createFolder(server.apiUrl, '-my-', 'callgrind');
    const next = texts();
    const uploads = async (n: number, prefix: string) => {
      for (let i = 0; i < n; i++) {
        const { body, headers } = multipartFile(`${prefix}-${i}.txt`, next());
        const res = await request(`${server.apiUrl}/nodes/${folder}/children`, {
          method: 'POST',
          headers: { authorization: ADMIN_AUTH, ...headers },
          body,
          agent,
        });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body}`);
      }
    };
    await uploads(WARM, 'warm');
    await idle(server.pid);
    control(server.pid, '--instr=on');
    await uploads(UPLOADS, 'counted');
    await idle(server.pid);
    control(server.pid, '--dump');
    const dump = `${out}.1`;
    const total = Number(/^totals: (\d+)/m.exec(readFileSync(dump, 'utf8'))?.[1]);
    if (!Number.isFinite(total)) throw new Error(`no totals in ${dump}`);
    return { total: total / UPLOADS, fts5: fts5Instructions(dump) / UPLOADS };
  } finally {
    agent.destroy();
    await server.stop();
    removeTempDir(dir);
  }
}

export async function runInstructions(): Promise<Row[]> {
  const measure = `Instructions per 1 KiB upload, one at a time, index on / off (callgrind, thousands, after ${fmt(WARM, 0)})`;
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    return [row(GROUP, measure, 'not run: valgrind not found')];
  }
  const counts: Partial<Record<'on' | 'off', Count>> = {};
  for (const variant of ['on', 'off'] as const) {
    log(`  index ${variant}: ${fmt(WARM, 0)} uploads, then ${fmt(UPLOADS, 0)} counted, under callgrind`);
    counts[variant] = await count(variant);
  }
  const { on, off } = counts as Record<'on' | 'off', Count>;
  const k = (n: number) => fmt(n / 1000, 0);
  return [
    row(GROUP, measure, `${k(on.total)} / ${k(off.total)} (off / on ${fmt((off.total / on.total) * 100, 0)} %)`),
    row(
      GROUP,
      '  of the difference, in FTS5 (thousands per upload)',
      `${k(on.fts5 - off.fts5)} of ${k(on.total - off.total)}`,
    ),
  ];
}
