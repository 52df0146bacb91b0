import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from './openapi.ts';

/** Where the API reference is served (the page; its script and the contract as JSON and YAML below it). */
export const API_DOCS_PATH = '/api-docs';

/** Headers of the reference's own answers that describe its connection, not the answer: this server sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/**
 * The contract as a readable, searchable page at /api-docs, for anyone: the contract is no secret,
 * and "Try it" needs credentials like any client. The reference (api-docs-app.ts) is loaded on the
 * first visit and answers through `inject`, so a start does not pay for it.
 */
export function registerApiDocs(app: FastifyInstance, contract: Contract): void {
  let reference: Promise<FastifyInstance> | undefined;
  const load = () =>
    (reference ??= import('./api-docs-app.ts').then(({ buildApiDocsApp }) => buildApiDocsApp(contract)));
  app.addHook('onClose', async () => (reference ? (await reference).close() : undefined));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (
      await load()
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_HEADERS.has(name.toLowerCase()) && value !== undefined) reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get(API_DOCS_PATH, forward);
  app.get(`${API_DOCS_PATH}/*`, forward);
}
