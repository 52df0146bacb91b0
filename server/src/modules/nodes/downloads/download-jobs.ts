import { keepLease } from '../../../jobs/lease-keeper.ts';
import type { Principal } from '../../../http/principal.ts';
import { planArchive, type ArchiveLimits, type PlanDeps } from './download-archive.ts';
import { writeZip, type ZipDeps, type ZipProgress } from './download-zip.ts';
import type { DownloadProgress, DownloadRow, DownloadsRepository } from './downloads.repository.ts';

/**
 * The durable zip jobs: a download's row is its job. Any instance claims a waiting one for a lease
 * (renewed every quarter of it while the job runs, however long its walk of the tree, its reads or
 * its publishing take), builds the zip as its creator (what they may read, now) and ends the row
 * DONE with the zip, or MAX_CONTENT_SIZE_EXCEEDED. An instance that stops mid-job lets the lease
 * run out and another takes the row again; a job claimed MAX_ATTEMPTS times without an end is
 * CANCELLED, so none is retried for ever. Every write is fenced by the claim (its attempt number):
 * a job that lost its row (cancelled, removed by the sweeper, or taken over once its lease ran out)
 * writes nothing more, stops, and removes what it wrote.
 */

export interface DownloadJobsDeps extends ZipDeps {
  repos: ZipDeps['repos'] & PlanDeps['repos'] & { downloads: DownloadsRepository };
  access: PlanDeps['access'];
  limits: ArchiveLimits;
  /** The creator as a caller (undefined: the person is gone). */
  principalFor(personId: string): Promise<Principal | undefined>;
  /** How often a job writes its progress (and sees a cancel); default 1 s. */
  progressMs?: number;
  /** How long a claim lasts without renewal; default LEASE_MS (tests shorten it). */
  leaseMs?: number;
}

/** How long a claimed job is an instance's own without renewal (it renews it every quarter of that). */
export const LEASE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 3;

/** The job lost its row: cancelled, removed, or taken by another instance. */
class JobLost extends Error {}

interface Running {
  deps: DownloadJobsDeps;
  id: string;
  /** The claim's number (the row's attempts when claimed): it fences every write. */
  attempt: number;
  totals: { totalBytes: number; totalFiles: number };
  /** Set once a renewal found the row no longer this job's. */
  lost: boolean;
}

/** Writes the progress; throws JobLost when the row is no longer this job's. */
async function advance(job: Running, progress: ZipProgress): Promise<void> {
  const values: DownloadProgress = { ...progress, ...job.totals };
  if (job.lost || !(await job.deps.repos.downloads.progress(job.deps.db, job.id, job.attempt, values))) {
    throw new JobLost();
  }
}

/**
 * One renewal of the job's lease (jobs/lease-keeper.ts runs them while the job walks the tree, reads
 * slowly or publishes a large zip); a lease another instance took marks the job lost.
 */
function renewLease(job: Running, leaseMs: number): () => Promise<void> {
  const { db, repos } = job.deps;
  return async () => {
    if (!(await repos.downloads.renew(db, job.id, job.attempt, Date.now() + leaseMs))) job.lost = true;
  };
}

/** Ends the job without a zip (the row keeps what the status says). */
async function end(job: Running, status: 'CANCELLED' | 'MAX_CONTENT_SIZE_EXCEEDED', values: DownloadProgress) {
  await job.deps.repos.downloads.finish(job.deps.db, job.id, job.attempt, { status, ...values });
}

const NOTHING: DownloadProgress = { bytesAdded: 0, filesAdded: 0, totalBytes: 0, totalFiles: 0 };

/** Builds one download's zip (the row claimed by this instance), its lease renewed meanwhile. */
async function build(deps: DownloadJobsDeps, row: DownloadRow, leaseMs: number): Promise<void> {
  const totals = { totalBytes: 0, totalFiles: 0 };
  const job: Running = { deps, id: row.id, attempt: row.attempts, totals, lost: false };
  const lease = keepLease(renewLease(job, leaseMs), leaseMs);
  try {
    await buildZip(job, row);
  } finally {
    await lease.stop();
  }
}

async function buildZip(job: Running, row: DownloadRow): Promise<void> {
  const { deps } = job;
  const principal = row.attempts <= MAX_ATTEMPTS ? await deps.principalFor(row.createdBy) : undefined;
  if (!principal) return end(job, 'CANCELLED', NOTHING);
  const plan = await planArchive(deps, principal, JSON.parse(row.nodeIds) as string[]);
  job.totals = { totalBytes: plan.totalBytes, totalFiles: plan.totalFiles };
  // As Alfresco: bytesAdded is the limit, filesAdded 0, the totals what was counted.
  if (plan.exceeded)
    return end(job, 'MAX_CONTENT_SIZE_EXCEEDED', { ...NOTHING, ...job.totals, bytesAdded: deps.limits.maxBytes });
  await advance(job, { bytesAdded: 0, filesAdded: 0 });
  const zip = await writeZip(deps, plan.entries, (progress) => advance(job, progress), deps.progressMs);
  await deps.contentStore.publish(zip.staged);
  const done = await deps.repos.downloads.finish(deps.db, job.id, job.attempt, {
    ...{ status: 'DONE', contentId: zip.staged.id, sizeInBytes: zip.staged.sizeInBytes },
    ...{ bytesAdded: zip.bytesAdded, filesAdded: zip.filesAdded, ...job.totals },
  });
  if (!done) await deps.contentStore.remove(zip.staged.id);
}

/**
 * Claims and builds one waiting download; how many it ran (0: none was waiting). A failure (the
 * store unreachable) leaves the row to be claimed again once its lease runs out, and is thrown.
 */
export async function runDownloadBatch(deps: DownloadJobsDeps, now = Date.now()): Promise<number> {
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const rows = await deps.repos.downloads.claim(deps.db, now, leaseMs, 1);
  for (const row of rows) {
    try {
      await build(deps, row, leaseMs);
    } catch (error) {
      if (!(error instanceof JobLost)) throw error;
    }
  }
  return rows.length;
}

/** Whether a download is waiting for a job. */
export function hasWaitingDownloads(deps: Pick<DownloadJobsDeps, 'db' | 'repos'>, now = Date.now()) {
  return deps.repos.downloads.hasWaiting(deps.db, now);
}
