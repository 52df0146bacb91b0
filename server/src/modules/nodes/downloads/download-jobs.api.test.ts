import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentStore } from '../../../content-store/content-store.ts';
import { openDatabase, type DatabaseHandle } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import { aFile, aFolder } from '../../../testing/builders.ts';
import { contentFiles } from '../../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { unzip } from '../../../testing/unzip.ts';
import { createAccessService } from '../../permissions/access.service.ts';
import { createAclsRepository } from '../../permissions/acls.repository.ts';
import { createContentRepository } from '../core/content.repository.ts';
import { createNodesRepository } from '../core/nodes.repository.ts';
import { planArchive } from './download-archive.ts';
import { MAX_ATTEMPTS, runDownloadBatch, type DownloadJobsDeps } from './download-jobs.ts';
import { writeZip } from './download-zip.ts';
import { sweepDownloads } from './download-sweeper.ts';
import { createDownloadsRepository } from './downloads.repository.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DOWNLOAD_MAX_BYTES: '1000000', DOWNLOAD_MAX_FILES: '8' }, { downloadJobs: false });
});
afterAll(() => server.close());

const admin: Principal = { id: 'admin', isAdmin: true, homeFolderId: null, authorities: new Set(['admin']) };

/** The job's parts over the test server's database, as the server wires them (the store may be wrapped). */
function jobDeps(overrides: Partial<DownloadJobsDeps> = {}): DownloadJobsDeps {
  const db = server.app.database.db;
  return {
    db,
    contentStore: server.app.contentStore,
    repos: {
      content: createContentRepository(),
      nodes: createNodesRepository(),
      downloads: createDownloadsRepository(),
    },
    access: createAccessService({ db, acls: createAclsRepository() }),
    limits: { maxBytes: 1_000_000, maxFiles: 8 },
    principalFor: async () => admin,
    ...overrides,
  };
}

async function startDownload(nodeIds: string[]) {
  const res = await server.api.post('/downloads', { nodeIds });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.entry.id as string;
}

const statusOf = async (id: string) => (await server.api.get(`/downloads/${id}`)).body.entry;
const rowOf = (id: string) => createDownloadsRepository().findById(server.app.database.db, id);

/** Polls `check` until it holds, at most `tries` times (each a request: no fixed sleep). */
async function until(check: () => Promise<boolean>, tries = 500) {
  for (let i = 0; i < tries; i += 1) if (await check()) return;
  throw new Error('condition not reached');
}

/** A folder with a file whose bytes the store gives when the test says (`gate`); the store that does so. */
async function gatedFolder() {
  const folder = await aFolder(server.api);
  const big = await aFile(server.api, folder.id, Buffer.alloc(300_000, 7), 'big.bin');
  const contentId = (await server.app.database.db
    .selectFrom('nodes')
    .select('contentId')
    .where('id', '=', big.id)
    .executeTakeFirstOrThrow())!.contentId!;
  const gate = new PassThrough();
  const store: ContentStore = {
    ...server.app.contentStore,
    read: async (id, range) => (id === contentId ? gate : server.app.contentStore.read(id, range)),
  };
  return { folder, gate, store };
}

