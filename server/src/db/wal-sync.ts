import { closeSync, fdatasync, openSync } from 'node:fs';

interface Sync {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Makes SQLite's write-ahead log durable from libuv's thread pool rather than the event loop
 * (ADR 0009). The writer runs at `synchronous = NORMAL`, so a commit only writes its frames to the
 * `-wal` file; `sync()` then fdatasyncs that file, and the commit is not reported until it has.
 * The event loop goes on serving other requests while the disk works.
 *
 * A sync covers every write made before it started. Each call starts one at once, even while
 * others are in flight (waiting for them would add their time to the caller's), and a sync that
 * ends also settles those that started before it: what they cover, it covers too.
 */
export class WalSync {
  readonly #walPath: string;
  #fd: number | undefined;
  /** Syncs in flight, oldest first. */
  #inFlight: Sync[] = [];
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
    let sync!: Sync;
    const promise = new Promise<void>((resolve, reject) => {
      sync = { promise: undefined as never, resolve, reject };
    });
    sync.promise = promise;
    this.#inFlight.push(sync);
    try {
      // Opened on first use: SQLite creates the -wal file with the first write. The file stays
      // (it is reset in place, never replaced) while SQLite's connections are open.
      this.#fd ??= openSync(this.#walPath, 'r');
      fdatasync(this.#fd, (error) => this.#settle(sync, error));
    } catch (error) {
      queueMicrotask(() => this.#settle(sync, error as NodeJS.ErrnoException));
    }
    return promise;
  }

  /** Throws once a sync has failed (the readiness probe then fails). */
  assertHealthy(): void {
    if (this.#failure) throw this.#failure;
  }

  /**
   * The latest sync in flight, if any (it covers all the others): reads wait for it, so what they
   * see is on disk. After a failed sync, a rejected promise: nothing read can be trusted to be.
   */
  pending(): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    return this.#inFlight.at(-1)?.promise;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #settle(sync: Sync, error: NodeJS.ErrnoException | null): void {
    const index = this.#inFlight.indexOf(sync);
    if (error) {
      this.#failure ??= new Error(
        `The database's write-ahead log could not be written to disk (${error.message}): ` +
          'changes may be lost; restart the server',
        { cause: error },
      );
      // Nothing in flight can be trusted any more.
      for (const s of this.#inFlight.splice(0)) s.reject(this.#failure);
      if (index < 0) sync.reject(this.#failure);
      return;
    }
    if (index < 0) return; // Already settled by a later sync, or failed with the others.
    for (const s of this.#inFlight.splice(0, index + 1)) s.resolve();
  }
}
