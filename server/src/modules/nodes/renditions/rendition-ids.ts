/** A rendition id worth recording: a short name such as `doclib` or `imgpreview`. */
const RENDITION_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

/** At most this many renditions are recorded per upload; the rest of the list is ignored. */
export const MAX_RENDITIONS = 10;

/**
 * The rendition ids of an upload's `renditions` field(s) (comma lists, possibly repeated). The
 * request must never fail the upload, so malformed ids are dropped, not refused; duplicates count
 * once and only the first MAX_RENDITIONS well-formed ids are kept.
 */
export function renditionIds(values: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const value of values) {
    for (const item of value.split(',')) {
      const id = item.trim();
      if (ids.size < MAX_RENDITIONS && RENDITION_ID.test(id)) ids.add(id);
    }
  }
  return [...ids];
}

/** What each well-known rendition is made of (Alfresco's thumbnail definitions); others are opaque. */
const RENDITION_MIME_TYPES: Record<string, string> = {
  doclib: 'image/png',
  imgpreview: 'image/jpeg',
  medium: 'image/jpeg',
  avatar: 'image/png',
  avatar32: 'image/png',
  pdf: 'application/pdf',
};

export function renditionMimeType(renditionId: string): string {
  return Object.hasOwn(RENDITION_MIME_TYPES, renditionId)
    ? RENDITION_MIME_TYPES[renditionId]!
    : 'application/octet-stream';
}
