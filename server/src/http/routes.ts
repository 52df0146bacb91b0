import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Ajv, { type ValidateFunction } from 'ajv';
import type { operations } from '../../../openapi/schema.gen.ts';
import type { Principal, RequestAuthenticator } from './principal.ts';
import { ApiError, badRequest, unsupportedMediaType } from './errors.ts';
import type { Contract, Envelope, JsonSchema, OperationSpec } from './openapi.ts';

export type OperationId = keyof operations;

type Part<K extends OperationId, P extends 'path' | 'query'> = [NonNullable<operations[K]['parameters'][P]>] extends [
  never,
]
  ? Record<string, never>
  : NonNullable<operations[K]['parameters'][P]>;

type JsonBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

export interface HandlerContext<K extends OperationId> {
  params: Part<K, 'path'>;
  query: Part<K, 'query'>;
  /** The JSON body, validated against the contract (undefined for multipart and raw bodies). */
  body: JsonBody<K>;
  /** The caller; operations without security get an anonymous principal. */
  principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the response body (or a reply it has already sent). */
export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<unknown>;

export type Handlers = { [K in OperationId]: Handler<K> };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The contract operation of the route (set on every contract route). */
    operationId?: string;
    /** How the error handler renders errors of this route. */
    envelope?: Envelope;
  }
}

const ANONYMOUS: Principal = Object.freeze({
  id: 'anonymous',
  isAdmin: false,
  homeFolderId: null,
  authorities: new Set<string>(),
});

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

/**
 * Registers one route per contract operation, with the contract's schemas for validation.
 * Throws when an operation has no handler or a handler has no operation.
 */
export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  auth: RequestAuthenticator,
): void {
  const ids = new Set(contract.operations.map((op) => op.operationId));
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length || extra.length) {
    throw new Error(
      `Contract and handlers disagree. No handler: [${missing.join(', ')}]; not in contract: [${extra.join(', ')}]`,
    );
  }

  app.decorateRequest('principal', null);
  // Many routes share the same parameter schemas (and the org chart's three prefixes share all):
  // compile each distinct schema once — compiling was a third of a cold start.
  const compileParams = compileOnce(paramsAjv);
  const compileBody = compileOnce(bodyAjv);
  app.register(async (scope) => {
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
    for (const op of contract.operations.filter((o) => !o.rawBody && o.requestBody)) route(scope, op);
  });
  // Operations that take no body accept a declared content type with none (Alfresco's clients
  // send `Content-Type: application/json` on DELETE and unlock); a body sent anyway is ignored.
  app.register(async (scope) => {
    scope.setValidatorCompiler(({ schema }) => compileParams(schema));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      done(null, undefined);
    });
    for (const op of contract.operations.filter((o) => !o.rawBody && !o.requestBody)) route(scope, op);
  });
  // Operations that read the request body as a raw stream get their own content-type parser.
  app.register(async (scope) => {
    scope.setValidatorCompiler(({ schema }) => compileParams(schema));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const op of contract.operations.filter((o) => o.rawBody)) route(scope, op);
  });

  /** One route per URL of the operation (a path item may have several servers), all with the same handler. */
  function route(scope: FastifyInstance, op: OperationSpec): void {
    for (const url of op.urls) routeAt(scope, op, url);
  }

  function routeAt(scope: FastifyInstance, op: OperationSpec, url: string): void {
    const handler = handlers[op.operationId as OperationId] as Handler<OperationId>;
    const jsonBody = op.requestBody?.['application/json'];
    const takesFields = 'fields' in op.queryParams;
    scope.route({
      method: op.method,
      url,
      config: { operationId: op.operationId, envelope: op.envelope },
      schema: {
        params: { type: 'object', properties: op.pathParams, required: Object.keys(op.pathParams) },
        querystring: { type: 'object', properties: op.queryParams },
        ...(jsonBody ? { body: { content: { 'application/json': { schema: jsonBody } } } } : {}),
      },
      // A callback hook: a caller authenticated a moment ago is known at once, without a promise.
      onRequest: (request, _reply, done) => {
        if (!op.authenticated) {
          request.principal = ANONYMOUS;
          done();
          return;
        }
        const credentials = {
          authorization: request.headers.authorization,
          alfTicket: ticketParam(request.query),
          clientAddress: request.ip,
        };
        const known = auth.remembered?.(credentials);
        if (known) {
          request.principal = known;
          done();
          return;
        }
        auth.authenticate(credentials).then((principal) => {
          request.principal = principal;
          done();
        }, done);
      },
      // Only operations with a body check its content type (a hook less for every read).
      ...(op.requestBody
        ? {
            preValidation: async (request: FastifyRequest) => {
              checkContentType(op, request);
            },
          }
        : {}),
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-cache').header('pragma', 'no-cache');
        return handler({
          params: request.params as never,
          query: (takesFields ? withFieldsAlias(request.query) : request.query) as never,
          body: request.body as never,
          principal: request.principal ?? ANONYMOUS,
          request,
          reply,
        });
      },
    });
  }
}

/** The most items a list body (create nodes, associations, favorites, site members) may carry. */
export const MAX_LIST_BODY_ITEMS = 100;

function checkContentType(op: OperationSpec, request: FastifyRequest): void {
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

/** `alf_ticket` from the query string (the first one when repeated). */
function ticketParam(query: unknown): string | undefined {
  const value = (query as { alf_ticket?: unknown } | undefined)?.alf_ticket;
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * Validators for Fastify that compile on first use (a start compiles nothing: compiling every
 * route's schemas took a third of a cold start), once per structurally equal schema.
 */
function compileOnce(ajv: Ajv): (schema: object) => (data: unknown) => boolean {
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

/** `properties=`, Alfresco's deprecated name for `fields`, which wins when both are given. */
function withFieldsAlias(query: unknown): unknown {
  const q = query as Record<string, unknown>;
  if (q.fields !== undefined || q.properties === undefined) return query;
  return { ...q, fields: Array.isArray(q.properties) ? q.properties : [String(q.properties)] };
}
