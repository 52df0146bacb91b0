import type { components } from '../../../../openapi/schema.gen.ts';
import { api } from '../../../lib/api-client.ts';
import { ApiError, describeError } from '../../../lib/errors.ts';
import { xhrSend } from '../../../lib/xhr-send.ts';

export type UploadedNode = components['schemas']['Node'];

export interface UploadRequest {
  parentId: string;
  file: Blob;
  name: string;
  relativePath?: string | undefined;
  autoRename?: boolean;
  overwrite?: boolean;
  majorVersion?: boolean;
  comment?: string;
  onProgress?: (loaded: number, total: number) => void;
}

/** A running upload: its outcome, and `abort()` that really stops the request. */
export interface UploadHandle {
  promise: Promise<UploadedNode>;
  abort: () => void;
}

/** The upload was aborted by the person: not an error to show. */
export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadAbortedError';
  }
}

function formData(req: UploadRequest): FormData {
  const form = new FormData();
  form.append('name', req.name);
  if (req.relativePath) form.append('relativePath', req.relativePath);
  if (req.autoRename) form.append('autoRename', 'true');
  if (req.overwrite) form.append('overwrite', 'true');
  if (req.majorVersion !== undefined) form.append('majorVersion', String(req.majorVersion));
  if (req.comment) form.append('comment', req.comment);
  // The content goes last, so the server reads every field before the stream.
  form.append('filedata', req.file, req.name);
  return form;
}

/**
 * `POST /nodes/{parentId}/children` as multipart, over XMLHttpRequest for upload progress. Sends the
 * ticket as the API client does; a refused ticket ends the session. Failures are ApiErrors.
 */
export function uploadFile(
  req: UploadRequest,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): UploadHandle {
  return xhrSend<UploadedNode>(
    {
      method: 'POST',
      path: `/nodes/${encodeURIComponent(req.parentId)}/children`,
      body: formData(req),
      onProgress: req.onProgress && ((loaded, total) => req.onProgress!(loaded, total || req.file.size)),
      abortError: () => new UploadAbortedError(),
    },
    createXhr,
  );
}

/** A 409 that is a name clash (one to decide on), not a lock refusing a new version. */
export function isNameClash(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && !/is locked/i.test(error.briefSummary ?? '');
}

/** What a failed upload means, in words; 409/413/507/422 get their own. */
/**
 * Whether trying the same upload again can succeed: not when the folder is gone or closed to the
 * person (404, 403), the request or the name is refused (400, 422), the file is too large (413) or
 * its name is taken (409, which asks instead).
 */
export function canRetryUpload(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if ([400, 403, 404, 413, 422].includes(error.status)) return false;
  return !(error.status === 409 && isNameClash(error));
}

/**
 * The name of the item a clashing upload ran into (`GET /nodes/{parentId}?relativePath=…`): names
 * that differ only in letter case clash, so it can differ from the file's. Undefined when it cannot
 * be read (gone meanwhile, or hidden from the person).
 */
export async function clashingName(parentId: string, name: string, relativePath?: string): Promise<string | undefined> {
  try {
    const result = await api.GET('/nodes/{nodeId}', {
      params: { path: { nodeId: parentId }, query: { relativePath: relativePath ? `${relativePath}/${name}` : name } },
    });
    return result.data?.entry.name;
  } catch {
    return undefined;
  }
}

/** `existing`: the name of the item a clash ran into, when known (clashingName). */
export function describeUploadError(error: unknown, name: string, existing?: string): string {
  if (error instanceof ApiError) {
    switch (error.status) {
      case 409:
        if (!isNameClash(error)) return describeError(error);
        if (existing && existing !== name) {
          return `An item named “${existing}” already exists here; names that differ only in letter case clash.`;
        }
        return `An item named “${name}” already exists here.`;
      case 413:
        return 'The file is too large for this repository.';
      case 507:
        return 'There is not enough storage quota left for this file.';
      case 422:
        return `The repository refuses the name “${name}”: ${describeError(error).replace(/^The repository refused it: /, '')}`;
    }
  }
  return describeError(error);
}
