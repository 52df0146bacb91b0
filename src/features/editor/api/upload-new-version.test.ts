import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { session } from '../../../lib/session.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { uploadNewVersion } from './upload-new-version.ts';

afterEach(() => session.clear());

describe('uploadNewVersion', () => {
  it('PUTs the raw file with majorVersion and the comment, and the ticket', async () => {
    session.set({ ticket: 'TICKET_x', userId: 'admin' });
    const xhr = new FakeXhr();
    const file = new Blob(['second draft'], { type: 'text/plain' });
    const { promise } = uploadNewVersion(
      { nodeId: 'n1', file, majorVersion: true, comment: ' Second pass ' },
      () => xhr as unknown as XMLHttpRequest,
    );
    expect(xhr.method).toBe('PUT');
    const url = new URL(xhr.url);
    expect(url.pathname).toMatch(/\/nodes\/n1\/content$/);
    expect(url.searchParams.get('majorVersion')).toBe('true');
    expect(url.searchParams.get('comment')).toBe('Second pass');
    expect(xhr.headers.Authorization).toBe(`Basic ${btoa('TICKET_x')}`);
    expect(xhr.headers['Content-Type']).toBe('text/plain');
    expect(xhr.body).toBe(file);
    xhr.answer(200, { entry: { id: 'n1', name: 'notes.txt' } });
    expect((await promise).name).toBe('notes.txt');
  });

  it('leaves out an empty comment and turns a refusal into an ApiError', async () => {
    const xhr = new FakeXhr();
    const { promise } = uploadNewVersion(
      { nodeId: 'n1', file: new Blob(['x']), majorVersion: false, comment: '' },
      () => xhr as unknown as XMLHttpRequest,
    );
    expect(new URL(xhr.url).search).toBe('?majorVersion=false');
    xhr.answer(409, { error: { statusCode: 409, briefSummary: 'Node is locked' } });
    await expect(promise).rejects.toEqual(expect.any(ApiError));
    await expect(promise).rejects.toMatchObject({ status: 409, briefSummary: 'Node is locked' });
  });
});
