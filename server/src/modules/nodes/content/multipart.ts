import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../../http/errors.ts';
import { requiredUploadMissing, type Upload, type UploadFields } from './content.service.ts';
import type { Staged } from './staging.service.ts';

/** Longest multipart field other than the file (a longer one is refused with 413, not cut). */
export const MAX_FIELD_BYTES = 1024 * 1024;

const BOOLEAN_FIELDS = new Set(['autorename', 'overwrite', 'majorversion', 'versioningenabled']);

/**
 * Reads a multipart upload: streams `filedata` into the content store as it arrives (fields may
 * come before or after it) and collects the other fields. Field names are case-insensitive.
 */
export async function readUpload(
  request: FastifyRequest,
  stage: (file: AsyncIterable<Buffer>) => Promise<Staged>,
): Promise<Upload> {
  let staged: Staged | undefined;
  let fileName = '';
  const fields: UploadFields = { properties: {} };
  // Errors of the body itself (busboy's: no boundary, a truncated part) are the client's: 400.
  const parts = request.parts()[Symbol.asyncIterator]();
  for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
    if (typeof part.fieldname !== 'string' || part.fieldname === '') {
      throw badRequest('Malformed multipart/form-data body: a part without a name');
    }
    if (part.type !== 'file') {
      addField(fields, part);
      continue;
    }
    if (part.fieldname.toLowerCase() !== 'filedata' || staged) {
      throw badRequest(`Unexpected file field ${part.fieldname}: send one file as filedata`);
    }
    staged = await stageFile(part, stage);
    fileName = part.filename;
  }
  if (!staged) throw requiredUploadMissing();
  return { staged, fileName, fields };
}

async function nextPart(parts: AsyncIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const step = await parts.next();
    return step.done ? undefined : step.value;
  } catch (error) {
    throw malformedBody(error);
  }
}

/**
 * Stages the file part. Only an error met while reading the part is the body's (busboy's: it
 * broke off or is malformed); the stream also ends with an error when staging gives up for its
 * own reasons.
 */
async function stageFile(part: MultipartFile, stage: (file: AsyncIterable<Buffer>) => Promise<Staged>) {
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
    return await stage(reading());
  } catch (error) {
    throw readError !== undefined ? malformedBody(error) : error;
  }
}

/** One field other than the file: the upload's options, or a property (a name with a colon). */
function addField(fields: UploadFields, part: MultipartValue): void {
  if (part.valueTruncated) {
    throw new ApiError(
      413,
      'framework.exception.RequestEntityTooLarge',
      `The multipart field ${part.fieldname} is longer than ${MAX_FIELD_BYTES} bytes`,
    );
  }
  const key = part.fieldname.toLowerCase();
  const value = typeof part.value === 'string' ? part.value : String(part.value);
  if (value === 'null') return;
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
  else if (key === 'aspectnames') fields.aspectNames = commaList(value);
  else if (key === 'renditions') fields.renditions = [...(fields.renditions ?? []), value];
  else if (part.fieldname.includes(':')) addProperty(fields.properties, part.fieldname, value);
  // Unknown fields are accepted and ignored, as Alfresco does.
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

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
