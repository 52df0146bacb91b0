import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema.gen.ts';
import { config } from './config.ts';
import { session, ticketAuthorization } from './session.ts';

/**
 * Adds the session's ticket as `Authorization: Basic base64(ticket)`; a 401 on a call that carried
 * it means the ticket has expired or was deleted: the session ends (the app then asks to sign in).
 */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const current = session.get();
    if (current && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', ticketAuthorization(current.ticket));
    }
    return request;
  },
  onResponse({ request, response }) {
    const current = session.get();
    if (
      response.status === 401 &&
      current &&
      request.headers.get('Authorization') === ticketAuthorization(current.ticket)
    ) {
      session.clear();
    }
    return response;
  },
};

/** The one typed client over the contract. */
// `fetch` is looked up on each call, so tests can stub it.
// Arrays go comma-separated (`include=path,isLocked`), as the contract (form, explode: false) and Alfresco want.
export const api = createClient<paths>({
  baseUrl: config.apiBaseUrl,
  fetch: (request) => globalThis.fetch(request),
  querySerializer: { array: { style: 'form', explode: false } },
});
api.use(authMiddleware);
