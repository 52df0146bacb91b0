import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: their values never reach the log. */
const SECRET_QUERY = /([?&](?:alf_ticket|ticket|pw|password)=)[^&#]*/gi;
/** Path segments that are credentials: the token of a direct access URL. */
const SECRET_PATH = /(\/direct-access\/)[^/?#]*/gi;
/**
 * Path segments that carry a ticket: the classic web scripts' `…/login/ticket/{ticket}` and the
 * authentication API's `…/tickets/{ticketId}` (but `-me-`), and anything shaped like a ticket.
 */
const PATH_TICKET = /(\/(?:login\/ticket|tickets)\/)(?!-me-(?:[/?#]|$))[^/?#]+/gi;
const ANY_TICKET = /TICKET_[0-9a-z]+/gi;

/** A URL, path or message with the tickets and passwords it may carry replaced by `[redacted]`. */
export function redactCredentials(text: string): string {
  return text
    .replace(PATH_TICKET, '$1[redacted]')
    .replace(ANY_TICKET, '[redacted]')
    .replace(SECRET_PATH, '$1[redacted]')
    .replace(SECRET_QUERY, '$1[redacted]');
}

/** A request as the log shows it: Fastify's fields, with credentials in the path and query hidden. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactCredentials(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
