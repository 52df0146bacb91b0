/**
 * Benchmark 7: cost of listing a folder whose 1,000 files are all locked, against the same listing
 * of a folder of 1,000 unlocked files. Both folders are seeded in-process; the files of one are then
 * locked through the API (POST /nodes/{id}/lock `{}`). First page with include=isLocked: warm-up,
 * then sequential requests on one keep-alive connection, alternating between the two folders.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, request } from './lib/http.ts';
import { log, row, type Row } from './lib/report.ts';
import { fileNode, folderNode, withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, percentile, since } from './lib/stats.ts';

export interface LockedOptions {
  files: number;
  requests: number;
  warmup: number;
  /** Concurrent POST /lock requests while locking. */
  lockClients: number;
}

export const DEFAULT_LOCKED: LockedOptions = { files: 1000, requests: 200, warmup: 20, lockClients: 4 };

const GROUP = 'Locked listing';

interface Seeded {
  locked: string;
  unlocked: string;
  toLock: string[];
}

async function seed(dataDir: string, o: LockedOptions): Promise<Seeded> {
  return withSeedApp(dataDir, async ({ db, companyHome, repos: { nodes } }) => {
    const now = Date.now();
    const toLock: string[] = [];
    const ids: string[] = [];
    for (const name of ['locked-files', 'unlocked-files']) {
      const folder = folderNode(companyHome, name, now);
      ids.push(folder.id);
      await db.transaction().execute(async (tx) => {
        await nodes.insert(tx, folder);
        for (let i = 1; i <= o.files; i++) {
          const file = fileNode(folder.id, `file-${String(i).padStart(4, '0')}.txt`, now + i, 1000 + i);
          await nodes.insert(tx, file);
          if (name === 'locked-files') toLock.push(file.id);
        }
      });
    }
    return { locked: ids[0]!, unlocked: ids[1]!, toLock };
  });
}

interface Page {
  list: { pagination: { totalItems: number; count: number }; entries: { entry: { isLocked?: boolean } }[] };
}

export async function runLocked(o: LockedOptions = DEFAULT_LOCKED): Promise<Row[]> {
  const dataDir = makeTempDir('locked');
  let server: ServerHandle | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.lockClients });
  try {
    const folders = await seed(dataDir, o);
    server = await spawnQuire(dataDir);
    const api = server.apiUrl;
    const auth = { authorization: ADMIN_AUTH };

    // Lock every file of the first folder through the API.
    const lockStart = process.hrtime.bigint();
    let next = 0;
    const locker = async () => {
      for (let i = next++; i < folders.toLock.length; i = next++) {
        const res = await request(`${api}/nodes/${folders.toLock[i]}/lock`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'content-length': 2 },
          body: '{}',
          agent,
        });
        if (res.status !== 200)
          throw new Error(`POST /nodes/{id}/lock answered ${res.status}: ${res.body.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: o.lockClients }, locker));
    const lockMs = since(lockStart);
    log(
      `locked ${fmt(folders.toLock.length, 0)} files with POST /lock (${o.lockClients} clients) in ` +
        `${fmt(lockMs / 1000, 2)} s = ${fmt(folders.toLock.length / (lockMs / 1000), 0)}/s`,
    );

    const url = (id: string) => `${api}/nodes/${id}/children?include=isLocked`;
    const get = (id: string) => request(url(id), { headers: auth, agent });
    for (const [id, lockedExpected] of [
      [folders.locked, true],
      [folders.unlocked, false],
    ] as const) {
      const res = await get(id);
      if (res.status !== 200) throw new Error(`GET ${url(id)} answered ${res.status}: ${res.body.slice(0, 300)}`);
      const page = JSON.parse(res.body) as Page;
      const wrong = page.list.entries.filter((e) => e.entry.isLocked !== lockedExpected).length;
      const { totalItems, count } = page.list.pagination;
      if (totalItems !== o.files || count !== Math.min(100, o.files) || wrong > 0) {
        throw new Error(
          `unexpected first page of ${url(id)}: totalItems ${totalItems}, count ${count}, ${wrong} with isLocked !== ${lockedExpected}`,
        );
      }
      log(
        `${lockedExpected ? 'locked' : 'unlocked'} folder: first page ${fmt(res.body.length / 1024)} KiB of JSON, every isLocked ${lockedExpected}`,
      );
    }

    for (let i = 0; i < o.warmup; i++) {
      await get(folders.locked);
      await get(folders.unlocked);
    }
    // Alternating, the order swapped every round, so drift affects both alike.
    const times = { locked: [] as number[], unlocked: [] as number[] };
    for (let i = 0; i < o.requests; i++) {
      const order = i % 2 === 0 ? (['locked', 'unlocked'] as const) : (['unlocked', 'locked'] as const);
      for (const which of order) {
        const start = process.hrtime.bigint();
        const res = await get(folders[which]);
        times[which].push(since(start));
        if (res.status !== 200) throw new Error(`GET ${url(folders[which])} answered ${res.status}`);
      }
    }
    const stats = (t: number[]) => ({ median: median(t), p95: percentile(t, 95) });
    const locked = stats(times.locked);
    const unlocked = stats(times.unlocked);
    const ratio = locked.median / unlocked.median;
    const files = fmt(o.files, 0);
    log(`${o.requests} requests each after ${o.warmup} warm-up ones, alternating`);
    log(`locked: median ${fmt(locked.median, 2)} ms, p95 ${fmt(locked.p95, 2)} ms`);
    log(`unlocked: median ${fmt(unlocked.median, 2)} ms, p95 ${fmt(unlocked.p95, 2)} ms`);
    return [
      row(
        GROUP,
        `${files} locked files, first page include=isLocked: median / p95 (ms)`,
        `${fmt(locked.median, 2)} / ${fmt(locked.p95, 2)}`,
      ),
      row(
        GROUP,
        `${files} unlocked files, same: median / p95 (ms)`,
        `${fmt(unlocked.median, 2)} / ${fmt(unlocked.p95, 2)}`,
      ),
      row(GROUP, 'Locked / unlocked (median ratio)', `${fmt(ratio, 2)}x`, '<= 1.2x (same)', ratio <= 1.2),
      row(
        GROUP,
        `POST /nodes/{id}/lock, ${o.lockClients} clients (locks/s, context)`,
        fmt(folders.toLock.length / (lockMs / 1000), 0),
      ),
    ];
  } finally {
    agent.destroy();
    await server?.stop();
    removeTempDir(dataDir);
  }
}
