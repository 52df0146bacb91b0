/**
 * Benchmark: the trashcan with 100,000 items (issue 18). Two repositories are seeded in-process,
 * alike but for the trash: each has a folder of 1,000 files; one also has 100,000 trash items
 * (files deleted by admin, under the archive root as DELETE /nodes leaves them). Measured on both,
 * alternating request by request: the first page of GET /deleted-nodes, the first page of the
 * folder's children, and JSON creates of empty files one after the other. The same-run ratios say
 * whether a full trash slows the rest down.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, request } from './lib/http.ts';
import { log, row, type Row } from './lib/report.ts';
import { fileNode, folderNode, withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, since } from './lib/stats.ts';

const ITEMS = 100_000;
const FILES = 1000;
const REQUESTS = 200;
const GROUP = 'Trash (SQLite)';

async function seed(dataDir: string, trashItems: number): Promise<string> {
  return withSeedApp(dataDir, async ({ app, db, companyHome, repos: { nodes } }) => {
    const now = Date.now();
    const folder = folderNode(companyHome, 'files', now);
    await db.transaction().execute(async (tx) => {
      await nodes.insert(tx, folder);
      for (let i = 0; i < FILES; i++) await nodes.insert(tx, fileNode(folder.id, `file-${i}.txt`, now + i));
    });
    const archive = app.systemNodes.archive;
    for (let done = 0; done < trashItems; done += 10_000) {
      await db.transaction().execute(async (tx) => {
        for (let i = done; i < Math.min(done + 10_000, trashItems); i++) {
          const file = fileNode(archive, `gone-${i}.txt`, now - i);
          await nodes.insert(tx, { ...file });
          await tx
            .updateTable('nodes')
            .set({
              nameKey: `:${file.id}`,
              archivedRootId: file.id,
              archivedFrom: folder.id,
              archivedAt: now - i,
              archivedBy: 'admin',
            })
            .where('id', '=', file.id)
            .execute();
        }
      });
    }
    return folder.id;
  });
}

async function timed(url: string, options: Parameters<typeof request>[1], expected: number): Promise<number> {
  const t = process.hrtime.bigint();
  const res = await request(url, options);
  if (res.status !== expected) throw new Error(`${url} answered ${res.status}: ${res.body.slice(0, 200)}`);
  return since(t);
}

export async function runTrash(): Promise<Row[]> {
  const dirs = { full: makeTempDir('trash-full'), empty: makeTempDir('trash-empty') };
  const servers: Partial<Record<'full' | 'empty', ServerHandle>> = {};
  try {
    const start = process.hrtime.bigint();
    const folders = { full: await seed(dirs.full, ITEMS), empty: await seed(dirs.empty, 0) };
    log(
      `seeded ${fmt(ITEMS, 0)} trash items and two folders of ${fmt(FILES, 0)} files in ${fmt(since(start) / 1000)} s`,
    );
    servers.full = await spawnQuire(dirs.full);
    servers.empty = await spawnQuire(dirs.empty);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = { headers: { authorization: ADMIN_AUTH }, agent };
    const times = {
      trash: { full: [] as number[], empty: [] as number[] },
      list: { full: [] as number[], empty: [] as number[] },
      create: { full: [] as number[], empty: [] as number[] },
    };
    for (let i = -20; i < REQUESTS; i++) {
      for (const which of ['full', 'empty'] as const) {
        const api = servers[which]!.apiUrl;
        const trash = await timed(`${api}/deleted-nodes?maxItems=25`, get, 200);
        const list = await timed(`${api}/nodes/${folders[which]}/children?maxItems=25`, get, 200);
        const create = await timed(
          `${api}/nodes/${folders[which]}/children`,
          {
            method: 'POST',
            headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `new-${i + 20}.txt`, nodeType: 'cm:content' }),
            agent,
          },
          201,
        );
        if (i < 0) continue; // warm-up
        times.trash[which].push(trash);
        times.list[which].push(list);
        times.create[which].push(create);
      }
    }
    const m = (xs: number[]) => median(xs);
    const ratio = (k: 'list' | 'create') => m(times[k].full) / m(times[k].empty);
    log(`first trash page: ${fmt(m(times.trash.full), 2)} ms with ${fmt(ITEMS, 0)} items`);
    return [
      row(
        GROUP,
        `GET /deleted-nodes first page, ${fmt(ITEMS, 0)} items, median (ms)`,
        fmt(m(times.trash.full), 2),
        '< 15',
        m(times.trash.full) < 15,
      ),
      row(
        GROUP,
        `Children page with / without a full trash, median (ms)`,
        `${fmt(m(times.list.full), 2)} / ${fmt(m(times.list.empty), 2)} = ${fmt(ratio('list'), 2)}×`,
        '≤ 1.2×',
        ratio('list') <= 1.2,
      ),
      row(
        GROUP,
        `JSON create with / without a full trash, median (ms)`,
        `${fmt(m(times.create.full), 2)} / ${fmt(m(times.create.empty), 2)} = ${fmt(ratio('create'), 2)}×`,
        '≤ 1.2×',
        ratio('create') <= 1.2,
      ),
    ];
  } finally {
    await servers.full?.stop();
    await servers.empty?.stop();
    removeTempDir(dirs.full);
    removeTempDir(dirs.empty);
  }
}
