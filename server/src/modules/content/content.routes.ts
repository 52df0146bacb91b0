import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { Handlers } from '../../http/routes.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { listEnvelope } from '../../http/params.ts';
import type { StagedContent } from '../../content-store/content-store.ts';
import type { NodesPresenter } from '../nodes/nodes.presenter.ts';
import type { NodesService } from '../nodes/nodes.service.ts';
import { nodeErrors } from '../nodes/nodes.errors.ts';
import { assertMayModify } from '../locks/locks.service.ts';
import { Access } from '../permissions/access.ts';
import { requiredUploadMissing, type ContentService, type UploadFields } from './content.service.ts';

type ContentHandlers = Pick<Handlers, 'createNode' | 'getNodeContent' | 'updateNodeContent'>;

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

export function contentRoutes(nodes: NodesService, content: ContentService, present: NodesPresenter): ContentHandlers {
  return {
    async createNode({ params, query, body, principal, request, reply }) {
      const parent = await nodes.resolve(principal, params.nodeId);
      if (!request.isMultipart()) {
        const options = {
          autoRename: query.autoRename ?? false,
          majorVersion: query.majorVersion,
          versioningEnabled: query.versioningEnabled,
          comment: query.comment,
        };
        if (Array.isArray(body)) {
          const created = await nodes.createMany(principal, parent, body, options);
          const entries = await Promise.all(
            created.map(async (node) => (await present.one(principal, node, query)).entry),
          );
          const paging = { skipCount: 0, maxItems: Math.max(100, entries.length) };
          return reply.code(201).send(listEnvelope({ items: entries, totalItems: entries.length, paging }, (e) => e));
        }
        const created = await nodes.create(principal, parent, body, options);
        return reply.code(201).send(await present.one(principal, created, query));
      }
      // Multipart upload: a file parent is a bad request here (JSON create answers 422).
      if (!parent.isFolder) throw nodeErrors.notAFolder(parent.id);
      // Staged bytes are discarded if anything fails before the node is committed.
      const holder: { staged?: StagedContent } = {};
      try {
        const owner = { personId: principal.id, replacingBytes: 0 };
        const upload = await readUpload(
          request,
          async (file) => (holder.staged = await content.stageWithLimits(file, owner)),
        );
        const fields = { ...upload.fields, autoRename: upload.fields.autoRename ?? query.autoRename ?? false };
        const node = await content.createFile(
          principal,
          parent,
          upload.staged,
          upload.fileName,
          fields,
          nodes.pathAccess(principal),
        );
        return reply.code(201).send(await present.one(principal, node, query));
      } catch (error) {
        await content.discard(holder.staged);
        throw error;
      }
    },

    async getNodeContent({ params, query, principal, request, reply }) {
      const node = await nodes.load(params.nodeId);
      await nodes.require(principal, node, Access.READ);
      if (!node.isFile) throw nodeErrors.notAFile(node.id);
      return sendContent(request, reply, node, query.attachment, (range) => content.open(node.contentId, range));
    },

    async updateNodeContent({ params, query, principal, request }) {
      const node = await nodes.load(params.nodeId);
      await nodes.require(principal, node, Access.WRITE);
      if (!node.isFile) throw nodeErrors.notAFile(node.id);
      assertMayModify(principal, node);
      const newName = query.name !== undefined && query.name !== node.name ? query.name : undefined;
      if (newName !== undefined) await content.checkRename(node, newName);
      const staged = await content.stageWithLimits(request.raw, {
        personId: node.ownerId,
        replacingBytes: node.sizeInBytes ?? 0,
      });
      try {
        await content.replaceContent(principal, node, staged, newName, {
          majorVersion: query.majorVersion,
          comment: query.comment,
        });
      } catch (error) {
        await content.discard(staged);
        throw error;
      }
      return present.one(principal, await nodes.load(node.id), query);
    },
  };
}

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
  reply.headers({
    'content-type':
      /^text\/|json|xml/.test(mimeType) && item.encoding ? `${mimeType};charset=${item.encoding}` : mimeType,
    'content-disposition': dispositionOf(inline ? 'inline' : 'attachment', item.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'max-age=0, must-revalidate',
    'accept-ranges': 'bytes',
    'last-modified': new Date(item.modifiedAt).toUTCString(),
    etag,
  });
  if (notModified(request, item.modifiedAt, etag)) return reply.code(304).send();
  const rangeHeader = request.headers.range;
  if (rangeHeader && size > 0) {
    const ranges = rangeParser(size, rangeHeader, { combine: true });
    if (ranges === -1 || ranges === -2) {
      reply.header('content-range', `bytes */${size}`);
      throw new ApiError(416, 'framework.exception.InvalidArgument', `Range not satisfiable: ${rangeHeader}`);
    }
    if (ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1);
      return reply.send(await open({ start, end }));
    }
  }
  reply.header('content-length', size);
  return reply.send((await open()) ?? '');
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

