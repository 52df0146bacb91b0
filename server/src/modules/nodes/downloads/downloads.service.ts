import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../../../content-store/content-store.ts';
import type { Db } from '../../../db/database.ts';
import type { Principal } from '../../../http/principal.ts';
import type { Downloadable } from '../../../http/send-content.ts';
import type { NodeGate } from '../core/gate.service.ts';
import type { NodesRepository } from '../core/nodes.repository.ts';
import { downloadErrors } from './downloads.errors.ts';
import type { DownloadRow, DownloadsRepository } from './downloads.repository.ts';

export interface DownloadsServiceDeps {
  db: Db;
  gate: NodeGate;
  contentStore: ContentStore;
  repos: { downloads: DownloadsRepository; nodes: Pick<NodesRepository, 'displayNames'> };
  /** Downloads one person may have at once (finished ones count until swept): each may hold a large zip. */
  maxPerPerson: number;
}

/** Zip name of several nodes, as Alfresco names it. */
const ARCHIVE_NAME = 'archive.zip';

/**
 * POST /downloads: checks the nodes as Alfresco does (none: 400, one twice: 400, unknown: 404, not
 * readable: 403) and records the download, PENDING; the zip is built off the request (download-jobs.ts).
 */
async function create(deps: DownloadsServiceDeps, principal: Principal, nodeIds: readonly string[]) {
  if (nodeIds.length === 0) throw downloadErrors.empty();
  if (new Set(nodeIds).size !== nodeIds.length) throw downloadErrors.duplicate();
  const nodes = [];
  for (const id of nodeIds) nodes.push(await deps.gate.resolve(principal, id));
  const resolved = nodes.map((n) => n.id);
  if (new Set(resolved).size !== resolved.length) throw downloadErrors.duplicate();
  const name = nodes.length === 1 ? `${nodes[0]!.name}.zip` : ARCHIVE_NAME;
  // A random UUID (122 random bits): download ids cannot be guessed.
  const id = randomUUID();
  await deps.db.transaction().execute(async (tx) => {
    // The count and the insert agree, across connections and instances: the person's row is held.
    await deps.repos.downloads.holdPerson(tx, principal.id);
    if ((await deps.repos.downloads.countBy(tx, principal.id)) >= deps.maxPerPerson) {
      throw downloadErrors.tooMany(deps.maxPerPerson);
    }
    await deps.repos.downloads.insert(tx, { id, createdBy: principal.id, name, nodeIds: resolved, now: Date.now() });
  });
  return (await deps.repos.downloads.findById(deps.db, id))!;
}

/** The download if the caller may see it (its creator, administrators); undefined otherwise. */
async function visible(deps: DownloadsServiceDeps, principal: Principal, id: string): Promise<DownloadRow | undefined> {
  const row = await deps.repos.downloads.findById(deps.db, id);
  return row && (principal.isAdmin || row.createdBy === principal.id) ? row : undefined;
}

/** GET /downloads/{id}: 404 for what does not exist and for another person's. */
async function get(deps: DownloadsServiceDeps, principal: Principal, id: string): Promise<DownloadRow> {
  const row = await visible(deps, principal, id);
  if (!row) throw downloadErrors.notFound(id);
  return row;
}

/**
 * DELETE /downloads/{id}: a download waiting or under way ends CANCELLED; a finished one (DONE) is
 * removed with its zip, freeing its place among the person's DOWNLOAD_MAX_PER_PERSON at once (the
 * row first, then the zip, as the sweeper does).
 */
async function cancel(deps: DownloadsServiceDeps, principal: Principal, id: string): Promise<void> {
  await get(deps, principal, id);
  if (await deps.repos.downloads.cancel(deps.db, id, Date.now())) return;
  // It had ended, and an ended row changes no more: DONE, it goes with the zip it holds now.
  const zips = await deps.repos.downloads.deleteRows(deps.db, [id], true);
  for (const zip of zips) await deps.contentStore.remove(zip);
}

/** GET /nodes/{id} of a download: the row and its creator's display name (undefined: none the caller may see). */
async function asNode(deps: DownloadsServiceDeps, principal: Principal, id: string) {
  const row = await visible(deps, principal, id);
  if (!row) return undefined;
  const names = await deps.repos.nodes.displayNames(deps.db, [row.createdBy]);
  return { row, creator: { id: row.createdBy, displayName: names(row.createdBy) } };
}

/**
 * GET /nodes/{id}/content of a download: its zip once DONE (before: 404 naming the status);
 * undefined when there is no download the caller may see.
 */
async function content(deps: DownloadsServiceDeps, principal: Principal, id: string) {
  const row = await visible(deps, principal, id);
  if (!row) return undefined;
  if (row.status !== 'DONE' || !row.contentId) throw downloadErrors.notReady(id, row.status);
  const contentId = row.contentId;
  const item: Downloadable = {
    ...{ name: row.name, mimeType: 'application/zip', encoding: null },
    ...{ sizeInBytes: Number(row.sizeInBytes ?? 0), modifiedAt: Number(row.modifiedAt) },
  };
  return { item, open: (range?: { start: number; end: number }) => deps.contentStore.read(contentId, range) };
}

export function createDownloadsService(deps: DownloadsServiceDeps) {
  return {
    create: (principal: Principal, nodeIds: readonly string[]) => create(deps, principal, nodeIds),
    get: (principal: Principal, id: string) => get(deps, principal, id),
    cancel: (principal: Principal, id: string) => cancel(deps, principal, id),
    asNode: (principal: Principal, id: string) => asNode(deps, principal, id),
    content: (principal: Principal, id: string) => content(deps, principal, id),
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
