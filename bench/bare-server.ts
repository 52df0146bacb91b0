/**
 * The baseline for the throughput benchmark: a bare Fastify server with one route answering
 * GET <API>/nodes/:nodeId with a small JSON body like Quire's (no authentication, no database,
 * no validation). Run as `node --import tsx bench/bare-server.ts` with PORT (and optionally
 * BARE_BODY, a JSON text to answer with — the benchmark passes Quire's own response).
 */
import Fastify from 'fastify';

const API = '/alfresco/api/-default-/public/alfresco/versions/1';

const SAMPLE = {
  entry: {
    id: 'c5fbb642-4383-4568-812a-052916d96d3f',
    name: 'bench-folder',
    nodeType: 'cm:folder',
    isFolder: true,
    isFile: false,
    createdAt: '2026-01-01T00:00:00.000+0000',
    createdByUser: { id: 'admin', displayName: 'Administrator' },
    modifiedAt: '2026-01-01T00:00:00.000+0000',
    modifiedByUser: { id: 'admin', displayName: 'Administrator' },
    parentId: 'd99446c8-d299-4cdd-8125-86328f85de41',
    aspectNames: ['cm:auditable', 'cm:titled'],
    properties: { 'cm:title': 'Benchmark bench-folder' },
  },
};

type Body = { entry: Record<string, unknown> };
const template = (process.env.BARE_BODY ? JSON.parse(process.env.BARE_BODY) : SAMPLE) as Body;

const app = Fastify({ logger: false });

app.get<{ Params: { nodeId: string } }>(`${API}/nodes/:nodeId`, async (request) => {
  // A fresh object per request, serialized by Fastify, as a real handler's would be.
  return { entry: { ...template.entry, id: request.params.nodeId } };
});
app.get(`${API}/probes/-ready-`, async () => ({ entry: { message: 'readyProbe: Success - Tested' } }));

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.env.PORT ?? 8081), host: process.env.HOST ?? '127.0.0.1' });
