import { ApiError } from '../../../lib/errors.ts';
import type { NamePolicy } from '../../../lib/name-rules.ts';
import { fixBatchNames } from '../model/batch-names.ts';
import * as q from '../model/upload-queue.ts';
import {
  canRetryUpload,
  clashingName,
  describeUploadError,
  isNameClash,
  uploadFile,
  UploadAbortedError,
  type UploadHandle,
  type UploadRequest,
} from './upload-file.ts';

export interface PickedFile {
  file: File;
  /** The name to upload under, when not the file's own (a fixed name). */
  name?: string | undefined;
  /** Folders under the target folder (`a/b`), for a folder upload. */
  relativePath?: string | undefined;
}

type Upload = (req: UploadRequest) => UploadHandle;
type FindClash = typeof clashingName;
type Listener = () => void;

/**
 * The running uploads: the queue model plus what it cannot hold (the File objects, the requests to
 * abort). Starts queued files as room frees up; tells listeners when a folder gained a file.
 */
export function createUploadStore(
  upload: Upload = uploadFile,
  maxParallel = 3,
  now = () => Date.now(),
  findClash: FindClash = clashingName,
) {
  let queue = q.emptyQueue(maxParallel);
  const files = new Map<string, File>();
  const running = new Map<string, UploadHandle>();
  const listeners = new Set<Listener>();
  const uploadedListeners = new Set<(parentId: string) => void>();
  let nextId = 0;

  const set = (next: q.UploadQueue) => {
    queue = next;
    for (const l of listeners) l();
  };

  function run(item: q.UploadItem) {
    const file = files.get(item.id);
    if (!file) return;
    set(q.start(queue, item.id, now()));
    const choice = item.resolution;
    const handle = upload({
      parentId: item.parentId,
      file,
      name: item.name,
      relativePath: item.relativePath,
      ...(choice?.kind === 'keep-both' ? { autoRename: true } : {}),
      ...(choice?.kind === 'replace'
        ? { overwrite: true, majorVersion: choice.majorVersion, ...(choice.comment ? { comment: choice.comment } : {}) }
        : {}),
      onProgress: (loaded) => set(q.progress(queue, item.id, loaded, now())),
    });
    running.set(item.id, handle);
    handle.promise
      .then(
        () => {
          set(q.succeed(queue, item.id));
          for (const l of uploadedListeners) l(item.parentId);
        },
        (error: unknown) => {
          if (error instanceof UploadAbortedError) return;
          if (isNameClash(error)) {
            // Which item it ran into: its name can differ from the file's in letter case.
            return findClash(item.parentId, item.name, item.relativePath).then((existing) =>
              set(q.conflict(queue, item.id, describeUploadError(error, item.name, existing), existing)),
            );
          }
          const isBadName = error instanceof ApiError && error.status === 422;
          set(q.fail(queue, item.id, describeUploadError(error, item.name), isBadName, canRetryUpload(error)));
        },
      )
      .finally(() => {
        running.delete(item.id);
        pump();
      });
  }

  function pump() {
    for (const item of q.startable(queue)) run(item);
  }

  return {
    get: () => queue,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onUploaded(listener: (parentId: string) => void) {
      uploadedListeners.add(listener);
      return () => void uploadedListeners.delete(listener);
    },
    add(parentId: string, picked: readonly PickedFile[]) {
      const batch = `b${nextId + 1}`;
      const added = picked.map(({ file, name, relativePath }) => {
        const id = `u${++nextId}`;
        files.set(id, file);
        return { id, batch, name: name ?? file.name, size: file.size, parentId, relativePath };
      });
      set(q.enqueue(queue, added));
      pump();
    },
    cancel(id: string) {
      set(q.cancel(queue, id));
      running.get(id)?.abort();
    },
    retry(id: string, name?: string) {
      set(q.retry(queue, id, name));
      pump();
    },
    /**
     * The server refused names of a batch (422): every refused file of it goes again with its name
     * and folder segments fixed, so the files of one folder keep landing in one (renamed) folder.
     */
    fixNamesAndRetry(batch: string, policy: NamePolicy) {
      const refused = queue.items.filter((i) => i.batch === batch && i.status === 'failed' && i.isBadName);
      const fixed = fixBatchNames(refused, policy);
      let next = queue;
      fixed.forEach((item) => (next = q.retry(next, item.id, item.name, item.relativePath)));
      set(next);
      pump();
    },
    resolve(id: string, choice: q.ConflictChoice) {
      set(q.resolve(queue, id, choice));
      pump();
    },
    /** The same choice for every file waiting on a clash ("apply to all"). */
    resolveAll(choice: q.ConflictChoice) {
      let next = queue;
      for (const item of queue.items) if (item.status === 'conflict') next = q.resolve(next, item.id, choice);
      set(next);
      pump();
    },
    clearFinished() {
      const before = new Set(queue.items.map((i) => i.id));
      set(q.clearFinished(queue));
      for (const id of before) if (!queue.items.some((i) => i.id === id)) files.delete(id);
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;

/**
 * While files are waiting or uploading, leaving the page (closing the tab, reloading, another
 * site) asks first: the browser's own "leave site?" question. Closing the tab mid-way would leave a
 * folder upload half done. Answers the function that stops watching.
 */
export function warnBeforeLeaving(store: Pick<UploadStore, 'get' | 'subscribe'>, target: Window): () => void {
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
  let warning = false;
  const update = () => {
    const active = store.get().items.some((i) => i.status === 'queued' || i.status === 'uploading');
    if (active === warning) return;
    warning = active;
    if (active) target.addEventListener('beforeunload', warn);
    else target.removeEventListener('beforeunload', warn);
  };
  update();
  const unsubscribe = store.subscribe(update);
  return () => {
    unsubscribe();
    target.removeEventListener('beforeunload', warn);
  };
}

/** The app's one upload store: uploads go on while the person browses elsewhere. */
export const uploads = createUploadStore();

// From the first upload on, on whatever page of the app: not from a component, which a page
// without the upload panel would unmount. (This module loads with the folder view, not at start.)
if (typeof window !== 'undefined') warnBeforeLeaving(uploads, window);
