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
  /** After a commit, wait this long before checkpointing, so commits in between share it (default 200 ms). */
  delayMs?: number;
  /** Told when the worker cannot checkpoint; the caller then lets SQLite checkpoint again. */
  onFailure(error: Error): void;
}

/**
 * Checkpoints SQLite's WAL in a worker thread (ADR 0009). SQLite's own automatic checkpoint runs
 * inside the COMMIT that passes 1,000 WAL pages, on the event loop: it copies those pages into
 * the database and fsyncs both files, stalling every request for milliseconds. The writer turns
 * it off (`wal_autocheckpoint = 0`) and tells this class of its commits instead.
 */
export class Checkpointer {
  readonly #worker: Worker;
  readonly #delayMs: number;
  readonly #onFailure: (error: Error) => void;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #wanted = false;
  #failed = false;
  #idle: (() => void)[] = [];
  #count = 0;
  #closing = false;

  constructor(file: string, options: CheckpointerOptions) {
    this.#delayMs = options.delayMs ?? 200;
    this.#onFailure = options.onFailure;
    const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, sqlitePath } });
    // A checkpoint pending must not keep the process alive.
    this.#worker.unref();
    this.#worker.on('message', (result: { ok: boolean; message?: string }) => {
      this.#running = false;
      if (!result.ok) return this.#fail(new Error(`WAL checkpoint failed: ${result.message}`));
      if (this.#wanted) {
        this.#wanted = false;
        this.#schedule();
      } else {
        this.#settle();
      }
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => {
      if (!this.#closing) this.#fail(new Error(`The checkpoint worker stopped (exit code ${code})`));
    });
  }

  /** Checkpoints run so far. */
  get count(): number {
    return this.#count;
  }

  /** A commit wrote to the WAL: a checkpoint follows, shared with the commits of the next moments. */
  committed(): void {
    if (this.#failed) return;
    if (this.#running) this.#wanted = true;
    else this.#schedule();
  }

  /** Resolves when no checkpoint is due or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.#failed || (!this.#running && !this.#timer && !this.#wanted)) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Stops the worker after a last checkpoint, closing its connection first. */
  async close(): Promise<void> {
    this.#worker.ref();
    this.#closing = true;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      if (!this.#failed) this.#run();
    }
    await this.idle();
    if (this.#failed) {
      await this.#worker.terminate();
      return;
    }
    const exited = once(this.#worker, 'exit').catch(() => this.#worker.terminate());
    this.#worker.postMessage('close');
    await exited;
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#run();
    }, this.#delayMs).unref();
  }

  #run(): void {
    this.#running = true;
    this.#count += 1;
    this.#worker.postMessage('checkpoint');
  }

  #settle(): void {
    if (this.#running || this.#timer || this.#wanted) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #fail(error: Error): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#running = false;
    this.#wanted = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const resolve of this.#idle.splice(0)) resolve();
    this.#onFailure(error);
  }
}
