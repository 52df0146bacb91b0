import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../paths.ts';

/** The contract, loaded once: every operation with its dereferenced schemas. */
export interface OperationSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the spec writes it, relative to the server URL (`/nodes/{nodeId}`). */
  path: string;
  /** The full Fastify route (`/alfresco/api/…/nodes/:nodeId`): the first of `urls`. */
  url: string;
  /** Every route of the operation: one per server of its path item (else the document's server). */
  urls: string[];
  /** How responses and errors are wrapped: Alfresco's (`{entry}`, `{list}`, `{error}`) or the org chart's. */
  envelope: Envelope;
  authenticated: boolean;
  pathParams: Record<string, JsonSchema>;
  queryParams: Record<string, JsonSchema>;
  /** Request body schemas by content type. */
  requestBody: Record<string, JsonSchema> | undefined;
  /** The body may be left out (`requestBody.required` is not true). */
  bodyOptional: boolean;
  /** The handler reads the raw request stream (`x-raw-body`). */
  rawBody: boolean;
  /** Response body schemas by status code ('default' included). */
  responses: Record<string, JsonSchema | undefined>;
}

export type JsonSchema = Record<string, unknown>;

/** `x-envelope` of an operation: `orgchart` answers everything, errors included, as `{data, message, status}`. */
export type Envelope = 'alfresco' | 'orgchart' | 'webscript';

export interface Contract {
  basePath: string;
  document: Record<string, unknown>;
  operations: OperationSpec[];
  /** Server URLs whose operations use another envelope than Alfresco's (for paths that match no route). */
  envelopeBases: ReadonlyMap<string, Envelope>;
}

/** The envelope of a request path: that of the server URL it falls under, else Alfresco's. */
export function envelopeOfPath(contract: Contract, pathname: string): Envelope {
  // The longest base wins: the org chart's lies under the web script servlet's.
  let found: { base: string; envelope: Envelope } | undefined;
  for (const [base, envelope] of contract.envelopeBases) {
    if ((pathname === base || pathname.startsWith(`${base}/`)) && base.length > (found?.base.length ?? -1)) {
      found = { base, envelope };
    }
  }
  return found?.envelope ?? 'alfresco';
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

const routePatterns = new WeakMap<Contract, { pattern: RegExp; method: string }[]>();
/** The methods the contract serves on a request path (for a 405 when the path exists, the method not). */
export function methodsOfPath(contract: Contract, pathname: string): string[] {
  let patterns = routePatterns.get(contract);
  if (!patterns) {
    patterns = contract.operations.flatMap((op) =>
      op.urls.map((url) => {
        const source = url
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
          .join('/');
        return { pattern: new RegExp(`^${source}/?$`), method: op.method };
      }),
    );
    routePatterns.set(contract, patterns);
  }
  return [...new Set(patterns.filter((p) => p.pattern.test(pathname)).map((p) => p.method))];
}

/**
 * The contract as JSON, embedded in the server bundle when `npm run build:server` makes it
 * (scripts/build-server.ts): parsing the YAML took a third of a cold start. Undefined when the
 * server runs from its TypeScript sources, which read openapi/openapi.yaml.
 */
declare const __QUIRE_CONTRACT__: string | undefined;
const embedded = typeof __QUIRE_CONTRACT__ === 'string' ? __QUIRE_CONTRACT__ : undefined;

export function loadContract(file?: string): Contract {
  const document = (
    file === undefined && embedded !== undefined
      ? JSON.parse(embedded)
      : parse(readFileSync(file ?? path.join(PROJECT_ROOT, 'openapi', 'openapi.yaml'), 'utf8'))
  ) as Record<string, any>;
  const resolved = dereference(document, document) as Record<string, any>;
  const basePath: string = resolved.servers[0].url;
  const globalSecurity = (resolved.security ?? []) as unknown[];
  const operations: OperationSpec[] = [];
  const envelopeBases = new Map<string, Envelope>();
  for (const [path, item] of Object.entries<Record<string, any>>(resolved.paths)) {
    const shared = (item.parameters ?? []) as Record<string, any>[];
    // A path may name its own servers (the authentication API lives under another base path; the
    // org chart is served under three prefixes): each one registers the operation's route.
    const bases: string[] = item.servers?.length ? (item.servers as { url: string }[]).map((s) => s.url) : [basePath];
    const urls = bases.map((base) => base + path.replace(/\{(\w+)\}/g, ':$1'));
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...shared, ...((op.parameters ?? []) as Record<string, any>[])];
      const pick = (where: string) =>
        Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name as string, p.schema as JsonSchema]));
      const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      const envelope = envelopeOf(op['x-envelope'] ?? item['x-envelope'], op.operationId);
      if (envelope !== 'alfresco') for (const base of bases) envelopeBases.set(base, envelope);
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as OperationSpec['method'],
        path,
        url: urls[0]!,
        urls,
        envelope,
        authenticated: ((op.security ?? globalSecurity) as unknown[]).length > 0,
        pathParams: pick('path'),
        queryParams: pick('query'),
        requestBody: content && Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema])),
        bodyOptional: op.requestBody?.required !== true,
        rawBody: op['x-raw-body'] === true,
        responses: Object.fromEntries(
          Object.entries<Record<string, any>>(op.responses).map(([status, r]) => [
            status,
            r.content?.['application/json']?.schema as JsonSchema | undefined,
          ]),
        ),
      });
    }
  }
  return { basePath, document, operations, envelopeBases };
}

function envelopeOf(value: unknown, operationId: string): Envelope {
  if (value === undefined || value === 'alfresco') return 'alfresco';
  if (value === 'orgchart' || value === 'webscript') return value;
  throw new Error(`${operationId}: unknown x-envelope ${JSON.stringify(value)}`);
}

/** Replaces every internal `$ref` with the object it points to. */
function dereference(value: unknown, root: Record<string, unknown>, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => dereference(v, root, seen));
  if (typeof value !== 'object' || value === null) return value;
  const obj = value as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only internal $refs are supported: ${ref}`);
    if (seen.includes(ref)) throw new Error(`Circular $ref: ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        root,
      );
    if (target === undefined) throw new Error(`Unresolved $ref: ${ref}`);
    return dereference(target, root, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, dereference(v, root, seen)]));
}