describe('download jobs', () => {
  it('ends MAX_CONTENT_SIZE_EXCEEDED past DOWNLOAD_MAX_BYTES, as Alfresco reports it', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, Buffer.alloc(600_000, 1), 'a.bin');
    await aFile(server.api, folder.id, Buffer.alloc(600_000, 2), 'b.bin');
    const id = await startDownload([folder.id]);
    await server.app.runDownloads();
    const status = await statusOf(id);
    expect(status).toMatchObject({ status: 'MAX_CONTENT_SIZE_EXCEEDED', bytesAdded: 1_000_000, filesAdded: 0 });
    expect(status.totalBytes).toBeGreaterThan(1_000_000);
    expect((await rowOf(id))?.contentId).toBeNull();
    expect((await server.api.get(`/nodes/${id}/content`)).status).toBe(404);
  });

  it('ends MAX_CONTENT_SIZE_EXCEEDED past DOWNLOAD_MAX_FILES (files and folders)', async () => {
    const folder = await aFolder(server.api);
    for (let i = 0; i < 8; i += 1) await aFile(server.api, folder.id, `file ${i}`, `f${i}.txt`);
    const id = await startDownload([folder.id]);
    await server.app.runDownloads();
    expect((await statusOf(id)).status).toBe('MAX_CONTENT_SIZE_EXCEEDED');
    // Within the limit: the folder and seven files.
    const fits = await startDownload([folder.id]);
    await server.api.delete(
      `/nodes/${(await server.api.get(`/nodes/${folder.id}/children`)).body.list.entries[0].entry.id}`,
    );
    await server.app.runDownloads();
    expect(await statusOf(fits)).toMatchObject({ status: 'DONE', filesAdded: 7, totalFiles: 7 });
  });

  it('leaves out a file deleted after the walk, and the zip goes on', async () => {
    const folder = await aFolder(server.api);
    const kept = await aFile(server.api, folder.id, 'kept', 'kept.txt');
    const trashed = await aFile(server.api, folder.id, Buffer.alloc(100_000, 3), 'trashed.bin');
    const purged = await aFile(server.api, folder.id, Buffer.alloc(100_000, 4), 'purged.bin');
    const deps = jobDeps();
    const plan = await planArchive(deps, admin, [folder.id]);
    expect(plan.exceeded ? [] : plan.entries.map((e) => e.nodeId).sort()).toEqual(
      [folder.id, kept.id, trashed.id, purged.id].sort(),
    );
    // Mid-way: one file goes to the trash, another is deleted for good (its bytes removed).
    expect((await server.api.delete(`/nodes/${trashed.id}`)).status).toBe(204);
    expect((await server.api.delete(`/nodes/${purged.id}`, { query: { permanent: true } })).status).toBe(204);
    await server.app.sweep(0);
    const zip = await writeZip(deps, plan.exceeded ? [] : plan.entries, async () => undefined);
    await server.app.contentStore.publish(zip.staged);
    const entries = await unzip(await readAll(server.app.contentStore, zip.staged.id));
    expect([...entries.keys()]).toEqual([`${folder.name}/`, `${folder.name}/kept.txt`]);
    expect(zip).toMatchObject({ filesAdded: 1, bytesAdded: 4 });
    await server.app.contentStore.remove(zip.staged.id);
  });

  it('fails (to be taken up again) when the store cannot read a file, rather than leave the file out', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, Buffer.alloc(100_000, 6), 'unreadable.bin');
    const store: ContentStore = {
      ...server.app.contentStore,
      read: async () => {
        throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
      },
    };
    const before = await contentFiles(server.dataDir);
    const id = await startDownload([folder.id]);
    await expect(runDownloadBatch(jobDeps({ contentStore: store }))).rejects.toThrow('EIO');
    expect(await statusOf(id)).toMatchObject({ status: 'IN_PROGRESS', filesAdded: 0 });
    expect(await contentFiles(server.dataDir)).toEqual(before);
    await server.api.delete(`/downloads/${id}`);
  });

  it('stops a zip under way when it is cancelled, and keeps nothing of it', async () => {
    // The big file's bytes come when the test gives them.
    const { folder, gate, store } = await gatedFolder();
    const before = await contentFiles(server.dataDir);
    const id = await startDownload([folder.id]);
    const running = runDownloadBatch(jobDeps({ contentStore: store, progressMs: 0 }));
    gate.write(Buffer.alloc(1000, 5));
    await until(async () => (await statusOf(id)).bytesAdded > 0);
    expect(await statusOf(id)).toMatchObject({ status: 'IN_PROGRESS', bytesAdded: 1000 });
    expect((await server.api.delete(`/downloads/${id}`)).status).toBe(202);
    gate.end(Buffer.alloc(1000, 5));
    expect(await running).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'CANCELLED' });
    expect((await rowOf(id))?.contentId).toBeNull();
    expect(await contentFiles(server.dataDir)).toEqual(before);
  });

  it('takes up again a zip whose instance stopped (its lease ran out), and gives up after three tries', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'again');
    const db = server.app.database.db;
    const id = await startDownload([folder.id]);
    // An instance claimed it and died: IN_PROGRESS, its lease over.
    await db
      .updateTable('downloads')
      .set({ status: 'IN_PROGRESS', claimedUntil: Date.now() - 1, attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await server.app.runDownloads()).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'DONE', filesAdded: 1 });

    const doomed = await startDownload([folder.id]);
    await db
      .updateTable('downloads')
      .set({ status: 'IN_PROGRESS', claimedUntil: Date.now() - 1, attempts: MAX_ATTEMPTS })
      .where('id', '=', doomed)
      .execute();
    await server.app.runDownloads();
    expect((await statusOf(doomed)).status).toBe('CANCELLED');
  });

  it('is built once when two instances look for it at the same moment', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'once');
    const id = await startDownload([folder.id]);
    const ran = await Promise.all([runDownloadBatch(jobDeps()), runDownloadBatch(jobDeps())]);
    expect(ran.sort()).toEqual([0, 1]);
    expect(await statusOf(id)).toMatchObject({ status: 'DONE', filesAdded: 1 });
  });

  it('is removed with its zip after DOWNLOAD_RETENTION_MINUTES; the content sweeper keeps a zip until then', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'swept');
    const id = await startDownload([folder.id]);
    await server.app.runDownloads();
    const zipId = (await rowOf(id))!.contentId!;
    const names = async () => (await contentFiles(server.dataDir)).map((f) => path.basename(f));
    expect(await names()).toContain(zipId);

    // Older than the content sweeper's grace period, the zip is still kept: a download names it.
    const then = new Date(Date.now() - 2 * 3600_000);
    for (const file of await contentFiles(server.dataDir)) await utimes(file, then, then);
    await server.app.sweep(3600_000);
    expect(await names()).toContain(zipId);
    expect((await server.api.get(`/nodes/${id}/content`)).status).toBe(200);

    // An hour later (DOWNLOAD_RETENTION_MINUTES=60) the download sweeper removes the row and the zip.
    expect((await server.app.sweepDownloads(Date.now() + 59 * 60_000)).downloads).toBe(0);
    expect((await server.app.sweepDownloads(Date.now() + 61 * 60_000)).downloads).toBeGreaterThanOrEqual(1);
    expect((await server.api.get(`/downloads/${id}`)).status).toBe(404);
    expect((await server.api.get(`/nodes/${id}/content`)).status).toBe(404);
    expect(await names()).not.toContain(zipId);
  });
});

