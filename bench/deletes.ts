/**
 * Benchmark: deletes of deep and wide trees (issue 15 item 2) through the trashcan (issue 18),
 * seeded in-process before the server starts: chains of 1,000 and 2,000 folders (a file at the
 * bottom), and trees of 10,000 and 100,000 nodes (folders of 99 files). Each tree goes into the
 * trash (DELETE /nodes), is restored, goes into the trash again and is purged (DELETE
 * /deleted-nodes). While each step runs, another client creates folders elsewhere one after the
 * other: on SQLite they wait for the one writer, so their slowest answer shows how long the step
 * held it.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, createFolder, request } from './lib/http.ts';
import { sampleRss, sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { fileNode, folderNode, withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, since } from './lib/stats.ts';

interface Tree {
  label: string;
  rootId: string;
  nodes: number;
}

const CHAINS = [1000, 2000];
const WIDE = [100, 1000]; // folders of 99 files: 10,000 and 100,000 nodes

async function seed(dataDir: string): Promise<{ trees: Tree[]; scratch: string }> {
  return withSeedApp(dataDir, async ({ db, companyHome, repos }) => {
    const now = Date.now();
    const trees: Tree[] = [];
    const scratch = folderNode(companyHome, 'scratch', now);
    await db.transaction().execute(async (tx) => {
      await repos.nodes.insert(tx, scratch);
      for (const levels of CHAINS) {
        const root = folderNode(companyHome, `chain-${levels}`, now);
        await repos.nodes.insert(tx, root);
        let parent = root.id;
        for (let i = 1; i < levels; i++) {
          const folder = folderNode(parent, 'd', now);
          await repos.nodes.insert(tx, folder);
          parent = folder.id;
        }
        await repos.nodes.insert(tx, fileNode(parent, 'leaf.txt', now));
        trees.push({ label: `chain of ${fmt(levels, 0)} folders`, rootId: root.id, nodes: levels + 1 });
      }
      for (const folders of WIDE) {
        const root = folderNode(companyHome, `wide-${folders}`, now);
        await repos.nodes.insert(tx, root);
        for (let f = 0; f < folders; f++) {
          const folder = folderNode(root.id, `folder-${f}`, now);
          await repos.nodes.insert(tx, folder);
          for (let i = 0; i < 99; i++) await repos.nodes.insert(tx, fileNode(folder.id, `file-${i}.txt`, now));
        }
        trees.push({ label: `tree of ${fmt(folders * 100 + 1, 0)} nodes`, rootId: root.id, nodes: folders * 100 + 1 });
      }
    });
    return { trees, scratch: scratch.id };
  });
}

/** Runs `act` while another client creates folders in `scratch` back to back: its time, and the slowest create. */
async function alongsideWrites(server: ServerHandle, scratch: string, tag: string, act: () => Promise<void>) {
  let running = true;
  const waits: number[] = [];
  const writer = (async () => {
    for (let i = 0; running; i++) {
      const t = process.hrtime.bigint();
      await createFolder(server.apiUrl, scratch, `w-${tag.replace(/\W+/g, '-')}-${i}`);
      waits.push(since(t));
    }
  })();
  await sleep(50);
  const memory = sampleRss(server.pid);
  const t0 = process.hrtime.bigint();
  let ms: number;
  try {
    await act();
  } finally {
    ms = since(t0);
    running = false;
    await writer;
  }
  return { ms, slowest: Math.max(0, ...waits), writes: waits.length, peakRssMb: memory.stop().peakRssMb };
}

export async function runDeletes(): Promise<Row[]> {
  const dataDir = makeTempDir('deletes');
  let server: ServerHandle | undefined;
  const group = 'Deletes (SQLite)';
  try {
    const start = process.hrtime.bigint();
    const { trees, scratch } = await seed(dataDir);
    log(`seeded ${trees.map((t) => t.label).join(', ')} in ${fmt(since(start) / 1000)} s`);
    // The chains are deeper than the default MAX_FOLDER_DEPTH (256): a restore checks it, as a move does.
    server = await spawnQuire(dataDir, { MAX_FOLDER_DEPTH: '5000' });
    await sleep(500);
    const rows: Row[] = [];
    for (const tree of trees) {
      // Into the trash, back, into the trash again, then purged: each with another user's writes alongside.
      const steps: [string, string, string, number][] = [
        ['DELETE', `/nodes/${tree.rootId}`, 'into the trash', 204],
        ['POST', `/deleted-nodes/${tree.rootId}/restore`, 'restore', 200],
        ['DELETE', `/nodes/${tree.rootId}`, 'into the trash again', 204],
        ['DELETE', `/deleted-nodes/${tree.rootId}`, 'purge', 204],
      ];
      for (const [method, path, what, expected] of steps) {
        const { ms, slowest, writes, peakRssMb } = await alongsideWrites(server, scratch, `${tree.nodes}-${what}`, () =>
          request(`${server!.apiUrl}${path}`, {
            method,
            headers: {
              authorization: ADMIN_AUTH,
              ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            },
            ...(method === 'POST' ? { body: '{}' } : {}),
            agent: new http.Agent({ keepAlive: false }),
            timeoutMs: 600_000,
          }).then((res) => {
            if (res.status !== expected)
              throw new Error(`${what} of ${tree.label} answered ${res.status}: ${res.body.slice(0, 300)}`);
          }),
        );
        log(`${tree.label}: ${what} in ${fmt(ms, 0)} ms; ${writes} creates meanwhile, slowest ${fmt(slowest, 0)} ms`);
        const goal = tree.nodes <= 10_001 ? 1000 : undefined;
        rows.push(
          row(
            group,
            `${tree.label}: ${what} (ms)`,
            fmt(ms, 0),
            goal ? `< ${fmt(goal, 0)}` : '',
            goal ? ms < goal : undefined,
          ),
        );
        rows.push(row(group, `  another user's create meanwhile, slowest (ms)`, fmt(slowest, 0)));
        rows.push(
          row(
            group,
            `  server peak RSS meanwhile (MiB)`,
            fmt(peakRssMb),
            goal ? '< 200' : '',
            goal ? peakRssMb < 200 : undefined,
          ),
        );
      }
    }
    return rows;
  } finally {
    await server?.stop();
    removeTempDir(dataDir);
  }
}
