import { STATUS_CODES } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { components } from '../../../openapi/schema.gen.ts';
import type { Envelope } from './openapi.ts';

/**
 * An error with an HTTP status and Alfresco's errorKey. Services throw these; the error
 * handler renders them as the error object of the interface.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorKey: string;
  /** Extra response headers (e.g. WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, errorKey: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.errorKey = errorKey;
    this.headers = headers;
  }
}

// Factories named after Alfresco's framework exceptions (errorKey values as Alfresco sends them).
export const badRequest = (message: string) => new ApiError(400, 'framework.exception.InvalidArgument', message);
/** A where clause naming a property, operator or value the endpoint does not support. */
export const invalidProperty = (message: string) => new ApiError(400, 'framework.exception.InvalidProperty', message);
/** An include (select) list that is not made of identifiers. */
export const invalidSelect = (message: string) => new ApiError(400, 'framework.exception.InvalidSelect', message);
export const invalidQuery = (message: string) =>
  new ApiError(400, 'framework.exception.InvalidQuery', `An invalid WHERE query was received. ${message}`);
export const unauthorized = (message = 'Authentication failed for Web Script org/alfresco/api/ResourceWebScript') =>
  new ApiError(401, 'framework.exception.ApiDefault', message, {
    'WWW-Authenticate': 'AlfTicket realm="Alfresco -default- tenant"',
  });
export const permissionDenied = (message = 'Permission was denied') =>
  new ApiError(403, 'framework.exception.PermissionDenied', message);
export const entityNotFound = (id: string) =>
  new ApiError(404, 'framework.exception.EntityNotFound', `The entity with id: ${id} was not found`);
/** A 404 of Quire's own (an entity, a relationship, a resource): where a fallback may look elsewhere. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.statusCode === 404;
export const notFound = (what: string) => new ApiError(404, 'framework.exception.NotFound', `${what} was not found`);
/** Free-text conflicts: Alfresco uses the message itself as the errorKey. */
export const conflict = (message: string) => new ApiError(409, message, message);
export const integrity = (message: string) => new ApiError(422, 'framework.exception.ApiDefault', message);
export const tooLarge = (message: string) => new ApiError(413, 'framework.exception.RequestEntityTooLarge', message);
export const insufficientStorage = (message: string) =>
  new ApiError(507, 'framework.exception.InsufficientStorage', message);
export const unsupportedMediaType = (message: string) =>
  new ApiError(415, 'framework.exception.UnsupportedMediaType', message);

/** The interface's error object, as the contract defines it. */
export type ErrorBody = components['schemas']['Error'];

let counter = 0;

/** Alfresco's briefSummary prefix: MMDDNNNN with a 0-based month and a process-wide counter. */
function summaryPrefix(now: Date): string {
  counter += 1;
  const mm = String(now.getUTCMonth()).padStart(2, '0');
  const dd = String(now.getUTCDate()).padStart(2, '0');
  return `${mm}${dd}${String(counter).padStart(4, '0')}`;
}

export function errorBody(statusCode: number, errorKey: string, message: string, logId = randomUUID()): ErrorBody {
  return {
    error: {
      errorKey,
      statusCode,
      briefSummary: `${summaryPrefix(new Date())} ${message}`,
      stackTrace:
        'For security reasons the stack trace is no longer displayed, but the property is kept for previous versions',
      descriptionURL: 'https://api-explorer.alfresco.com',
      logId,
    },
  };
}

/** An error in the org chart's envelope (the web-script style of the organisation-chart extension). */
export interface EnvelopeErrorBody {
  data: null;
  message: string;
  status: { code: number };
}

export function envelopeErrorBody(statusCode: number, message: string): EnvelopeErrorBody {
  return { data: null, message, status: { code: statusCode } };
}

/** An error of a classic web script (`/alfresco/service/…`), as Alfresco's web script runtime renders it. */
export interface WebScriptErrorBody {
  status: { code: number; name: string; description: string };
  message: string;
  exception: string;
  callstack: string[];
  server: string;
  time: string;
}

/** The runtime's words for a status (Surf's status descriptions, for the codes these scripts use). */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Request sent by the client was syntactically incorrect.',
  401: 'The request requires HTTP authentication.',
  403: 'Client does not have access rights to the content of the URI.',
  404: 'Requested resource is not available.',
  405: 'Method specified in the Request-Line is not allowed for the resource identified by the Request-URI.',
};

export function webScriptErrorBody(statusCode: number, message: string): WebScriptErrorBody {
  return {
    status: {
      code: statusCode,
      name: STATUS_CODES[statusCode] ?? 'Error',
      description:
        STATUS_DESCRIPTIONS[statusCode] ??
        'An error inside the HTTP server which prevented it from fulfilling the request.',
    },
    message,
    exception: '',
    callstack: [],
    server: 'Quire',
    time: new Date().toUTCString(),
  };
}

/**
 * The error body in the style of where it is answered: an operation's `x-envelope` (the org
 * chart's envelope, a classic web script's status object), else Alfresco's error object. A 500's
 * message names its logId where the style has no field for it.
 */
export function errorBodyIn(
  envelope: Envelope | undefined,
  statusCode: number,
  errorKey: string,
  message: string,
  logId: ReturnType<typeof randomUUID> = randomUUID(),
): ErrorBody | EnvelopeErrorBody | WebScriptErrorBody {
  const shown = statusCode >= 500 ? `${message} (logId ${logId})` : message;
  if (envelope === 'orgchart') return envelopeErrorBody(statusCode, shown);
  if (envelope === 'webscript') return webScriptErrorBody(statusCode, shown);
  return errorBody(statusCode, errorKey, message, logId);
}
