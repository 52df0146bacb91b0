/**
 * Benchmark 6: POST /nodes/{id}/copy of a folder tree of 10,000 nodes (100 folders of 99 files
 * under one root; every tenth file versionable, with a version row), seeded in-process before the
 * server starts. Three copies, each into its own target folder, timed one after the other while
 * the server's RSS is sampled; each copy's listing is checked afterwards.
 */
import http from 'node:http';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { ADMIN_AUTH, request, requestJson } from './lib/http.ts';
import { cpuSeconds, sampleRss, sleep } from './lib/proc.ts';
import { log, row, type Row } from './lib/report.ts';
import { fileNode, folderNode, withSeedApp } from './lib/seed.ts';
import { spawnQuire, type ServerHandle } from './lib/server.ts';
import { fmt, median, since } from './lib/stats.ts';

export interface CopyOptions {
  folders: number;
  filesPerFolder: number;
  /** Every n-th file is cm:versionable (with a 1.0 version row); 0 = none. */
  versionableEvery: number;
  runs: number;
}

export const DEFAULT_COPY: CopyOptions = { folders: 100, filesPerFolder: 99, versionableEvery: 10, runs: 3 };

interface SeededTree {
  rootId: string;
  targets: string[];
  nodes: number;
  versionable: number;
  seedMs: number;
}

async function seedTree(dataDir: string, o: CopyOptions): Promise<SeededTree> {
  return withSeedApp(dataDir, async ({ db, companyHome, repos }) => {
    const start = process.hrtime.bigint();
    const now = Date.now();
    const root = folderNode(companyHome, 'copy-source', now);
    const targets = Array.from({ length: o.runs }, (_, i) => folderNode(companyHome, `copy-target-${i + 1}`, now));
    let nodes = 0;
    let versionable = 0;
    await db.transaction().execute(async (tx) => {
      await repos.nodes.insert(tx, root);
      for (const t of targets) await repos.nodes.insert(tx, t);
      for (let f = 1; f <= o.folders; f++) {
        const folder = folderNode(root.id, `folder-${String(f).padStart(3, '0')}`, now + f);
        await repos.nodes.insert(tx, folder);
        nodes += 1;
        for (let i = 1; i <= o.filesPerFolder; i++) {
          const file = fileNode(folder.id, `file-${String(i).padStart(3, '0')}.txt`, now + f, 1000 + i);
          const versioned = o.versionableEvery > 0 && i % o.versionableEvery === 0;
          if (versioned) {
            file.aspects.push('cm:versionable');
            Object.assign(file.properties, { 'cm:versionLabel': '1.0', 'cm:versionType': 'MAJOR' });
          }
          await repos.nodes.insert(tx, file);
          nodes += 1;
          if (versioned) {
            versionable += 1;
            await repos.versions.insert(tx, {
              nodeId: file.id,
              label: '1.0',
              major: 1,
              minor: 0,
              comment: null,
              name: file.name,
              nodeType: file.nodeType,
              contentId: null,
              mimeType: file.mimeType ?? null,
              encoding: file.encoding ?? null,
              sizeInBytes: file.sizeInBytes ?? null,
              aspects: file.aspects,
              properties: file.properties,
              createdAt: file.createdAt,
              createdBy: 'admin',
            });
          }
        }
      }
    });
    return { rootId: root.id, targets: targets.map((t) => t.id), nodes, versionable, seedMs: since(start) };
  });
}

interface Listing {
  list: { pagination: { totalItems: number }; entries: { entry: { id: string; isFolder: boolean } }[] };
}

export async function runCopy(o: CopyOptions = DEFAULT_COPY): Promise<Row[]> {
  const dataDir = makeTempDir('copy');
  let server: ServerHandle | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const group = `Copy (${fmt(o.folders * (o.filesPerFolder + 1), 0)} nodes)`;
  try {
    const tree = await seedTree(dataDir, o);
    log(
      `seeded a tree of ${fmt(tree.nodes, 0)} nodes below the root (${o.folders} folders x ${o.filesPerFolder} files, ` +
        `${fmt(tree.versionable, 0)} versionable) in ${fmt(tree.seedMs / 1000)} s`,
    );
    server = await spawnQuire(dataDir);
    const headers = { authorization: ADMIN_AUTH };
    await sleep(1000);
    const idle = server.mem()?.rssMb ?? Number.NaN;
    log(`server idle RSS before the copies ${fmt(idle)} MiB`);

    const times: number[] = [];
    let peak = 0;
    for (let run = 1; run <= o.runs; run++) {
      const target = tree.targets[run - 1]!;
      const body = JSON.stringify({ targetParentId: target });
      const sampler = sampleRss(server.pid, 20);
      const cpuBefore = cpuSeconds(server.pid);
      const start = process.hrtime.bigint();
      const res = await request(`${server.apiUrl}/nodes/${tree.rootId}/copy`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        body,
        agent,
        timeoutMs: 300_000,
      });
      const ms = since(start);
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const mem = sampler.stop();
      if (res.status !== 201)
        throw new Error(`POST /nodes/{root}/copy answered ${res.status}: ${res.body.slice(0, 500)}`);
      times.push(ms);
      peak = Math.max(peak, mem.peakRssMb);
      const copyId = (JSON.parse(res.body) as { entry: { id: string } }).entry.id;

      // The copy has the source's folders at the top, and the first of them its files.
      const top = await requestJson<Listing>(`${server.apiUrl}/nodes/${copyId}/children?maxItems=1`, 200, {
        headers,
        agent,
      });
      const first = top.list.entries[0]?.entry;
      const inner = first
        ? await requestJson<Listing>(`${server.apiUrl}/nodes/${first.id}/children?maxItems=1`, 200, { headers, agent })
        : undefined;
      const topOk = top.list.pagination.totalItems === o.folders;
      const innerOk = inner?.list.pagination.totalItems === o.filesPerFolder;
      log(
        `run ${run}: ${fmt(ms, 0)} ms (server CPU ${fmt(cpu)} s), peak RSS ${fmt(mem.peakRssMb)} MiB; copy has ` +
          `${top.list.pagination.totalItems} children (expected ${o.folders}), its first folder ` +
          `${inner?.list.pagination.totalItems ?? 'n/a'} (expected ${o.filesPerFolder})`,
      );
      if (!topOk || !innerOk) throw new Error(`copy ${copyId} does not have the source's children (see above)`);
    }
    const hwm = server.mem()?.hwmMb ?? Number.NaN;
    const med = median(times);
    const delta = peak - idle;
    return [
      row(
        group,
        `POST /nodes/{id}/copy, runs ${times.map((_, i) => i + 1).join(' / ')} (ms)`,
        times.map((t) => fmt(t, 0)).join(' / '),
      ),
      row(group, `Copy time, median of ${o.runs} (ms)`, fmt(med, 0), '< 2000', med < 2000),
      row(group, 'Server peak RSS during the copies (MiB)', fmt(peak), '< 200 (bounded)', peak < 200),
      row(group, 'Peak RSS over idle / VmHWM (MiB)', `+${fmt(delta)} / ${fmt(hwm)}`),
    ];
  } finally {
    agent.destroy();
    await server?.stop();
    removeTempDir(dataDir);
  }
}
