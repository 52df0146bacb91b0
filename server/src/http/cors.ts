import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * What a client on another origin may send: the headers of Alfresco's own CORS filter
 * (`cors.allowed.headers`), which the Alfresco clients send, and those of the content
 * downloads Quire serves (ranges and revalidation, which PDF viewers use).
 */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Cache-Control',
  'X-Requested-With',
  'X-CSRF-Token',
  'Range',
  'If-Modified-Since',
  'If-None-Match',
];

/** What such a client may read beyond the safelisted headers: file names, ranges, validators, why a request was refused. */
export const CORS_EXPOSED_HEADERS = [
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
  'Content-Encoding',
  'ETag',
  'WWW-Authenticate',
  'Allow',
  'Retry-After',
];

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin access for the origins of CORS_ORIGINS (none: nothing is registered, and other
 * origins' browsers keep the answers from their scripts). Credentials are allowed, as Alfresco's
 * filter does, so the list names origins one by one: never a wildcard.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(fastifyCors, {
    // Any other origin (or none: same-origin and non-browser callers) gets no CORS header at all,
    // and its preflight is not answered.
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
  });
}
