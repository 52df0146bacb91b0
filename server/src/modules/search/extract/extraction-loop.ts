import { startJobLoop, type JobLoop } from '../../../jobs/job-loop.ts';
import { hasWaitingJobs, runExtractionBatch, type ExtractionJobsDeps } from './extraction-jobs.ts';

export type ExtractionLoop = JobLoop;

/**
 * While contents are being written (a nudge within the last second), the jobs take at most a
 * tenth of the time: after a batch that took t ms the loop rests 9t, so uploads keep the machine
 * (issue 19: creates with the index at ≥ 90 % of those without) and the text follows, at the
 * latest once the burst ends; an idle server reads without resting.
 */
const REST_FACTOR = 9;

/** The extraction jobs of this instance on the shared job loop (jobs/job-loop.ts). */
export function startExtractionLoop(
  deps: ExtractionJobsDeps,
  options: { pollMs: number; onError: (error: unknown) => void },
): ExtractionLoop {
  return startJobLoop(
    {
      waiting: () => hasWaitingJobs(deps.db),
      runBatch: () => runExtractionBatch(deps),
      close: () => deps.extractor.close(),
    },
    { ...options, restFactor: REST_FACTOR },
  );
}
