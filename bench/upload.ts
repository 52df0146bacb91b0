/**
 * Benchmark 3: throughput of a large multipart upload (POST /nodes/-my-/children, field
 * `filedata`, streamed from disk) versus a plain stream copy of the same file into the data
 * directory followed by fsync; and the server's peak RSS during the upload.
 * BENCH_UPLOAD_MB sets the size (default 1024), BENCH_UPLOAD_RUNS the rounds (default 3, best kept).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH } from './lib/http.ts';
import { cpuSeconds, sampleRss, sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, since } from './lib/stats.ts';

const MiB = 1024 * 1024;

/** Writes `sizeMb` MiB of incompressible bytes (one random 4 MiB block, repeated) and fsyncs. */
async function makeSource(file: string, sizeMb: number): Promise<void> {
  const block = randomBytes(4 * MiB);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < sizeMb * MiB; ) {
      const n = Math.min(block.length, sizeMb * MiB - written);
      await handle.write(block, 0, n);
      written += n;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes everything dirty so one measurement does not pay for the previous one's writeback. */
const syncDisk = () => execFileSync('sync');

async function rawCopy(source: string, target: string): Promise<number> {
  const start = process.hrtime.bigint();
  await pipeline(createReadStream(source), createWriteStream(target));
  const handle = await open(target, 'r+');
  await handle.sync();
  await handle.close();
  return since(start);
}

async function upload(apiUrl: string, source: string, sizeBytes: number, fileName: string): Promise<number> {
  const boundary = `----quire-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const start = process.hrtime.bigint();
  const req = http.request(`${apiUrl}/nodes/-my-/children`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: ADMIN_AUTH,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + sizeBytes + tail.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
  async function* body() {
    yield head;
    yield* createReadStream(source, { highWaterMark: 256 * 1024 });
    yield tail;
  }
  const sent = pipeline(body, req).catch((error: unknown) => error);
  const res = await response;
  await sent;
  const ms = since(start);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 500)}`);
  const size = (JSON.parse(res.body) as { entry: { content?: { sizeInBytes?: number } } }).entry.content?.sizeInBytes;
  if (size !== sizeBytes) throw new Error(`uploaded node reports ${size} bytes, expected ${sizeBytes}`);
  return ms;
}

export async function runUpload(): Promise<Row[]> {
  const sizeMb = Number(process.env.BENCH_UPLOAD_MB || 1024);
  const runs = Math.max(1, Number(process.env.BENCH_UPLOAD_RUNS || 3));
  if (!Number.isFinite(sizeMb) || sizeMb <= 0) {
    throw new Error(`BENCH_UPLOAD_MB must be a positive number, not ${process.env.BENCH_UPLOAD_MB}`);
  }
  const sizeBytes = Math.round(sizeMb * MiB);
  const workDir = makeTempDir('upload');
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir);
  const source = path.join(workDir, 'source.bin');
  let server: ServerHandle | undefined;
  try {
    const start = process.hrtime.bigint();
    await makeSource(source, sizeMb);
    log(`wrote a ${fmt(sizeMb, 0)} MiB source file in ${fmt(since(start) / 1000)} s; it stays in the page cache`);
    server = await spawnQuire(dataDir);
    const idle = server.mem();
    const sampler = sampleRss(server.pid, 50);
    const raw: number[] = [];
    const up: number[] = [];
    // Odd rounds copy first, even rounds upload first; each measurement starts with nothing left to write back.
    for (let run = 1; run <= runs; run++) {
      let cpu = Number.NaN;
      for (const step of run % 2 === 1 ? ['raw', 'upload'] : ['upload', 'raw']) {
        syncDisk();
        await sleep(1000);
        if (step === 'raw') {
          const target = path.join(dataDir, 'raw-copy.bin');
          raw.push(await rawCopy(source, target));
          rmSync(target);
        } else {
          const cpuBefore = cpuSeconds(server.pid);
          up.push(await upload(server.apiUrl, source, sizeBytes, `upload-${run}.bin`));
          cpu = cpuSeconds(server.pid) - cpuBefore;
        }
      }
      const rate = (ms: number) => fmt(sizeMb / (ms / 1000), 0);
      const rates = `raw copy + fsync ${rate(raw.at(-1)!)} MiB/s, upload ${rate(up.at(-1)!)} MiB/s`;
      log(`run ${run}: ${rates} (server CPU during the upload ${fmt(cpu)} s)`);
    }
    const peak = sampler.stop();
    await server.stop();

    const rawRate = sizeMb / (Math.min(...raw) / 1000);
    const upRate = sizeMb / (Math.min(...up) / 1000);
    const ratio = (upRate / rawRate) * 100;
    const peakMb = Math.max(peak.peakRssMb, peak.hwmMb);
    const group = `Upload (${fmt(sizeMb, 0)} MiB)`;
    return [
      row(group, `Raw stream copy + fsync (MiB/s, best of ${runs})`, fmt(rawRate, 0)),
      row(group, `Multipart upload (MiB/s, best of ${runs})`, fmt(upRate, 0)),
      row(group, 'Upload / raw', `${fmt(ratio, 0)} %`, '>= 70 %', ratio >= 70),
      row(group, 'Server RSS idle before upload (MiB)', fmt(idle?.rssMb ?? Number.NaN)),
      row(group, 'Server peak RSS during upload (MiB)', fmt(peakMb), '< 200', peakMb < 200),
    ];
  } finally {
    await server?.stop();
    removeTempDir(workDir);
  }
}
