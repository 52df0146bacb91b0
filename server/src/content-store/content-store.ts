import type { Readable } from 'node:stream';

/**
 * Where content bytes live. Objects are immutable once published, so several nodes (copies,
 * versions) can share one. Writing is two-phase: `stage` streams bytes to a private temporary
 * object (never buffered in memory) and makes them durable; `publish` moves them into place.
 * The caller then commits the metadata; if that fails before its commit (rolled back) it calls
 * `remove`. A commit that fails with an unknown outcome leaves the object: its row may have
 * committed, and the content sweeper removes it later if no row names it.
 */
export interface ContentStore {
  stage(source: AsyncIterable<Buffer> | Readable, limits?: StageLimits): Promise<StagedContent>;
  publish(staged: StagedContent): Promise<void>;
  /** Drops a staged object that will not be published (idempotent). */
  discard(staged: StagedContent): Promise<void>;
  /**
   * Reads a published object, optionally the inclusive byte range [start, end]. An object that is
   * not there (removed meanwhile, by a purge or a sweeper) rejects with ContentMissingError; any
   * other failure is the store's own.
   */
  read(id: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes a published object (idempotent). */
  remove(id: string): Promise<void>;
  /** Published object ids with their age in milliseconds; the sweeper compares them with the database. */
  list(): AsyncIterable<{ id: string; ageMs: number }>;
  /** Removes staged objects older than maxAgeMs (abandoned by a crash). Returns how many. */
  sweepStaging(maxAgeMs: number): Promise<number>;
}

export interface StageLimits {
  /** Called with the running total after each chunk; throw to abort the write (the staged bytes are removed). */
  check?(bytesSoFar: number): void;
}

export interface StagedContent {
  readonly id: string;
  readonly sizeInBytes: number;
  /** The first bytes (up to 64 KiB), for MIME type and encoding detection. */
  readonly head: Buffer;
}

export const HEAD_BYTES = 64 * 1024;

/**
 * A read of an object the store does not have: removed meanwhile (a purge, a new version, the
 * download sweeper) or never published. Not a failure of the store: the HTTP layer answers it as
 * the 404 of something gone (error-handler.ts), where any other error of a read stays a 500.
 */
export class ContentMissingError extends Error {
  readonly contentId: string;

  constructor(contentId: string, options?: ErrorOptions) {
    super(`no content ${contentId}`, options);
    this.name = 'ContentMissingError';
    this.contentId = contentId;
  }
}