/** Longest multipart field other than the file (a longer one is refused with 413, not cut). */
export const MAX_FIELD_BYTES = 1024 * 1024;

const BOOLEAN_FIELDS = new Set(['autorename', 'overwrite', 'majorversion', 'versioningenabled']);
/**
 * Reads a multipart upload: streams `filedata` into the content store as it arrives (fields may
 * come before or after it) and collects the other fields. Field names are case-insensitive.
 */
async function readUpload(
  request: FastifyRequest,
  stage: (file: AsyncIterable<Buffer>) => Promise<StagedContent>,
): Promise<{ staged: StagedContent; fileName: string; fields: UploadFields }> {
  let staged: StagedContent | undefined;
  let fileName = '';
  const fields: UploadFields = { properties: {} };
  // Errors of the body itself (busboy's: no boundary, a truncated part) are the client's: 400.
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Multipart>;
    try {
      step = await parts.next();
    } catch (error) {
      throw malformedBody(error);
    }
    if (step.done) break;
    const part = step.value;
    if (typeof part.fieldname !== 'string' || part.fieldname === '') {
      throw badRequest('Malformed multipart/form-data body: a part without a name');
    }
    const key = part.fieldname.toLowerCase();
    if (part.type === 'file') {
      if (key !== 'filedata' || staged)
        throw badRequest(`Unexpected file field ${part.fieldname}: send one file as filedata`);
      // Only an error met while reading the part is the body's (busboy's: it broke off or is
      // malformed); the stream also ends with an error when staging gives up for its own reasons.
      const file = part.file;
      let readError: unknown;
      async function* reading(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of file) yield chunk as Buffer;
        } catch (error) {
          readError = error ?? new Error('The file part failed');
          throw error;
        }
      }
      try {
        staged = await stage(reading());
      } catch (error) {
        throw readError !== undefined ? malformedBody(error) : error;
      }
      fileName = part.filename;
      continue;
    }
    if (part.valueTruncated) {
      throw new ApiError(
        413,
        'framework.exception.RequestEntityTooLarge',
        `The multipart field ${part.fieldname} is longer than ${MAX_FIELD_BYTES} bytes`,
      );
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    if (value === 'null') continue;
    if (BOOLEAN_FIELDS.has(key) && value !== 'true' && value !== 'false') {
      throw badRequest(`Invalid value for ${part.fieldname}: ${value} (expected true or false)`);
    }
    if (key === 'name') fields.name = value;
    else if (key === 'nodetype') fields.nodeType = value;
    else if (key === 'autorename') fields.autoRename = value === 'true';
    else if (key === 'overwrite') fields.overwrite = value === 'true';
    else if (key === 'majorversion') fields.majorVersion = value === 'true';
    else if (key === 'versioningenabled') fields.versioningEnabled = value === 'true';
    else if (key === 'comment') fields.comment = value;
    else if (key === 'relativepath') fields.relativePath = value;
    else if (key === 'aspectnames')
      fields.aspectNames = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    else if (key === 'renditions') fields.renditions = [...(fields.renditions ?? []), value];
    else if (part.fieldname.includes(':')) addProperty(fields.properties, part.fieldname, value);
    // Unknown fields are accepted and ignored, as Alfresco does.
  }
  if (!staged) throw requiredUploadMissing();
  return { staged, fileName, fields };
}

/** A 400 for an error of the multipart body; errors that carry their own status keep it (413 limits). */
function malformedBody(error: unknown): unknown {
  if (error instanceof ApiError || (error as { statusCode?: unknown }).statusCode !== undefined) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return badRequest(`Malformed multipart/form-data body: ${reason}`);
}

function addProperty(properties: Record<string, unknown>, name: string, value: string): void {
  const existing = properties[name];
  if (existing === undefined) properties[name] = value;
  else properties[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}
