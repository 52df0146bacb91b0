import { xhrSend } from '../../../lib/xhr-send.ts';
import type { Node } from './types.ts';

export interface NewVersionRequest {
  nodeId: string;
  file: Blob;
  majorVersion: boolean;
  comment: string;
  onProgress?: (loaded: number, total: number) => void;
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
  return xhrSend<Node>(
    {
      method: 'PUT',
      path: `/nodes/${encodeURIComponent(req.nodeId)}/content?${newVersionQuery(req)}`,
      body: req.file,
      contentType: req.file.type || 'application/octet-stream',
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    },
    createXhr,
  );
}
