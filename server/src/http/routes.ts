import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { operations } from '../../../openapi/schema.gen.ts';
import type { Principal, RequestAuthenticator } from './principal.ts';
import type { Contract, Envelope, OperationSpec } from './openapi.ts';
import { checkContentType, scopeSetups } from './request-body.ts';

export { MAX_LIST_BODY_ITEMS } from './request-body.ts';

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

/** What every route of the contract needs: its handler, and the authenticator of its callers. */
interface RouteDeps {
  handlers: Handlers;
  auth: RequestAuthenticator;
}

export interface RegisterOptions {
  /**
   * Plugins only the operations that take a body need (multipart uploads): registered in their
   * scope, so their hooks cost the other operations nothing.
   */
  bodyPlugins?: (scope: FastifyInstance) => PromiseLike<unknown>;
}

/**
 * Registers one route per contract operation, with the contract's schemas for validation.
 * Throws when an operation has no handler or a handler has no operation.
 */
export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  auth: RequestAuthenticator,
  options: RegisterOptions = {},
): void {
  checkHandlers(contract, handlers);
  app.decorateRequest('principal', null);
  const setups = scopeSetups();
  const deps: RouteDeps = { handlers, auth };
  const { operations } = contract;
  app.register(async (scope) => {
    setups.jsonBody(scope);
    await options.bodyPlugins?.(scope);
    for (const op of operations.filter((o) => !o.rawBody && o.requestBody)) route(scope, op, deps);
  });
  app.register(async (scope) => {
    setups.noBody(scope);
    for (const op of operations.filter((o) => !o.rawBody && !o.requestBody)) route(scope, op, deps);
  });
  app.register(async (scope) => {
    setups.rawBody(scope);
    for (const op of operations.filter((o) => o.rawBody)) route(scope, op, deps);
  });
}

/** Throws unless every operation of the contract has a handler and every handler an operation. */
function checkHandlers(contract: Contract, handlers: Handlers): void {
  const ids = new Set(contract.operations.map((op) => op.operationId));
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length || extra.length) {
    throw new Error(
      `Contract and handlers disagree. No handler: [${missing.join(', ')}]; not in contract: [${extra.join(', ')}]`,
    );
  }
}

/** One route per URL of the operation (a path item may have several servers), all with the same handler. */
function route(scope: FastifyInstance, op: OperationSpec, deps: RouteDeps): void {
  for (const url of op.urls) routeAt(scope, op, url, deps);
}

function routeAt(scope: FastifyInstance, op: OperationSpec, url: string, deps: RouteDeps): void {
  const handler = deps.handlers[op.operationId as OperationId] as Handler<OperationId>;
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
    onRequest: authenticateHook(op, deps.auth),
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

/**
 * The operation's onRequest hook, which sets the caller: a callback hook, so that a caller
 * authenticated a moment ago is known at once, without a promise.
 */
function authenticateHook(op: OperationSpec, auth: RequestAuthenticator) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!op.authenticated) {
      request.principal = ANONYMOUS;
      done();
      return;
    }
    const credentials = {
      authorization: request.headers.authorization,
      alfTicket: ticketParam(request.query),
      clientAddress: request.ip,
      connection: request.raw.socket,
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
  };
}

/** `alf_ticket` from the query string (the first one when repeated). */
function ticketParam(query: unknown): string | undefined {
  const value = (query as { alf_ticket?: unknown } | undefined)?.alf_ticket;
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? first : undefined;
}

/** `properties=`, Alfresco's deprecated name for `fields`, which wins when both are given. */
function withFieldsAlias(query: unknown): unknown {
  const q = query as Record<string, unknown>;
  if (q.fields !== undefined || q.properties === undefined) return query;
  return { ...q, fields: Array.isArray(q.properties) ? q.properties : [String(q.properties)] };
}
