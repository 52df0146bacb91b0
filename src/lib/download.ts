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

/** How a zip download ended when it has no zip: the server's status, said in words. */
export class ZipNotMadeError extends Error {
  constructor(readonly status: string) {
    super(
      status === 'MAX_CONTENT_SIZE_EXCEEDED'
        ? 'The selection is larger than this repository zips in one download.'
        : status === 'TOO_SLOW'
          ? 'The ZIP is taking too long: try fewer items.'
          : 'The ZIP was cancelled.',
    );
    this.name = 'ZipNotMadeError';
  }
}

/** Waits between polls of a zip download's status (tests replace it). */
export const zipPolling = { wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

/** How often and how long the app asks whether a ZIP is built: every half second, up to 30 minutes. */
const ZIP_POLL_MS = 500;
const ZIP_POLLS = 3600;

/**
 * Downloads folders and files as one ZIP (Alfresco's downloads API): the server builds it off the
 * request (`POST /downloads`); the app asks for its status until it is done, then downloads it by a
 * direct access URL, as a file's content. Rejects with ZipNotMadeError when the server gives up
 * (too large, cancelled), with an ApiError when a request is refused.
 */
export async function downloadZip(nodeIds: readonly string[]): Promise<void> {
  const created = unwrap(await api.POST('/downloads', { body: { nodeIds: [...nodeIds] } })).entry;
  for (let poll = 0; poll < ZIP_POLLS; poll++) {
    const { status } = unwrap(
      await api.GET('/downloads/{downloadId}', { params: { path: { downloadId: created.id } } }),
    ).entry;
    if (status === 'DONE') {
      browser.go(await requestDownloadUrl({ nodeId: created.id }));
      return;
    }
    if (status !== 'PENDING' && status !== 'IN_PROGRESS') throw new ZipNotMadeError(status);
    await zipPolling.wait(ZIP_POLL_MS);
  }
  throw new ZipNotMadeError('TOO_SLOW');
}

/** `download(ref)` for a button; `error` when the URL could not be had (gone, no longer readable). */
export function useDownload() {
  const mutation = useMutation({ mutationFn: downloadContent });
  return { download: mutation.mutate, isPending: mutation.isPending, error: mutation.isError ? mutation.error : null };
}

/**
 * What "Open" shows in a new tab, by type: `inline` for the types the server serves inline on
 * request (its INLINE_TYPES: PDF and images; the browser's own viewer shows them, under a
 * sandboxing CSP), `text` for plain text (the server always sends text as an attachment, so the app
 * reads it and shows it as text, up to TEXT_VIEW_LIMIT), null for anything else (Download instead).
 */
export function viewKindOf(mimeType: string | undefined, sizeInBytes: number | undefined): 'inline' | 'text' | null {
  if (!mimeType) return null;
  if (INLINE_TYPES.has(mimeType)) return 'inline';
  if (mimeType === 'text/plain' && (sizeInBytes ?? 0) <= TEXT_VIEW_LIMIT) return 'text';
  return null;
}

const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/gif', 'image/png', 'image/tiff', 'image/bmp']);
export const TEXT_VIEW_LIMIT = 5 * 1024 * 1024;

/**
 * Opens a file in a new tab: the tab opens at once (a popup blocker allows it during the click),
 * then goes to a direct access URL with `attachment: false`, or, for text, to the text itself.
 */
export async function openInNewTab(nodeId: string, kind: 'inline' | 'text'): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const result = await api.POST('/nodes/{nodeId}/request-direct-access-url', {
      params: { path: { nodeId } },
      body: { attachment: kind === 'text' },
    });
    const url = unwrap(result).entry.contentUrl;
    let target = url;
    if (kind === 'text') {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The file could not be read (${response.status}).`);
      target = URL.createObjectURL(new Blob([await response.text()], { type: 'text/plain;charset=utf-8' }));
    }
    if (tab) tab.location.href = target;
    else browser.go(target);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
