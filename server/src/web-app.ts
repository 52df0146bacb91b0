import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodyIn } from './http/errors.ts';
import { envelopeOfPath, methodsOfPath, type Contract } from './http/openapi.ts';
import { redactCredentials } from './http/request-log.ts';

/**
 * Security headers of the web app's answers (its HTML, scripts and styles, and the fallback to
 * index.html): API answers are outside this scope and keep their own (content downloads carry a
 * sandboxing CSP of their own). Scripts come from this origin only; styles may be inline because
 * MUI's emotion inserts <style> elements at run time (a nonce would need index.html rendered per
 * request; scripts stay strict, so an injected style cannot run code). HSTS is left to the proxy
 * that terminates TLS.
 */
export const WEB_APP_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
};

/**
 * The web app from dist/, with index.html for client-side routes and the security headers of
 * WEB_APP_HEADERS; API paths get JSON 404s (in the org chart's envelope under its prefixes).
 */
export async function serveWebApp(fastify: FastifyInstance, contract: Contract, webRoot: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  if (!hasWebApp) {
    fastify.setNotFoundHandler(notFoundHandler(contract, false));
    return;
  }
  await fastify.register(async (web) => {
    // Not global: every file of the app has the headers (its routes are registered below), and so
    // has the index.html of a client-side route, but not the JSON 404s of unknown API paths.
    web.addHook('onRoute', (route) => {
      route.helmet ??= {};
    });
    await web.register(fastifyHelmet, { ...WEB_APP_HEADERS, global: false });
    await web.register(fastifyStatic, { root: webRoot, wildcard: false, index: ['index.html'] });
    web.setNotFoundHandler(notFoundHandler(contract, true));
  });
}

function notFoundHandler(contract: Contract, hasWebApp: boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/alfresco/') || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && request.method === 'GET') {
      reply.helmet();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const pathname = request.url.split('?')[0]!;
    const envelope = envelopeOfPath(contract, pathname);
    // A resource that exists, asked with a method it does not support: 405, as Alfresco answers.
    const allowed = methodsOfPath(contract, pathname);
    // The path is repeated without the tickets it may carry.
    const shown = redactCredentials(pathname);
    if (allowed.length > 0) {
      const message = `The operation is unsupported: ${request.method} ${shown} (allowed: ${allowed.join(', ')})`;
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBodyIn(envelope, 405, 'framework.exception.UnsupportedResourceOperation', message));
    }
    const message = `Unsupported resource: ${request.method} ${shown}`;
    return reply.code(404).send(errorBodyIn(envelope, 404, 'framework.exception.NotFound', message));
  };
}
