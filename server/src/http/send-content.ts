import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { ApiError } from './errors.ts';

/** Types a browser may show inline on request (attachment=false); everything else downloads. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/gif',
  'image/png',
  'image/tiff',
  'image/bmp',
  'application/octet-stream',
]);

/** What a download needs to know of a file or of one of its versions. */
export interface Downloadable {
  name: string;
  mimeType: string | null;
  encoding: string | null;
  sizeInBytes: number | null;
  modifiedAt: number;
}

/**
 * Streams content with safe download headers: attachment unless `attachment=false` for a type a
 * browser shows safely, nosniff, a sandboxing CSP, ETag/Last-Modified (304), and single byte ranges.
 * The content is opened before any header is set: when it cannot be (removed meanwhile), the error
 * answer carries none of a download's headers.
 */
export async function sendContent(
  request: FastifyRequest,
  reply: FastifyReply,
  item: Downloadable,
  attachment: boolean | undefined,
  open: (range?: { start: number; end: number }) => Promise<Readable | undefined>,
) {
  const size = item.sizeInBytes ?? 0;
  const mimeType = item.mimeType ?? 'application/octet-stream';
  const etag = `"${item.modifiedAt}"`;
  const inline = attachment === false && INLINE_TYPES.has(mimeType);
  const headers = {
    'content-type':
      /^text\/|json|xml/.test(mimeType) && item.encoding ? `${mimeType};charset=${item.encoding}` : mimeType,
    'content-disposition': dispositionOf(inline ? 'inline' : 'attachment', item.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'max-age=0, must-revalidate',
    'accept-ranges': 'bytes',
    'last-modified': new Date(item.modifiedAt).toUTCString(),
    etag,
  };
  if (notModified(request, item.modifiedAt, etag)) return reply.headers(headers).code(304).send();
  const rangeHeader = request.headers.range;
  if (rangeHeader && size > 0) {
    const ranges = rangeParser(size, rangeHeader, { combine: true });
    if (ranges === -1 || ranges === -2) {
      reply.header('content-range', `bytes */${size}`);
      throw new ApiError(416, 'framework.exception.InvalidArgument', `Range not satisfiable: ${rangeHeader}`);
    }
    if (ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      const part = await open({ start, end });
      reply.headers(headers).code(206);
      reply.header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', end - start + 1);
      return reply.send(part);
    }
  }
  const body = (await open()) ?? '';
  return reply.headers(headers).header('content-length', size).send(body);
}

/**
 * `attachment; filename="<name>"; filename*=UTF-8''<name>` as Alfresco sends it: the quoted name in
 * printable ASCII (others become `?`) for old clients, the exact one percent-encoded (RFC 5987).
 */
export function dispositionOf(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function notModified(request: FastifyRequest, modifiedAt: number, etag: string): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) return noneMatch.split(',').some((t) => t.trim() === etag);
  const since = request.headers['if-modified-since'];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && Math.floor(modifiedAt / 1000) * 1000 <= sinceMs;
}
