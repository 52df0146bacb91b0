import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker: its own connection to the database, running a PASSIVE checkpoint (copy what the WAL
 * holds into the database file, then let the WAL start over) each time it is asked. A checkpoint
 * never blocks the writer or readers, and it syncs the WAL before and the database after copying,
 * so it loses nothing.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, frames: result.log, copied: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error) });
  }
});
`;

export interface CheckpointerOptions {
  /** Checkpoint once this many commits wait (default 50), this long after the last of them (default 200 ms). */
  minCommits?: number;
  delayMs?: number;
  /**
   * Fewer commits are checkpointed after this long without another (default 30 s); the worker
   * stops after as long without work, and starts again when it is needed.
   */
  idleMs?: number;
  /** Told when the worker cannot checkpoint; the caller then lets SQLite checkpoint again. */
  onFailure(error: Error): void;
}

/**
 * Checkpoints SQLite's WAL in a worker thread (ADR 0009). SQLite's own automatic checkpoint runs
 * inside the COMMIT that passes 1,000 WAL pages, on the event loop: it copies those pages into
 * the database and fsyncs both files, stalling every request for milliseconds. The writer turns
 * it off (`wal_autocheckpoint = 0`) and tells this class of its commits instead.
 *
 * The worker (a few MiB) runs only while there is work: it starts for the first checkpoint and
 * stops after `idleMs` without one, so an idle server, or one that only reads, has none.
 */
export class Checkpointer {
  readonly #file: string;
  readonly #minCommits: number;
  readonly #delayMs: number;
  readonly #idleMs: number;
  readonly #onFailure: (error: Error) => void;
  #worker: Worker | undefined;
  /** The next checkpoint (or the worker's stop, when nothing waits). */
  #timer: NodeJS.Timeout | undefined;
  #timerFor: 'checkpoint' | 'stop' | undefined;
  #due = 0;
  #commits = 0;
  #running = false;
  #failed = false;
  #closed = false;
  #idle: (() => void)[] = [];
  #count = 0;
  #starts = 0;

  constructor(file: string, options: CheckpointerOptions) {
    this.#file = file;
    this.#minCommits = options.minCommits ?? 50;
    this.#delayMs = options.delayMs ?? 200;
    this.#idleMs = options.idleMs ?? 30_000;
    this.#onFailure = options.onFailure;
  }

  /** Checkpoints run so far. */
  get count(): number {
    return this.#count;
  }

  /** Times the worker was started. */
  get starts(): number {
    return this.#starts;
  }

  /** Whether the worker is running now. */
  get working(): boolean {
    return this.#worker !== undefined;
  }

  /** A commit wrote to the WAL: a checkpoint follows, shared with the commits of the next moments. */
  committed(): void {
    if (this.#failed || this.#closed) return;
    this.#commits += 1;
    if (!this.#running) this.#plan();
  }

  /** Resolves when no checkpoint is due or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.#quiet()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /**
   * Stops the worker (after the checkpoint running, if any), closing its connection. No last
   * checkpoint: the writer, closed last, checkpoints and removes the WAL itself.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#clearTimer();
    await this.idle();
    await this.#stopWorker();
  }

  /** After a commit or a checkpoint: when the next checkpoint (or the worker's stop) is due. */
  #plan(): void {
    if (this.#closed) return this.#settle();
    if (this.#commits >= this.#minCommits) return this.#setTimer('checkpoint', this.#delayMs);
    if (this.#commits > 0) return this.#setTimer('checkpoint', this.#idleMs);
    if (this.#worker) this.#setTimer('stop', this.#idleMs);
    this.#settle();
  }

  /** A checkpoint already due sooner is kept; anything else is replaced. */
  #setTimer(purpose: 'checkpoint' | 'stop', ms: number): void {
    const due = performance.now() + ms;
    if (this.#timer && this.#timerFor === 'checkpoint' && purpose === 'checkpoint' && this.#due <= due) return;
    this.#clearTimer();
    this.#timerFor = purpose;
    this.#due = due;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerFor = undefined;
      if (purpose === 'checkpoint') this.#run();
      else void this.#stopWorker().then(() => this.#settle());
    }, ms).unref();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerFor = undefined;
  }

  #run(): void {
    if (this.#failed) return;
    this.#running = true;
    this.#count += 1;
    this.#commits = 0;
    this.#startWorker().postMessage('checkpoint');
  }

  #startWorker(): Worker {
    if (this.#worker) return this.#worker;
    this.#starts += 1;
    const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: this.#file, sqlitePath },
      // It holds no data: a small heap is enough.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8, codeRangeSizeMb: 2 },
    });
    // A checkpoint pending must not keep the process alive.
    worker.unref();
    worker.on('message', (result: { ok: boolean; message?: string }) => {
      this.#running = false;
      if (!result.ok) return this.#fail(new Error(`WAL checkpoint failed: ${result.message}`));
      this.#plan();
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#fail(new Error(`The checkpoint worker stopped (exit code ${code})`));
    });
    this.#worker = worker;
    return worker;
  }

  async #stopWorker(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = undefined;
    worker.ref();
    if (this.#failed) {
      await worker.terminate();
      return;
    }
    const exited = once(worker, 'exit').catch(() => worker.terminate());
    worker.postMessage('close');
    await exited;
  }

  #quiet(): boolean {
    if (this.#failed || this.#running) return !this.#running;
    return this.#closed || (this.#commits === 0 && this.#timerFor !== 'checkpoint');
  }

  #settle(): void {
    if (!this.#quiet()) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #fail(error: Error): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#running = false;
    this.#clearTimer();
    void this.#stopWorker();
    for (const resolve of this.#idle.splice(0)) resolve();
    this.#onFailure(error);
  }
}
