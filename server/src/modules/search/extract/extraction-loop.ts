import { setTimeout as sleep } from 'node:timers/promises';
import { hasWaitingJobs, runExtractionBatch, type ExtractionJobsDeps } from './extraction-jobs.ts';

export interface ExtractionLoop {
  /** A content was written: look for jobs shortly (after its transaction has committed). */
  nudge(): void;
  /** Runs every waiting job now and resolves when none is left (tests, operations). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Waiting after a nudge before looking: the write that nudged is then usually committed. */
const NUDGE_DELAY_MS = 50;

/**
 * While contents are being written (a nudge within the last second), the jobs take at most a
 * quarter of the time: after a batch that took t ms the loop rests 3t, so uploads keep most of
 * the machine and the text follows; an idle server reads without resting.
 */
const BUSY_WINDOW_MS = 1_000;
const REST_FACTOR = 3;

/**
 * Runs the extraction jobs of this instance: at once after a content is written here, and every
 * `pollMs` for those written by other instances (or whose lease ran out). One batch at a time.
 */
export function startExtractionLoop(
  deps: ExtractionJobsDeps,
  options: { pollMs: number; onError: (error: unknown) => void },
): ExtractionLoop {
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  let lastWrite = 0;
  let nudged: NodeJS.Timeout | undefined;
  const drainAll = async (rest: boolean) => {
    let total = 0;
    // A look on the pending rows' index first: claiming is a write, and most nudges find the job
    // already taken by the batch before.
    if (rest && !(await hasWaitingJobs(deps.db))) return 0;
    for (let ran = 1; ran > 0 && !stopped; total += ran) {
      const started = Date.now();
      ran = await runExtractionBatch(deps);
      const took = Date.now() - started;
      if (rest && ran > 0 && Date.now() - lastWrite < BUSY_WINDOW_MS) await sleep(REST_FACTOR * took);
    }
    return total;
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainAll(true)
      .catch((error: unknown) => {
        options.onError(error);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const poll = setInterval(() => {
    if (!running) hasWaitingJobs(deps.db).then((waiting) => waiting && kick(), options.onError);
  }, options.pollMs);
  poll.unref();

  return {
    nudge: () => {
      lastWrite = Date.now();
      // One look per burst of uploads, not one per upload.
      nudged ??= setTimeout(() => {
        nudged = undefined;
        kick();
      }, NUDGE_DELAY_MS).unref();
    },
    async drain() {
      await running;
      return drainAll(false);
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (nudged) clearTimeout(nudged);
      await running;
      await deps.extractor.close();
    },
  };
}
