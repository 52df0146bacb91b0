/**
 * Which contents have text worth indexing, and how it is read: by MIME type, as the content
 * store records it (server/src/modules/content/mime.ts).
 */
export type TextFormat = 'plain' | 'html' | 'xml' | 'zipped-office' | 'pdf';

const EXACT: Readonly<Record<string, TextFormat>> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'image/svg+xml': 'xml',
  'application/json': 'plain',
  'application/ld+json': 'plain',
  'application/javascript': 'plain',
  'application/x-yaml': 'plain',
  'application/yaml': 'plain',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'zipped-office',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'zipped-office',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'zipped-office',
  'application/vnd.oasis.opendocument.text': 'zipped-office',
  'application/vnd.oasis.opendocument.spreadsheet': 'zipped-office',
  'application/vnd.oasis.opendocument.presentation': 'zipped-office',
};

/** The way to read a content's text, or null when it has none Quire reads (images, archives, …). */
export function textFormatOf(mimeType: string): TextFormat | null {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (EXACT[type]) return EXACT[type];
  if (type.endsWith('+xml')) return 'xml';
  if (type.endsWith('+json')) return 'plain';
  if (type.startsWith('text/')) return 'plain';
  return null;
}
