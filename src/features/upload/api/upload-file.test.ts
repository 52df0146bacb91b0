import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { session } from '../../../lib/session.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { describeUploadError, isNameClash, uploadFile, UploadAbortedError } from './upload-file.ts';

function start(extra: Partial<Parameters<typeof uploadFile>[0]> = {}) {
  const xhr = new FakeXhr();
  const handle = uploadFile(
    { parentId: 'folder-1', file: new Blob(['hello']), name: 'a.txt', ...extra },
    () => xhr as unknown as XMLHttpRequest,
  );
  return { xhr, handle };
}

afterEach(() => session.clear());

describe('uploadFile', () => {
  it('posts multipart with the ticket, the fields and the content', async () => {
    session.set({ ticket: 'TICKET_x', userId: 'admin' });
    const { xhr, handle } = start({ relativePath: 'a/b', autoRename: true, majorVersion: true, comment: 'c' });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/nodes\/folder-1\/children$/);
    expect(xhr.headers.Authorization).toBe(`Basic ${btoa('TICKET_x')}`);
    const form = xhr.body as FormData;
    expect(form.get('name')).toBe('a.txt');
    expect(form.get('relativePath')).toBe('a/b');
    expect(form.get('autoRename')).toBe('true');
    expect(form.get('majorVersion')).toBe('true');
    expect(form.get('comment')).toBe('c');
    expect(form.get('overwrite')).toBeNull();
    expect(form.get('filedata')).toBeInstanceOf(Blob);
    xhr.answer(201, { entry: { id: 'n1', name: 'a.txt' } });
    await expect(handle.promise).resolves.toMatchObject({ id: 'n1' });
  });

  it('reports progress', () => {
    const seen: number[] = [];
    const { xhr } = start({ onProgress: (loaded) => seen.push(loaded) });
    xhr.upload.onprogress?.({ loaded: 3, total: 5, lengthComputable: true } as ProgressEvent);
    expect(seen).toEqual([3]);
  });

  it('abort() aborts the request', async () => {
    const { xhr, handle } = start();
    handle.abort();
    expect(xhr.aborted).toBe(true);
    await expect(handle.promise).rejects.toBeInstanceOf(UploadAbortedError);
  });

  it('fails with the server summary, and ends the session on 401', async () => {
    session.set({ ticket: 'TICKET_x', userId: 'admin' });
    const { xhr, handle } = start();
    xhr.answer(401, { error: { statusCode: 401, briefSummary: '01234567 Ticket expired' } });
    await expect(handle.promise).rejects.toMatchObject({ status: 401, briefSummary: 'Ticket expired' });
    expect(session.get()).toBeNull();
  });
});

describe('describeUploadError', () => {
  const err = (status: number, briefSummary?: string) => new ApiError(status, { briefSummary });
  it('explains 409, 413, 507 and 422', () => {
    expect(describeUploadError(err(409), 'a.txt')).toBe('An item named “a.txt” already exists here.');
    const locked = err(409, '11220001 Cannot perform operation since the node (id:n1) is locked.');
    expect(describeUploadError(locked, 'a.txt')).toBe(
      'The item is locked, so it cannot be changed: Cannot perform operation since the node (id:n1) is locked.',
    );
    expect(isNameClash(locked)).toBe(false);
    expect(isNameClash(err(409, 'Duplicate child name not allowed: a.txt'))).toBe(true);
    expect(describeUploadError(err(413), 'a.txt')).toBe('The file is too large for this repository.');
    expect(describeUploadError(err(507), 'a.txt')).toBe('There is not enough storage quota left for this file.');
    expect(describeUploadError(err(422, '1234567 Constraint: a:b is not a valid node name'), 'a:b')).toBe(
      'The repository refuses the name “a:b”: a:b is not a valid node name',
    );
  });
});
