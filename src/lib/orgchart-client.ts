import createClient from 'openapi-fetch';
import type { paths } from '../../openapi/schema.gen.ts';
import { authMiddleware } from './api-client.ts';
import { config } from './config.ts';

/**
 * The typed client of the org chart extension (`/unit…`, `/member…`, `/job…` of the contract). Those
 * paths have their own `servers` (`…/alfresco/service/api/ext/orgchart`), which openapi-fetch does
 * not read, so they get a client of their own on `config.orgchartBaseUrl`, with the same session
 * ticket. Answers are the envelope `{data, message, status}`: read them with `unwrapEnvelope`.
 */
export const orgchartApi = createClient<paths>({
  baseUrl: config.orgchartBaseUrl,
  fetch: (request) => globalThis.fetch(request),
});
orgchartApi.use(authMiddleware);
