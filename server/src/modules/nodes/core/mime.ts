import { isAscii, isUtf8 } from 'node:buffer';
import mime from 'mime-types';

/** Display names as Alfresco's mimetype-map.xml gives them, for the common types. */
const DISPLAY_NAMES: Record<string, string> = {
  'application/octet-stream': 'Binary File (Octet Stream)',
  'text/plain': 'Plain Text',
  'text/html': 'HTML',
  'text/css': 'Style Sheet',
  'text/csv': 'Comma Separated Values (CSV)',
  'text/xml': 'XML',
  'application/xml': 'XML',
  'application/json': 'JSON',
  'text/markdown': 'Markdown',
  'text/x-markdown': 'Markdown',
  'text/javascript': 'JavaScript',
  'application/javascript': 'JavaScript',
  'application/pdf': 'Adobe PDF Document',
  'application/zip': 'ZIP',
  'application/gzip': 'GZIP',
  'application/msword': 'Microsoft Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Microsoft Word 2007',
  'application/vnd.ms-excel': 'Microsoft Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Microsoft Excel 2007',
  'application/vnd.ms-powerpoint': 'Microsoft PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'Microsoft PowerPoint 2007',
  'application/vnd.oasis.opendocument.text': 'OpenDocument Text (OpenOffice 2.0)',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument Spreadsheet',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument Presentation',
  'image/png': 'PNG Image',
  'image/jpeg': 'JPEG Image',
  'image/gif': 'GIF Image',
  'image/svg+xml': 'Scalable Vector Graphics Image',
  'image/tiff': 'TIFF Image',
  'image/bmp': 'Bitmap Image',
  'image/webp': 'WebP Image',
  'audio/mpeg': 'MPEG Audio Stream, Layer III',
  'video/mp4': 'MPEG4 Video',
};

/** The MIME type guessed from the name's extension (Alfresco ignores the client's Content-Type). */
export function mimeTypeFor(name: string): string {
  if (/\.(md|markdown)$/i.test(name)) return 'text/markdown';
  return mime.lookup(name) || 'application/octet-stream';
}

export function mimeTypeName(mimeType: string): string {
  return DISPLAY_NAMES[mimeType] ?? mimeType;
}

/**
 * The encoding of content from its first bytes: pure ASCII as ISO-8859-1 (as Alfresco reports it),
 * valid UTF-8 as UTF-8, other text as ISO-8859-1, binary as UTF-8.
 */
export function guessEncoding(head: Buffer, mimeType: string): string {
  if (head.length === 0) return 'UTF-8';
  if (isAscii(head)) return 'ISO-8859-1';
  if (isUtf8(head) || isUtf8Prefix(head)) return 'UTF-8';
  return mimeType.startsWith('text/') ? 'ISO-8859-1' : 'UTF-8';
}

/** Valid UTF-8, allowing the head to end in the middle of a character. */
function isUtf8Prefix(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
