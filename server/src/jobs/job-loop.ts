/**
 * The durable jobs a loop runs (text extraction, zip downloads): rows in the database that any
 * instance claims for a lease, so a job runs on one instance at a time and is taken up again when
 * the instance running it stops.
 */
export interface JobSource {
  /** Whether a job is waiting whose lease is free (a cheap look, on an index). */
  waiting(): Promise<boolean>;
  /** Claims and runs one batch; how many jobs it ran (0: none was waiting). */
  runBatch(): Promise<number>;
  /** Releases what the jobs hold (worker threads) once the loop has stopped. */
  close?(): Promise<void>;
}

export interface JobLoopOptions {
  /** How often to look for jobs written by other instances (or whose lease ran out). */
  pollMs: number;
  onError: (error: unknown) => void;
  /**
   * While nudges keep coming (writes in the last second), rest this many times the length of a
   * batch after it (0: never rest).
   */
  restFactor?: number;
}

export interface JobLoop {
  /** A content was written: look for jobs shortly (after its transaction has committed). */
  nudge(): void;
  /** Runs every waiting job now and resolves when none is left (tests, operations). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Waiting after a nudge before looking: the write that nudged is then usually committed. */
const NUDGE_DELAY_MS = 50;

/** How recent a nudge makes the loop busy (it rests `restFactor` between batches then). */
const BUSY_WINDOW_MS = 1_000;

/** The loop's state: the batch running, whether another look is wanted, its timers. */
interface Loop {
  readonly jobs: JobSource;
  readonly onError: (error: unknown) => void;
  readonly restFactor: number;
  running: Promise<number> | undefined;
  again: boolean;
  stopped: boolean;
  lastWrite: number;
  nudged: NodeJS.Timeout | undefined;
  poll: NodeJS.Timeout | undefined;
  /** Drains and stops under way: while any is, the loop does not rest. */
  hurry: number;
  /** Ends the rest under way, if any. */
  endRest: (() => void) | undefined;
}

/**
 * Runs the jobs of this instance: shortly after a nudge (a job written here), and every `pollMs`
 * for those written by other instances (or whose lease ran out). One batch at a time.
 */
export function startJobLoop(jobs: JobSource, options: JobLoopOptions): JobLoop {
  const loop: Loop = {
    jobs,
    onError: options.onError,
    restFactor: options.restFactor ?? 0,
    running: undefined,
    again: false,
    stopped: false,
    lastWrite: 0,
    nudged: undefined,
    poll: undefined,
    hurry: 0,
    endRest: undefined,
  };
  loop.poll = setInterval(() => {
    if (!loop.running) jobs.waiting().then((waiting) => waiting && kick(loop), options.onError);
  }, options.pollMs);
  loop.poll.unref();
  return {
    nudge: () => nudge(loop),
    drain: () => drain(loop),
    stop: () => stop(loop),
  };
}

async function drainAll(loop: Loop, rest: boolean): Promise<number> {
  let total = 0;
  // A look on the pending rows' index first: claiming is a write, and most nudges find the job
  // already taken by the batch before.
  if (rest && !(await loop.jobs.waiting())) return 0;
  for (let ran = 1; ran > 0 && !loop.stopped; total += ran) {
    const started = Date.now();
    ran = await loop.jobs.runBatch();
    const took = Date.now() - started;
    const busy = Date.now() - loop.lastWrite < BUSY_WINDOW_MS;
    if (rest && ran > 0 && busy && loop.restFactor > 0) await pause(loop, loop.restFactor * took);
  }
  return total;
}

/** The rest between two batches, which a drain or a stop ends at once. */
function pause(loop: Loop, ms: number): Promise<void> {
  if (loop.hurry > 0 || loop.stopped) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(end, ms);
    function end() {
      clearTimeout(timer);
      loop.endRest = undefined;
      resolve();
    }
    loop.endRest = end;
  });
}

/** Ends the rest under way, and any later one until `work` is done. */
async function hurried<T>(loop: Loop, work: () => Promise<T>): Promise<T> {
  loop.hurry += 1;
  loop.endRest?.();
  try {
    return await work();
  } finally {
    loop.hurry -= 1;
  }
}

function kick(loop: Loop): void {
  if (loop.stopped) return;
  if (loop.running) {
    loop.again = true;
    return;
  }
  loop.running = drainAll(loop, true)
    .catch((error: unknown) => {
      loop.onError(error);
      return 0;
    })
    .finally(() => {
      loop.running = undefined;
      if (loop.again) {
        loop.again = false;
        kick(loop);
      }
    });
}

function nudge(loop: Loop): void {
  loop.lastWrite = Date.now();
  // One look per burst of uploads, not one per upload.
  loop.nudged ??= setTimeout(() => {
    loop.nudged = undefined;
    kick(loop);
  }, NUDGE_DELAY_MS).unref();
}

async function drain(loop: Loop): Promise<number> {
  return hurried(loop, async () => {
    await loop.running;
    return drainAll(loop, false);
  });
}

async function stop(loop: Loop): Promise<void> {
  loop.stopped = true;
  clearInterval(loop.poll);
  if (loop.nudged) clearTimeout(loop.nudged);
  await hurried(loop, async () => loop.running);
  await loop.jobs.close?.();
}
