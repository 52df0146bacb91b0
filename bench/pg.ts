/**
 * Benchmark: capacity on PostgreSQL (issue 20), with one instance and with two instances on one
 * database and one content directory. For each: durable 1 KiB multipart creates per second (8
 * closed-loop clients spread over the instances) and GET /nodes/{id} per second (autocannon, 10
 * connections spread over them), with the CPU each request cost in the Quire processes and in
 * PostgreSQL (all of its processes: backends, WAL writer, checkpointer). PostgreSQL is the machine's
 * (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres); each run uses a database of
 * its own, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, multipartFile, request } from './lib/http.ts';
import { cpuSeconds } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, since } from './lib/stats.ts';

const GROUP = 'PostgreSQL capacity';
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CREATE_GOAL = 1500;
const SECONDS = 8;
const WARMUP = 2;
const COPY_RUNS = 3;

/** CPU seconds of every process of this machine's PostgreSQL server (by the executable's name). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Runs `run` on a fresh database of the bench's PostgreSQL server (dropped after). */
export async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `quire_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

interface Cost {
  /** Requests answered with success. */
  count: number;
  perSecond: number;
  /** CPU per request in the Quire processes and in PostgreSQL (µs). */
  quireUs: number;
  postgresUs: number;
  failed: number;
}

function measured(servers: ServerHandle[]) {
  const quire = servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
  return { quire, postgres: postgresCpuSeconds(), start: process.hrtime.bigint() };
}

function costOf(servers: ServerHandle[], before: ReturnType<typeof measured>, count: number, failed: number): Cost {
  const after = measured(servers);
  const seconds = since(before.start) / 1000;
  return {
    count,
    perSecond: count / seconds,
    quireUs: ((after.quire - before.quire) / count) * 1e6,
    postgresUs: ((after.postgres - before.postgres) / count) * 1e6,
    failed,
  };
}

/** Durable 1 KiB multipart uploads for `seconds`, 8 clients, client i on instance i mod n. */
async function creates(servers: ServerHandle[], folders: string[], seconds: number): Promise<Cost> {
  const content = randomBytes(768).toString('base64').slice(0, 1024);
  const agents = servers.map(() => new http.Agent({ keepAlive: true, maxSockets: 8 }));
  let n = 0;
  let created = 0;
  let failed = 0;
  const before = measured(servers);
  const client = async (i: number) => {
    const at = i % servers.length;
    while (since(before.start) < seconds * 1000) {
      const { body, headers } = multipartFile(`f-${n++}.txt`, content);
      const res = await request(`${servers[at]!.apiUrl}/nodes/${folders[at]}/children`, {
        method: 'POST',
        headers: { authorization: ADMIN_AUTH, ...headers },
        body,
        agent: agents[at]!,
      });
      if (res.status === 201) created++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, i) => client(i)));
  agents.forEach((a) => a.destroy());
  return costOf(servers, before, created, failed);
}

/** GET /nodes/{id} of a folder with autocannon, its connections spread over the instances. */
async function reads(servers: ServerHandle[], folder: string, seconds: number): Promise<Cost> {
  const run = (duration: number) =>
    Promise.all(
      servers.map((s) =>
        autocannon({
          url: `${s.apiUrl}/nodes/${folder}`,
          connections: Math.max(1, Math.round(10 / servers.length)),
          duration,
          headers: { authorization: ADMIN_AUTH },
        }),
      ),
    );
  await run(WARMUP);
  const before = measured(servers);
  const results = await run(seconds);
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  return costOf(servers, before, ok, failed);
}

/**
 * The database's size on disk (bytes: tables, indexes, TOAST, free space in their pages) and the
 * server's WAL position (bytes written to the write-ahead log since it was made, by every database).
 */
async function storage(url: string): Promise<{ bytes: number; wal: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string; wal: string }>(
      `select pg_database_size(current_database()) as bytes, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as wal`,
    );
    return { bytes: Number(rows[0]!.bytes), wal: Number(rows[0]!.wal) };
  } finally {
    await client.end();
  }
}

/**
 * Copies of the folder the creates filled (one instance), one after the other, each into a target
 * of its own: the time and CPU of each. The instance's connections have run the creates since the
 * database was new, as a server that started small has: PL/pgSQL keeps its trigger statements'
 * plans per connection, and a plan made while the tables were small once made these copies scan
 * all of `nodes` for every batch (docs/performance.md, session 18).
 */
async function copies(server: ServerHandle, folder: string, runs: number): Promise<Cost[]> {
  const results: Cost[] = [];
  for (let run = 1; run <= runs; run++) {
    const target = await createFolder(server.apiUrl, '-my-', `pg-copy-target-${run}`);
    const body = JSON.stringify({ targetParentId: target });
    const before = measured([server]);
    const res = await request(`${server.apiUrl}/nodes/${folder}/copy`, {
      method: 'POST',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
      body,
      timeoutMs: 300_000,
    });
    if (res.status !== 201) throw new Error(`POST /nodes/{id}/copy answered ${res.status}: ${res.body.slice(0, 300)}`);
    results.push(costOf([server], before, 1, 0));
  }
  return results;
}

interface Measured {
  made: Cost;
  read: Cost;
  /** One instance only: copies of the folder the creates filled. */
  copied: Cost[];
  /** Database bytes per file the creates added (1 KiB contents are kept in the database). */
  bytesPerFile: number;
  /** WAL bytes per file created (the whole server's WAL: other databases' writes count too). */
  walPerFile: number;
}

async function instances(count: number): Promise<Measured> {
  return withDatabase(async (url) => {
    const dataDir = makeTempDir(`pg-${count}`);
    const servers: ServerHandle[] = [];
    try {
      // One after another: the first migrates the database.
      for (let i = 0; i < count; i++) {
        servers.push(
          await spawnQuire(dataDir, {
            DATABASE_URL: url,
            TEXT_EXTRACTION_THREADS: process.env.BENCH_EXTRACTION_THREADS ?? '1',
          }),
        );
      }
      const folder = await createFolder(servers[0]!.apiUrl, '-my-', 'pg-bench');
      const warmup = await createFolder(servers[0]!.apiUrl, '-my-', 'pg-warmup');
      await creates(
        servers,
        servers.map(() => warmup),
        WARMUP,
      );
      const before = await storage(url);
      const made = await creates(
        servers,
        servers.map(() => folder),
        SECONDS,
      );
      const after = await storage(url);
      const read = await reads(servers, folder, SECONDS);
      const copied = count === 1 ? await copies(servers[0]!, folder, COPY_RUNS) : [];
      const perFile = (bytes: number) => bytes / made.count;
      return {
        made,
        read,
        copied,
        bytesPerFile: perFile(after.bytes - before.bytes),
        walPerFile: perFile(after.wal - before.wal),
      };
    } finally {
      for (const s of servers) await s.stop();
      removeTempDir(dataDir);
    }
  });
}

export async function runPg(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const count of [1, 2]) {
    const { made, read, copied, bytesPerFile, walPerFile } = await instances(count);
    const label = count === 1 ? 'one instance' : 'two instances';
    const failures = (c: Cost) => (c.failed > 0 ? ` (${fmt(c.failed, 0)} failed)` : '');
    log(
      `${label}: creates ${fmt(made.perSecond, 0)}/s, Quire ${fmt(made.quireUs, 0)} µs + PostgreSQL ` +
        `${fmt(made.postgresUs, 0)} µs CPU each; reads ${fmt(read.perSecond, 0)}/s, ` +
        `${fmt(read.quireUs, 0)} + ${fmt(read.postgresUs, 0)} µs each`,
    );
    rows.push(
      row(
        GROUP,
        `Durable 1 KiB multipart creates/s, ${label} (8 clients)`,
        `${fmt(made.perSecond, 0)}${failures(made)}`,
        `>= ${fmt(CREATE_GOAL, 0)}`,
        made.perSecond >= CREATE_GOAL,
      ),
      row(
        GROUP,
        `  CPU per create, ${label}: Quire / PostgreSQL (µs)`,
        `${fmt(made.quireUs, 0)} / ${fmt(made.postgresUs, 0)}`,
      ),
      row(
        GROUP,
        `  Database / WAL bytes per file created, ${label} (1 KiB content inline)`,
        `${fmt(bytesPerFile, 0)} / ${fmt(walPerFile, 0)}`,
      ),
      row(GROUP, `GET /nodes/{id}/s, ${label} (10 connections)`, `${fmt(read.perSecond, 0)}${failures(read)}`),
      row(
        GROUP,
        `  CPU per read, ${label}: Quire / PostgreSQL (µs)`,
        `${fmt(read.quireUs, 0)} / ${fmt(read.postgresUs, 0)}`,
      ),
    );
    if (copied.length > 0) {
      const runs = (value: (c: Cost) => number) => copied.map((c) => fmt(value(c), 0)).join(' / ');
      const what = `Copy of the folder of ${fmt(made.count, 0)} files created, ${label}`;
      log(`${what}: ${runs((c) => 1000 / c.perSecond)} ms`);
      rows.push(
        row(
          GROUP,
          `${what}, runs ${copied.map((_, i) => i + 1).join(' / ')} (ms)`,
          runs((c) => 1000 / c.perSecond),
        ),
        row(
          GROUP,
          `  CPU per copy: Quire; PostgreSQL (ms)`,
          `${runs((c) => c.quireUs / 1000)}; ${runs((c) => c.postgresUs / 1000)}`,
        ),
      );
    }
  }
  return rows;
}
