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
  #failure: Error | undefined;

  constructor(databaseFile: string) {
    this.#walPath = `${databaseFile}-wal`;
  }

  /**
   * Resolves when everything written to the WAL before this call is on disk. After a failed sync
   * nothing is durable any more (the kernel may have dropped the pages it could not write, and a
   * later sync would not say so): every sync fails from then on, and the server must restart.
   */
  sync(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (!this.#inFlight) return this.#start();
    // The sync in flight may have started before the caller's write: wait for a fresh one.
    this.#next ??= this.#inFlight.then(
      () => this.#startNext(),
      () => this.#startNext(),
    );
    return this.#next;
  }

  /** Throws once a sync has failed (the readiness probe then fails). */
  assertHealthy(): void {
    if (this.#failure) throw this.#failure;
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
    if (this.#failure) return Promise.reject(this.#failure);
    return this.#start();
  }

  #start(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      const settle = (error: NodeJS.ErrnoException | null) => {
        this.#inFlight = undefined;
        if (!error) return resolve();
        this.#failure = new Error(
          `The database's write-ahead log could not be written to disk (${error.message}): ` +
            'changes may be lost; restart the server',
          { cause: error },
        );
        reject(this.#failure);
      };
      try {
        // Opened on first use: SQLite creates the -wal file with the first write. The file stays
        // (it is reset in place, never replaced) while SQLite's connections are open.
        this.#fd ??= openSync(this.#walPath, 'r');
        fdatasync(this.#fd, settle);
      } catch (error) {
        queueMicrotask(() => settle(error as NodeJS.ErrnoException));
      }
    });
    this.#inFlight = done;
    return done;
  }
}
