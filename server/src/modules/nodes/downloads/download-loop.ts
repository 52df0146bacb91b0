import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../db/database.ts';
import { startJobLoop, type JobLoop } from '../../../jobs/job-loop.ts';
import { hasWaitingDownloads, runDownloadBatch, type DownloadJobsDeps } from './download-jobs.ts';

/** How often an instance looks for downloads that others recorded (or whose lease ran out). */
const POLL_MS = 2_000;

/**
 * Starts this instance's zip jobs on the shared job loop: nudged by every write to `downloads`
 * here (a new download is taken within about 50 ms), polling for the others' and stopped when the
 * server closes. Not `automatic` (tests): nothing runs until `drain` is called.
 */
export function startDownloadJobs(
  fastify: FastifyInstance,
  database: DatabaseHandle,
  deps: Omit<DownloadJobsDeps, 'db'>,
  automatic = true,
): Pick<JobLoop, 'drain'> {
  const jobs: DownloadJobsDeps = { ...deps, db: database.db };
  if (!automatic) return { drain: () => drainNow(jobs) };
  const loop = startJobLoop(
    { waiting: () => hasWaitingDownloads(jobs), runBatch: () => runDownloadBatch(jobs) },
    { pollMs: POLL_MS, onError: (err) => fastify.log.error({ err }, 'download zip failed') },
  );
  database.writes.watch(['downloads'], loop.nudge);
  fastify.addHook('onClose', () => loop.stop());
  return loop;
}

/** Runs every waiting download now, one after another; how many ran. */
async function drainNow(jobs: DownloadJobsDeps): Promise<number> {
  let total = 0;
  for (let ran = await runDownloadBatch(jobs); ran > 0; ran = await runDownloadBatch(jobs)) total += ran;
  return total;
}
