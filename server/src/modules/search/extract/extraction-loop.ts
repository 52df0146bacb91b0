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

  const drainAll = async () => {
    let total = 0;
    for (let ran = 1; ran > 0 && !stopped; total += ran) ran = await runExtractionBatch(deps);
    return total;
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainAll()
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
    nudge: () => setTimeout(kick, NUDGE_DELAY_MS).unref(),
    async drain() {
      await running;
      return drainAll();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
      await deps.extractor.close();
    },
  };
}
