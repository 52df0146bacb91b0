import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { unwrap } from './errors.ts';

export interface ContentRef {
  nodeId: string;
  /** A version label; none for the current content. */
  versionId?: string;
}

/**
 * A short-lived direct access URL for a file's content or one of its versions. The request carries
 * the ticket in its Authorization header; the URL carries a signed token for this content only,
 * never the ticket, so no ticket lands in the address bar, the history or a server log.
 */
export async function requestDownloadUrl({ nodeId, versionId }: ContentRef): Promise<string> {
  const body = { attachment: true };
  const result =
    versionId === undefined
      ? await api.POST('/nodes/{nodeId}/request-direct-access-url', { params: { path: { nodeId } }, body })
      : await api.POST('/nodes/{nodeId}/versions/{versionId}/request-direct-access-url', {
          params: { path: { nodeId, versionId } },
          body,
        });
  return unwrap(result).entry.contentUrl;
}

/** Where the browser goes to download (tests replace it). */
export const browser = { go: (url: string) => window.location.assign(url) };

/** Downloads a file's (or a version's) content: asks for a direct access URL, then goes there. */
export async function downloadContent(ref: ContentRef): Promise<void> {
  browser.go(await requestDownloadUrl(ref));
}

/** `download(ref)` for a button; `error` when the URL could not be had (gone, no longer readable). */
export function useDownload() {
  const mutation = useMutation({ mutationFn: downloadContent });
  return { download: mutation.mutate, isPending: mutation.isPending, error: mutation.isError ? mutation.error : null };
}
