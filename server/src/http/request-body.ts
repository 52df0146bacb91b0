import type { FastifyInstance, FastifyRequest } from 'fastify';
import Ajv, { type ValidateFunction } from 'ajv';
import { ApiError, badRequest, unsupportedMediaType } from './errors.ts';
import type { JsonSchema, OperationSpec } from './openapi.ts';

/** Ajv for path and query parameters: strings are coerced to the declared types. */
const paramsAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false });
/** Ajv for JSON bodies: no coercion, no stripping — wrong types and unknown fields are errors. */
const bodyAjv = new Ajv({
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  strict: false,
  allErrors: false,
});

type Compile = (schema: object) => (data: unknown) => boolean;

/** What each of the three route scopes (JSON body, no body, raw body) sets up: validators and content-type parsers. */
export interface ScopeSetups {
  jsonBody(scope: FastifyInstance): void;
  noBody(scope: FastifyInstance): void;
  rawBody(scope: FastifyInstance): void;
}

/**
 * The scopes' setups, over validators shared by all: many routes share the same parameter schemas
 * (and the org chart's three prefixes share all), so each distinct schema is compiled once —
 * compiling was a third of a cold start.
 */
export function scopeSetups(): ScopeSetups {
  const compileParams = compileOnce(paramsAjv);
  const compileBody = compileOnce(bodyAjv);
  return {
    jsonBody: (scope) => jsonBodyScope(scope, compileParams, compileBody),
    noBody: (scope) => noBodyScope(scope, compileParams),
    rawBody: (scope) => rawBodyScope(scope, compileParams),
  };
}

/** The scope of operations with a JSON (or multipart) body. */
function jsonBodyScope(scope: FastifyInstance, compileParams: Compile, compileBody: Compile): void {
  // A missing body is not the body schema's business: checkContentType answers it (required
  // bodies) or lets it through (optional ones).
  scope.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return compileParams(schema);
    const validate = compileBody(schema);
    const orMissing = (data: unknown): boolean => {
      const valid = data === undefined || data === null || validate(data);
      orMissing.errors = (validate as { errors?: unknown }).errors;
      return valid;
    };
    orMissing.errors = undefined as unknown;
    return orMissing;
  });
  // An empty body with a JSON type is a body left out (Alfresco's clients send the type anyway).
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body as string, done);
  });
}

/**
 * The scope of operations that take no body: they accept a declared content type with none
 * (Alfresco's clients send `Content-Type: application/json` on DELETE and unlock); a body sent
 * anyway is ignored.
 */
function noBodyScope(scope: FastifyInstance, compileParams: Compile): void {
  scope.setValidatorCompiler(({ schema }) => compileParams(schema));
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
}

/** The scope of operations that read the request body as a raw stream: a content-type parser of their own. */
function rawBodyScope(scope: FastifyInstance, compileParams: Compile): void {
  scope.setValidatorCompiler(({ schema }) => compileParams(schema));
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/** The most items a list body (create nodes, associations, favorites, site members) may carry. */
export const MAX_LIST_BODY_ITEMS = 100;

/**
 * A body's content type, checked before validation: 415 for a type the operation does not take,
 * 400 for a required body left out, 405 for a list where one object is taken, 400 for too long a list.
 */
export function checkContentType(op: OperationSpec, request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const accepted = Object.keys(op.requestBody ?? {});
  if (op.rawBody) {
    if (type.startsWith('multipart/'))
      throw unsupportedMediaType(`Content type ${type} is not supported: send the raw bytes`);
    return;
  }
  // An optional body left out (no type, or a declared one and nothing sent): the operation's defaults apply.
  // (Fastify hands an empty JSON body over as null; a JSON `null` is no body either.)
  if (request.body == null && (type === '' || (type === 'application/json' && accepted.includes(type)))) {
    if (op.bodyOptional) return;
    throw badRequest(`A request body is expected: ${accepted.join(' or ')}`);
  }
  if (!accepted.includes(type)) {
    throw unsupportedMediaType(`Content type ${type || '(none)'} is not supported; expected ${accepted.join(' or ')}`);
  }
  // A list sent to an operation that takes one object (copy, move, sites): Alfresco answers 405.
  if (Array.isArray(request.body) && !acceptsList(op.requestBody?.['application/json'])) {
    throw new ApiError(
      405,
      'framework.exception.UnsupportedResourceOperation',
      `The operation is unsupported: ${op.method} with a list body (send one object)`,
    );
  }
  if (Array.isArray(request.body) && request.body.length > MAX_LIST_BODY_ITEMS) {
    throw badRequest(
      `A list body takes at most ${MAX_LIST_BODY_ITEMS} items; this one has ${request.body.length}: send several requests`,
    );
  }
}

/** Whether a request body schema allows a JSON array (directly or as one of its alternatives). */
function acceptsList(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'array') return true;
  const alternatives = [...((schema.oneOf as JsonSchema[]) ?? []), ...((schema.anyOf as JsonSchema[]) ?? [])];
  return alternatives.some(acceptsList);
}

/**
 * Validators for Fastify that compile on first use (a start compiles nothing: compiling every
 * route's schemas took a third of a cold start), once per structurally equal schema.
 */
function compileOnce(ajv: Ajv): Compile {
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: object) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  return (schema) => {
    let validate: ValidateFunction | undefined;
    // Fastify reads the errors from the function it was given.
    const lazy = (data: unknown): boolean => {
      validate ??= compile(schema);
      const valid = validate(data);
      lazy.errors = validate.errors;
      return valid;
    };
    lazy.errors = undefined as ValidateFunction['errors'];
    return lazy;
  };
}
