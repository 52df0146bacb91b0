import type { Node } from '../api/types.ts';

const BY_MIME: Record<string, string> = {
  'application/pdf': 'PDF document',
  'text/plain': 'Text file',
  'text/html': 'Web page',
  'text/csv': 'CSV spreadsheet',
  'text/markdown': 'Markdown text',
  'application/json': 'JSON file',
  'application/xml': 'XML file',
  'text/xml': 'XML file',
  'application/zip': 'ZIP archive',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
  'image/svg+xml': 'SVG image',
};
const KINDS: Record<string, string> = { image: 'image', audio: 'audio file', video: 'video', text: 'text file' };

/**
 * A node's type in words: "Folder", "PDF document", "PNG image"…, from its mimeType, then its
 * nodeType's title; "File" when nothing says more.
 */
export function typeInWords(
  node: Pick<Node, 'isFolder' | 'nodeType' | 'content'>,
  typeTitle: string | undefined,
): string {
  if (node.isFolder) return node.nodeType === 'cm:folder' || !typeTitle ? 'Folder' : typeTitle;
  const mime = node.content?.mimeType?.toLowerCase();
  if (mime) {
    const known = BY_MIME[mime];
    if (known) return known;
    const [major, minor] = mime.split('/');
    const kind = major ? KINDS[major] : undefined;
    if (kind && minor) return `${minor.replace(/^x-/, '').toUpperCase()} ${kind}`;
  }
  return node.nodeType === 'cm:content' || !typeTitle ? 'File' : typeTitle;
}

/** Bytes in the units people read: "980 bytes", "12.5 KB", "3.1 MB". */
export function sizeInWords(bytes: number | undefined): string | undefined {
  if (bytes === undefined) return undefined;
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "5 minutes ago" within a day, else "Nov 25, 2026, 12:05 PM". */
export function whenInWords(iso: string | undefined, now = Date.now()): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(at.getTime())) return undefined;
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  if (Math.abs(seconds) < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (Math.abs(seconds) < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return dateFormat.format(at);
}
