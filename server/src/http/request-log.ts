import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: their values never reach the log. */
const SECRET_QUERY = /([?&](?:alf_ticket|ticket|pw|password)=)[^&#]*/gi;
/** Path segments that are credentials: the token of a direct access URL. */
const SECRET_PATH = /(\/direct-access\/)[^/?#]*/gi;

/** A request as the log shows it: Fastify's fields, with credentials in the query string hidden. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
