/**
 * The upload queue as pure data: every file's state, progress and speed, and which files may start
 * now (bounded concurrency). The side effects (requests, aborts) live in the upload store.
 */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'conflict';

/** How a name clash is settled: keep both (autoRename), replace (new version) or skip. */
export type ConflictChoice =
  | { kind: 'keep-both' }
  | { kind: 'replace'; majorVersion: boolean; comment: string }
  | { kind: 'skip' };

export interface UploadItem {
  id: string;
  /** The files picked or dropped together: a name fix applies to all of them. */
  batch: string;
  name: string;
  /** The folders under the target folder, from a folder upload (`a/b` for `a/b/file.txt`). */
  relativePath: string | undefined;
  parentId: string;
  size: number;
  status: UploadStatus;
  loaded: number;
  /** Bytes per second since the upload started (0 before the first progress event). */
  speed: number;
  startedAt: number | undefined;
  error: string | undefined;
  /** The server's reason when it rejected the name (422): the one-click fix renames. */
  isBadName: boolean;
  /** A failure a second try can fix (a lost connection, a server error): Retry is offered. */
  canRetry: boolean;
  resolution: ConflictChoice | undefined;
  /** On a name clash, the name of the item already there when known: it can differ in letter case. */
  clashesWith?: string | undefined;
}

export interface UploadQueue {
  items: readonly UploadItem[];
  maxParallel: number;
}

export interface NewUpload {
  id: string;
  batch?: string;
  name: string;
  size: number;
  parentId: string;
  relativePath?: string | undefined;
}

export const emptyQueue = (maxParallel = 3): UploadQueue => ({ items: [], maxParallel });

function update(queue: UploadQueue, id: string, change: (item: UploadItem) => UploadItem): UploadQueue {
  return { ...queue, items: queue.items.map((item) => (item.id === id ? change(item) : item)) };
}

export function enqueue(queue: UploadQueue, uploads: readonly NewUpload[]): UploadQueue {
  const added = uploads.map(
    (u): UploadItem => ({
      id: u.id,
      batch: u.batch ?? u.id,
      name: u.name,
      relativePath: u.relativePath || undefined,
      parentId: u.parentId,
      size: u.size,
      status: 'queued',
      loaded: 0,
      speed: 0,
      startedAt: undefined,
      error: undefined,
      isBadName: false,
      canRetry: true,
      resolution: undefined,
    }),
  );
  return { ...queue, items: [...queue.items, ...added] };
}

/** The queued files that may start now, oldest first, without going over `maxParallel`. */
export function startable(queue: UploadQueue): UploadItem[] {
  const running = queue.items.filter((i) => i.status === 'uploading').length;
  const room = Math.max(0, queue.maxParallel - running);
  return queue.items.filter((i) => i.status === 'queued').slice(0, room);
}

export function start(queue: UploadQueue, id: string, now: number): UploadQueue {
  return update(queue, id, (i) =>
    i.status === 'queued' ? { ...i, status: 'uploading', loaded: 0, speed: 0, startedAt: now, error: undefined } : i,
  );
}

export function progress(queue: UploadQueue, id: string, loaded: number, now: number): UploadQueue {
  return update(queue, id, (i) => {
    if (i.status !== 'uploading') return i;
    const seconds = i.startedAt === undefined ? 0 : (now - i.startedAt) / 1000;
    return { ...i, loaded: Math.min(loaded, i.size), speed: seconds > 0 ? loaded / seconds : 0 };
  });
}

export function succeed(queue: UploadQueue, id: string): UploadQueue {
  return update(queue, id, (i) => (i.status === 'uploading' ? { ...i, status: 'done', loaded: i.size } : i));
}

export function fail(queue: UploadQueue, id: string, error: string, isBadName = false, canRetry = true): UploadQueue {
  return update(queue, id, (i) =>
    i.status === 'uploading' ? { ...i, status: 'failed', error, isBadName, canRetry } : i,
  );
}

/** The server said the name is taken (409): the file waits for the person to choose. */
export function conflict(queue: UploadQueue, id: string, error: string, clashesWith?: string): UploadQueue {
  return update(queue, id, (i) => (i.status === 'uploading' ? { ...i, status: 'conflict', error, clashesWith } : i));
}

export function cancel(queue: UploadQueue, id: string): UploadQueue {
  return update(queue, id, (i) =>
    i.status === 'queued' || i.status === 'uploading' || i.status === 'conflict'
      ? { ...i, status: 'cancelled', speed: 0 }
      : i,
  );
}

/** A failed or cancelled file goes back in the queue (optionally under another name and folder path). */
export function retry(
  queue: UploadQueue,
  id: string,
  name?: string,
  relativePath: string | undefined = undefined,
): UploadQueue {
  return update(queue, id, (i) =>
    i.status === 'failed' || i.status === 'cancelled'
      ? {
          ...i,
          name: name ?? i.name,
          relativePath: name === undefined ? i.relativePath : relativePath,
          status: 'queued',
          loaded: 0,
          speed: 0,
          error: undefined,
          isBadName: false,
        }
      : i,
  );
}

/** Settles a clash: skip ends the file as cancelled; keep both and replace queue it again. */
export function resolve(queue: UploadQueue, id: string, choice: ConflictChoice): UploadQueue {
  return update(queue, id, (i) => {
    if (i.status !== 'conflict') return i;
    if (choice.kind === 'skip') return { ...i, status: 'cancelled', error: 'Skipped: the name is taken.' };
    return { ...i, status: 'queued', loaded: 0, speed: 0, error: undefined, resolution: choice };
  });
}

/** Forgets the files that are over (done, cancelled). */
export function clearFinished(queue: UploadQueue): UploadQueue {
  return { ...queue, items: queue.items.filter((i) => i.status !== 'done' && i.status !== 'cancelled') };
}

export interface QueueSummary {
  total: number;
  done: number;
  active: number;
  failed: number;
  conflicts: number;
  /** Cancelled by the person, or skipped at a name clash. */
  cancelled: number;
}

export function summarize(queue: UploadQueue): QueueSummary {
  const counts: Record<UploadStatus, number> = {
    queued: 0,
    uploading: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    conflict: 0,
  };
  for (const item of queue.items) counts[item.status] += 1;
  return {
    total: queue.items.length,
    done: counts.done,
    active: counts.queued + counts.uploading,
    failed: counts.failed,
    conflicts: counts.conflict,
    cancelled: counts.cancelled,
  };
}

/** The panel's heading: how far the uploads are, and what did not land. */
export function summaryTitle(s: QueueSummary): string {
  const progress =
    s.active > 0 ? `Uploading ${Math.min(s.done + 1, s.total)} of ${s.total}` : `${s.done} of ${s.total} uploaded`;
  return [
    progress,
    ...(s.failed > 0 ? [`${s.failed} failed`] : []),
    ...(s.conflicts > 0 ? [`${s.conflicts} to decide`] : []),
    ...(s.cancelled > 0 ? [`${s.cancelled} cancelled or skipped`] : []),
  ].join(' · ');
}

/** Where each state shows in the panel: what is moving first, then what needs the person, then the rest. */
const PANEL_RANK: Record<UploadStatus, number> = {
  uploading: 0,
  conflict: 1,
  failed: 2,
  queued: 3,
  done: 4,
  cancelled: 4,
};

/** The panel's order: by PANEL_RANK, the newest first within each. */
export function panelOrder(items: readonly UploadItem[]): UploadItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => PANEL_RANK[a.item.status] - PANEL_RANK[b.item.status] || b.index - a.index)
    .map(({ item }) => item);
}
