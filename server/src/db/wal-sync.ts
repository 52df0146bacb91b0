import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Makes SQLite's write-ahead log durable from libuv's thread pool rather than the event loop
 * (ADR 0009). The writer runs at `synchronous = NORMAL`, so a commit only writes its frames to the
 * `-wal` file; `sync()` then fdatasyncs that file, and the commit is not reported until it has.
 * The event loop goes on serving other requests while the disk works.
 *
 * Syncs are shared: a sync covers every write made before it started, so callers that arrive
 * while one is in flight wait for the next one, which starts when the current one ends.
 */
export class WalSync {
  readonly #walPath: string;
  #fd: number | undefined;
  #inFlight: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(databaseFile: string) {
    this.#walPath = `${databaseFile}-wal`;
  }

  /** Resolves when everything written to the WAL before this call is on disk. */
  sync(): Promise<void> {
    if (!this.#inFlight) return this.#start();
    // The sync in flight may have started before the caller's write: wait for a fresh one.
    this.#next ??= this.#inFlight.then(
      () => this.#startNext(),
      () => this.#startNext(),
    );
    return this.#next;
  }

  /** A sync in flight or queued, if any: reads wait for it, so what they see is on disk. */
  pending(): Promise<void> | undefined {
    return this.#next ?? this.#inFlight;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #startNext(): Promise<void> {
    this.#next = undefined;
    return this.#start();
  }

  #start(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      const settle = (error: unknown) => {
        this.#inFlight = undefined;
        if (error) reject(error);
        else resolve();
      };
      try {
        // Opened on first use: SQLite creates the -wal file with the first write. The file stays
        // (it is reset in place, never replaced) while SQLite's connections are open.
        this.#fd ??= openSync(this.#walPath, 'r');
        fdatasync(this.#fd, settle);
      } catch (error) {
        queueMicrotask(() => settle(error));
      }
    });
    this.#inFlight = done;
    return done;
  }
}