describe('download job leases, two instances on one database', () => {
  /** A second instance's database: on PostgreSQL a pool of its own; SQLite is one process's file. */
  let other: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (server.databaseUrl) other = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  });
  afterAll(() => other?.close());
  const otherDb = () => other?.db ?? server.app.database.db;
  const LEASE = 600;

  /** A download whose zip this instance is building, its bytes held at the gate after the first 1,000. */
  async function buildUnderWay() {
    const { folder, gate, store } = await gatedFolder();
    const before = await contentFiles(server.dataDir);
    const id = await startDownload([folder.id]);
    const first = runDownloadBatch(jobDeps({ contentStore: store, progressMs: 0, leaseMs: LEASE }));
    gate.write(Buffer.alloc(1000, 7));
    await until(async () => (await statusOf(id)).bytesAdded > 0);
    return { id, gate, first, before };
  }

  it('keeps its lease while a build is long: another instance does not take it over, one zip is made', async () => {
    const { id, gate, first, before } = await buildUnderWay();
    // The bytes wait (a slow store, a big tree) past the end of the lease it claimed; each look is
    // a request, so the instance's timers run meanwhile.
    const claimedUntil = Number((await rowOf(id))!.claimedUntil);
    await until(async () => (await statusOf(id)) !== undefined && Date.now() > claimedUntil + LEASE, 100_000);
    expect(await runDownloadBatch(jobDeps({ db: otherDb(), leaseMs: LEASE }))).toBe(0);
    gate.end(Buffer.alloc(1000, 7));
    expect(await first).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'DONE', filesAdded: 1 });
    const after = await contentFiles(server.dataDir);
    expect(after.filter((f) => !before.includes(f)).map((f) => path.basename(f))).toEqual([
      (await rowOf(id))!.contentId,
    ]);
  });

  it("once taken over (its instance stalled past its lease), leaves no second zip and keeps the other's result", async () => {
    const { id, gate, first, before } = await buildUnderWay();
    // As if the first instance had stalled (a long pause) and its lease ran out: the other claims it.
    await server.app.database.db
      .updateTable('downloads')
      .set({ claimedUntil: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(await runDownloadBatch(jobDeps({ db: otherDb(), leaseMs: LEASE }))).toBe(1);
    const done = await rowOf(id);
    expect(done).toMatchObject({ status: 'DONE', filesAdded: 1 });
    gate.end(Buffer.alloc(1000, 7));
    expect(await first).toBe(1);
    expect(await rowOf(id)).toEqual(done);
    const after = await contentFiles(server.dataDir);
    expect(after.filter((f) => !before.includes(f)).map((f) => path.basename(f))).toEqual([done!.contentId]);
  });
});

describe('the download sweeper', () => {
  it('removes the zip of a download finished between its read of the rows and its delete (no zip left that no row names)', async () => {
    const folder = await aFolder(server.api);
    await aFile(server.api, folder.id, 'raced', 'r.txt');
    const id = await startDownload([folder.id]);
    const downloads = createDownloadsRepository();
    let zipId: string | null | undefined;
    // The job ends DONE, with its zip, just after the sweeper has read the rows (the row it read has no zip).
    const racing: typeof downloads = {
      ...downloads,
      async createdBefore(db, before, limit) {
        const rows = await downloads.createdBefore(db, before, limit);
        if (zipId === undefined) {
          await server.app.runDownloads();
          zipId = (await rowOf(id))?.contentId;
        }
        return rows;
      },
    };
    const deps = { db: server.app.database.db, contentStore: server.app.contentStore, repos: { downloads: racing } };
    expect((await sweepDownloads(deps, 0, Date.now() + 1)).downloads).toBeGreaterThanOrEqual(1);
    expect(zipId).toEqual(expect.any(String));
    expect(await rowOf(id)).toBeUndefined();
    const names = (await contentFiles(server.dataDir)).map((f) => path.basename(f));
    expect(names).not.toContain(zipId);
  });
});

describe('download jobs on their own', () => {
  it('are built by the server without being asked, soon after the download is made', async () => {
    const own = await startTestServer();
    try {
      const folder = await aFolder(own.api);
      await aFile(own.api, folder.id, 'by itself', 'x.txt');
      const res = await own.api.post('/downloads', { nodeIds: [folder.id] });
      const id = res.body.entry.id as string;
      let status = '';
      await until(async () => {
        status = (await own.api.get(`/downloads/${id}`)).body.entry.status;
        return status === 'DONE';
      }, 2000);
      const zip = await unzip((await own.api.get(`/nodes/${id}/content`)).raw);
      expect(zip.get(`${folder.name}/x.txt`)?.toString()).toBe('by itself');
    } finally {
      await own.close();
    }
  });
});

async function readAll(store: ContentStore, id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(id)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
