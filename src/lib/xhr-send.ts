import { config } from './config.ts';
import { ApiError, type ErrorBody } from './errors.ts';
import { session, ticketAuthorization } from './session.ts';

/** A request with a body that reports upload progress (XMLHttpRequest: fetch cannot). */
export interface XhrSendRequest {
  method: 'POST' | 'PUT';
  /** Below the API base URL, query string included. */
  path: string;
  body: Blob | FormData;
  /** For a raw body; FormData sets its own. */
  contentType?: string;
  /** Bytes sent and the total, as they go. */
  onProgress?: (loaded: number, total: number) => void;
  /** The error a cancelled request rejects with. */
  abortError?: () => Error;
}

function errorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: ErrorBody };
    return typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends the request with the session's ticket, as the API client does (a refused ticket ends the
 * session), and resolves with the answer's `entry`. Failures are ApiErrors; an unreachable server
 * is a TypeError, like fetch's.
 */
export function xhrSend<T>(
  req: XhrSendRequest,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): { promise: Promise<T>; abort: () => void } {
  const xhr = createXhr();
  const current = session.get();
  const total = req.body instanceof Blob ? req.body.size : 0;
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(req.method, `${config.apiBaseUrl}${req.path}`);
    if (current) xhr.setRequestHeader('Authorization', ticketAuthorization(current.ticket));
    xhr.setRequestHeader('Accept', 'application/json');
    if (req.contentType) xhr.setRequestHeader('Content-Type', req.contentType);
    xhr.upload.onprogress = (e) => req.onProgress?.(e.loaded, e.lengthComputable ? e.total : total);
    xhr.onerror = () => reject(new TypeError('The repository cannot be reached.'));
    xhr.onabort = () => reject(req.abortError?.() ?? new Error('The upload was cancelled.'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { entry: T }).entry);
        } catch {
          reject(new ApiError(xhr.status, { briefSummary: 'The server sent an unreadable answer.' }));
        }
        return;
      }
      if (xhr.status === 401 && current) session.clear();
      reject(new ApiError(xhr.status, errorBody(xhr.responseText)));
    };
    xhr.send(req.body);
  });
  return { promise, abort: () => xhr.abort() };
}
