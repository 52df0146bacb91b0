import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ContentMissingError } from '../content-store/content-store.ts';
import { ApiError, errorBodyIn } from './errors.ts';

/**
 * Renders every error as the interface's error object — or, on routes whose contract operation
 * says `x-envelope: orgchart`, as the org chart's envelope `{data: null, message, status: {code}}`,
 * and on the classic web scripts (`x-envelope: webscript`) as the web script runtime's status object.
 * Nothing a client sends yields a 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const { statusCode, errorKey, message, headers } = classify(error);
    const logId = randomUUID();
    const body = errorBodyIn(request.routeOptions.config?.envelope, statusCode, errorKey, message, logId);
    // 507 (a full quota) is a refusal like a 4xx, not a failure of ours.
    if (statusCode >= 500 && statusCode !== 507) {
      request.log.error({ err: error, logId }, 'request failed');
    } else {
      request.log.info({ statusCode, logId, reason: message }, 'request refused');
    }
    // A refused upload: do not wait for the rest of a large body, close the connection instead.
    if (!request.raw.complete) reply.header('connection', 'close');
    reply.code(statusCode).headers(headers).header('cache-control', 'no-cache').header('pragma', 'no-cache').send(body);
  });
}

function classify(error: FastifyError | ApiError | Error): {
  statusCode: number;
  errorKey: string;
  message: string;
  headers: Record<string, string>;
} {
  if (error instanceof ApiError) {
    return { statusCode: error.statusCode, errorKey: error.errorKey, message: error.message, headers: error.headers };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      statusCode: 400,
      errorKey: 'framework.exception.InvalidArgument',
      message: validationMessage(fastifyError),
      headers: {},
    };
  }
  const refused = clientCaused(error);
  if (refused)
    return { statusCode: 400, errorKey: 'framework.exception.InvalidArgument', message: refused, headers: {} };
  const raced = lostRace(error);
  if (raced) return raced;
  if (error instanceof ContentMissingError) {
    // Its bytes were removed after the row naming them was read (a purge, a new version, the
    // download sweeper, a DELETE of a download): gone, as a request made a moment later finds it.
    return {
      statusCode: 404,
      errorKey: 'framework.exception.EntityNotFound',
      message: 'The content was not found: it was removed meanwhile',
      headers: {},
    };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const key =
      status === 413
        ? 'framework.exception.RequestEntityTooLarge'
        : status === 415
          ? 'framework.exception.UnsupportedMediaType'
          : 'framework.exception.InvalidArgument';
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? `Could not read content from HTTP request body: ${error.message}`
        : error.message;
    return { statusCode: status, errorKey: key, message, headers: {} };
  }
  return {
    statusCode: 500,
    errorKey: 'framework.exception.ApiDefault',
    message: 'An unexpected error occurred; the log has the details under this logId.',
    headers: {},
  };
}

/**
 * What concurrent requests can do to each other that the code's own ordering did not prevent:
 * a node referred to was deleted meanwhile (a foreign key, 404), or the database chose this
 * transaction as the victim of a deadlock, a serialisation failure, or no connection came free in
 * time (503: nothing was changed, the request may be sent again).
 */
function lostRace(error: Error): ReturnType<typeof classify> | undefined {
  const code = (error as { code?: unknown }).code;
  const fromDatabase = 'severity' in error || (typeof code === 'string' && code.startsWith('SQLITE_'));
  if ((code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') && fromDatabase) {
    return {
      statusCode: 404,
      errorKey: 'framework.exception.EntityNotFound',
      message: 'A node this request refers to was deleted meanwhile',
      headers: {},
    };
  }
  const busy =
    (fromDatabase && (code === '40P01' || code === '40001')) ||
    error.message === 'timeout exceeded when trying to connect';
  if (busy) {
    return {
      statusCode: 503,
      errorKey: 'framework.exception.ServiceUnavailable',
      message: 'The repository was busy with a conflicting change; nothing was changed, send the request again',
      headers: { 'retry-after': '1' },
    };
  }
  return undefined;
}

/** PostgreSQL's refusals of values a client sent (SQLSTATE), which no contract rule catches. */
const CLIENT_VALUE_STATES: Record<string, string> = {
  '22021': 'Invalid characters in the request (a NUL character, for example)',
  '22P05': 'Invalid characters in the request',
  '22003': 'A number in the request is out of range',
};

/** The message of a 400 for an error a client's input caused, outside the contract's checks. */
function clientCaused(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in CLIENT_VALUE_STATES && 'severity' in error) return CLIENT_VALUE_STATES[code];
  // The client went away in the middle of its body: nobody reads the answer, but it is not ours.
  if (code === 'ECONNRESET' && error.message === 'aborted') return 'The request was aborted by the client';
  return undefined;
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const context = error.validationContext ?? 'request';
  if (!first) return 'Invalid request';
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  if (context === 'querystring' && (where === 'maxItems' || where === 'skipCount')) {
    if (first.keyword === 'minimum') {
      return where === 'maxItems'
        ? 'Only positive values supported for maxItems.'
        : 'Negative values not supported for skipCount.';
    }
    return `Invalid paging parameter ${where}`;
  }
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty?: string }).additionalProperty;
    return `Could not read content from HTTP request body: unknown field ${where ? `${where}.` : ''}${extra}`;
  }
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string }).missingProperty;
    return `Required field ${where ? `${where}.` : ''}${missing} is missing`;
  }
  const label = context === 'body' ? 'body field' : context === 'params' ? 'path parameter' : `${context} parameter`;
  return `Invalid ${label} ${where || '(root)'}: ${first.message ?? 'invalid value'}`;
}
