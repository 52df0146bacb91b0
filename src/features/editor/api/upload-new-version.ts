import { config } from '../../../lib/config.ts';
import { ApiError, type ErrorBody } from '../../../lib/errors.ts';
import { session, ticketAuthorization } from '../../../lib/session.ts';
import type { Node } from './types.ts';

export interface NewVersionRequest {
  nodeId: string;
  file: Blob;
  majorVersion: boolean;
  comment: string;
  onProgress?: (loaded: number, total: number) => void;
}

function errorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: ErrorBody };
    return typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** The query of `PUT /nodes/{nodeId}/content` for a new version. */
export function newVersionQuery({ majorVersion, comment }: Pick<NewVersionRequest, 'majorVersion' | 'comment'>) {
  const query = new URLSearchParams({ majorVersion: String(majorVersion) });
  if (comment.trim()) query.set('comment', comment.trim());
  return query.toString();
}

/**
 * `PUT /nodes/{nodeId}/content?majorVersion=&comment=` with the file as the raw body, over
 * XMLHttpRequest for progress (as uploads do). Sends the session's ticket; a refused ticket ends
 * the session. Failures are ApiErrors.
 */
export function uploadNewVersion(
  req: NewVersionRequest,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): { promise: Promise<Node>; abort: () => void } {
  const xhr = createXhr();
  const current = session.get();
  const promise = new Promise<Node>((resolve, reject) => {
    xhr.open('PUT', `${config.apiBaseUrl}/nodes/${encodeURIComponent(req.nodeId)}/content?${newVersionQuery(req)}`);
    if (current) xhr.setRequestHeader('Authorization', ticketAuthorization(current.ticket));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', req.file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => req.onProgress?.(e.loaded, e.lengthComputable ? e.total : req.file.size);
    xhr.onerror = () => reject(new TypeError('The repository cannot be reached.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { entry: Node }).entry);
        } catch {
          reject(new ApiError(xhr.status, { briefSummary: 'The server sent an unreadable answer.' }));
        }
        return;
      }
      if (xhr.status === 401 && current) session.clear();
      reject(new ApiError(xhr.status, errorBody(xhr.responseText)));
    };
    xhr.send(req.file);
  });
  return { promise, abort: () => xhr.abort() };
}
