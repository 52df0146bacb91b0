import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { UploadAbortedError, type UploadHandle, type UploadRequest } from './upload-file.ts';
import { createUploadStore, warnBeforeLeaving } from './upload-store.ts';

/** An upload function whose requests the test settles by hand. */
function fakeUploads() {
  const calls: { req: UploadRequest; resolve: () => void; reject: (e: unknown) => void; abort: () => void }[] = [];
  const upload = (req: UploadRequest): UploadHandle => {
    let settle!: { resolve: () => void; reject: (e: unknown) => void };
    const promise = new Promise<never>((resolve, reject) => {
      settle = { resolve: () => resolve({ id: req.name } as never), reject };
    });
    const abort = vi.fn(() => settle.reject(new UploadAbortedError()));
    calls.push({ req, ...settle, abort });
    return { promise, abort };
  };
  return { calls, upload };
}

const file = (name: string) => ({ file: new File(['x'], name) });
const flush = () => new Promise((r) => setTimeout(r, 0));
/** The name look-up after a clash: the item there is not readable. */
const noClashName = async () => undefined;

describe('the upload store', () => {
  it('runs at most maxParallel requests and starts the next when one ends', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 2);
    const uploaded = vi.fn();
    store.onUploaded(uploaded);
    store.add('p', [file('a'), file('b'), file('c')]);
    expect(calls.map((c) => c.req.name)).toEqual(['a', 'b']);
    calls[0]!.resolve();
    await flush();
    expect(calls.map((c) => c.req.name)).toEqual(['a', 'b', 'c']);
    expect(uploaded).toHaveBeenCalledWith('p');
  });

  it('cancel aborts the request; a 409 waits for a choice, then keep both sends autoRename', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 2, undefined, noClashName);
    store.add('p', [file('a'), file('b')]);
    store.cancel(store.get().items[0]!.id);
    expect(calls[0]!.abort).toHaveBeenCalled();
    calls[1]!.reject(new ApiError(409, { briefSummary: 'Duplicate child name not allowed: b' }));
    await flush();
    const b = store.get().items[1]!;
    expect(b.status).toBe('conflict');
    store.resolve(b.id, { kind: 'keep-both' });
    expect(calls[2]!.req).toMatchObject({ name: 'b', autoRename: true });
    expect(store.get().items[0]!.status).toBe('cancelled');
  });

  it('a clash names the item already there, whose name can differ in letter case', async () => {
    const { calls, upload } = fakeUploads();
    const findClash = vi.fn(async (_parent: string, name: string) => name.toUpperCase());
    const store = createUploadStore(upload, 2, undefined, findClash);
    store.add('p', [{ ...file('readme.txt'), relativePath: 'docs/a' }, file('B')]);
    for (const c of calls) c.reject(new ApiError(409, { briefSummary: 'Duplicate child name not allowed' }));
    await flush();
    expect(findClash.mock.calls).toEqual([
      ['p', 'readme.txt', 'docs/a'],
      ['p', 'B', undefined],
    ]);
    const [readme, b] = store.get().items;
    expect(readme).toMatchObject({ status: 'conflict', clashesWith: 'README.TXT' });
    expect(readme!.error).toBe(
      'An item named “README.TXT” already exists here; names that differ only in letter case clash.',
    );
    expect(b).toMatchObject({ status: 'conflict', clashesWith: 'B', error: 'An item named “B” already exists here.' });
  });

  it('apply to all: one choice settles every clash, replace sends overwrite, the version and the comment', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 2, undefined, noClashName);
    store.add('p', [file('a'), file('b')]);
    for (const c of calls) c.reject(new ApiError(409, {}));
    await flush();
    store.resolveAll({ kind: 'replace', majorVersion: true, comment: 'June' });
    expect(calls.slice(2).map((c) => c.req)).toMatchObject([
      { name: 'a', overwrite: true, majorVersion: true, comment: 'June' },
      { name: 'b', overwrite: true, majorVersion: true, comment: 'June' },
    ]);
  });

  it('a batch the server refused names of goes again with every name fixed, folders included', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 5);
    store.add('p', [
      { file: new File(['x'], 'Annual report.txt'), relativePath: 'My Docs' },
      { file: new File(['x'], 'notes.txt'), relativePath: 'My Docs/Sub Folder' },
    ]);
    const refused = new ApiError(422, { briefSummary: 'x', statusCode: 422, errorKey: 'x' } as never);
    calls[0]!.reject(refused);
    calls[1]!.reject(refused);
    await flush();
    const batch = store.get().items[0]!.batch;
    expect(store.get().items.every((i) => i.batch === batch && i.isBadName)).toBe(true);
    store.fixNamesAndRetry(batch, 'strict');
    expect(calls.slice(2).map((c) => [c.req.relativePath, c.req.name])).toEqual([
      ['My_Docs', 'Annual_report.txt'],
      ['My_Docs/Sub_Folder', 'notes.txt'],
    ]);
  });

  it('offers Retry only where a second try can succeed: not on 400, 403, 404, 413 or 422', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 6);
    store.add('p', ['a', 'b', 'c', 'd', 'e', 'f'].map(file));
    const statuses = [404, 403, 422, 413, 400, 503];
    calls.forEach((c, i) => c.reject(new ApiError(statuses[i]!, {})));
    await flush();
    expect(store.get().items.map((i) => [i.status, i.canRetry])).toEqual([
      ['failed', false],
      ['failed', false],
      ['failed', false],
      ['failed', false],
      ['failed', false],
      ['failed', true],
    ]);
  });

  it('asks before the page is left while files wait or upload, and no longer once they are over', async () => {
    const { calls, upload } = fakeUploads();
    const store = createUploadStore(upload, 1);
    const stop = warnBeforeLeaving(store, window);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    store.add('p', [file('a'), file('b')]);
    expect(leave()).toBe(true);
    calls[0]!.resolve();
    await flush();
    expect(leave()).toBe(true);
    calls[1]!.resolve();
    await flush();
    expect(leave()).toBe(false);
    store.add('p', [file('c')]);
    stop();
    expect(leave()).toBe(false);
  });
});
