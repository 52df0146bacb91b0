import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, envelopeErrorBody, errorBody } from './errors.ts';

/**
 * Renders every error as the interface's error object — or, on routes whose contract operation
 * says `x-envelope: orgchart`, as the org chart's envelope `{data: null, message, status: {code}}`.
 * Nothing a client sends yields a 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const { statusCode, errorKey, message, headers } = classify(error);
    const isEnvelope = request.routeOptions.config?.envelope === 'orgchart';
    const logId = randomUUID();
    const body = isEnvelope
      ? envelopeErrorBody(statusCode, statusCode >= 500 ? `${message} (logId ${logId})` : message)
      : errorBody(statusCode, errorKey, message, logId);
    if (statusCode >= 500) {
      request.log.error({ err: error, logId }, 'request failed');
    } else {
      request.log.info({ statusCode, logId, reason: message }, 'request refused');
    }
    // A refused upload: do not wait for the rest of a large body, close the connection instead.
    if (!request.raw.complete) reply.header('connection', 'close');
    reply.code(statusCode).headers(headers).header('cache-control', 'no-cache').send(body);
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
