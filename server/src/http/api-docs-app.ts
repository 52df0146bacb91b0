import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import scalarApiReference from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from './api-docs.ts';
import type { Contract } from './openapi.ts';

/**
 * Runs in the reference's page, before the reference starts (served as `theme.js`): it takes the
 * web app's colour scheme (MUI keeps it in `mui-mode`: light, dark or system) as the reference's
 * (Scalar reads `colorMode`), so the page looks as the app does.
 */
const THEME_SCRIPT = `try {
  var mode = localStorage.getItem('mui-mode');
  if (mode === 'light' || mode === 'dark' || mode === 'system') localStorage.setItem('colorMode', mode);
} catch (e) {}
`;

// The browser's globals that fetchWithSessionTicket uses (the server is compiled without the DOM's types).
declare const localStorage: { getItem(key: string): string | null };
declare const location: { href: string; origin: string };

/**
 * The reference's fetch ("Try it", and loading the contract), run in the browser: Scalar writes
 * its source into the page. A same-origin request without credentials of its own carries the
 * ticket of the web app's session in this browser (`quire.session`, see src/lib/session.ts), as
 * the app sends it; requests to other origins never do.
 */
function fetchWithSessionTicket(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  let ticket: unknown;
  try {
    ticket = (JSON.parse(localStorage.getItem('quire.session') ?? 'null') as { ticket?: unknown } | null)?.ticket;
  } catch {
    ticket = undefined;
  }
  const isSameOrigin = new URL(request.url, location.href).origin === location.origin;
  if (typeof ticket === 'string' && isSameOrigin && !request.headers.has('authorization')) {
    request.headers.set('authorization', `Basic ${btoa(ticket)}`);
  }
  return fetch(request);
}

const METHODS = new Set(['get', 'put', 'post', 'delete']);

/**
 * The contract as the reference shows it: every path in full from the origin
 * (`/alfresco/api/-default-/public/alfresco/versions/1/nodes/{nodeId}`, `/alfresco/api/discovery`),
 * under one server, the origin itself. The contract's own servers (per path item: the
 * authentication API, discovery, the web scripts, the org chart's prefixes) are lost on the
 * reference's "Try it" otherwise; a path served under several prefixes is shown under the first,
 * and its operations name the others.
 */
export function forReference(document: Record<string, unknown>): Record<string, unknown> {
  const base = (document.servers as { url: string }[])[0]!.url;
  const paths = Object.entries(document.paths as Record<string, Record<string, unknown>>).map(([path, item]) => {
    const { servers, ...rest } = item;
    const bases = (servers as { url: string }[] | undefined)?.map((s) => s.url) ?? [base];
    const others = bases.slice(1).map((b) => `\`${b}${path}\``);
    const operations = Object.entries(rest).map(([key, value]) => {
      if (!METHODS.has(key) || others.length === 0) return [key, value];
      const op = value as { description?: string };
      const also = `Also served as ${others.join(' and ')}.`;
      return [key, { ...op, description: op.description ? `${op.description}\n\n${also}` : also }];
    });
    return [`${bases[0]}${path}`, Object.fromEntries(operations)];
  });
  return { ...document, servers: [{ url: '/', description: 'This server' }], paths: Object.fromEntries(paths) };
}

/**
 * The page's Content-Security-Policy: scripts from this origin and the page's own inline start-up
 * script, pinned by its hash (its text is the same on every request); styles inline, as the
 * reference sets them on elements; every request to this origin only (no fonts, telemetry or
 * proxies from elsewhere: it works offline).
 */
export function apiDocsCsp(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The API reference as a Fastify instance of its own (Scalar's plugin, its script served from the
 * package: no CDN), built on the first visit: loading the reference costs more than the rest of a
 * start. Its headers and its CSP concern its own answers only.
 */
export async function buildApiDocsApp(contract: Contract): Promise<FastifyInstance> {
  const docs = Fastify({ logger: false });
  await docs.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  const etags = new Map<string, string>();
  docs.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type'));
    if (type.startsWith('text/html')) {
      const html = payload.replace('</head>', `  <script src="${API_DOCS_PATH}/theme.js"></script>\n  </head>`);
      reply.header('content-security-policy', apiDocsCsp(html));
      return html;
    }
    // The reference's script (4 MB) is fetched again only when it changed.
    if (type.startsWith('application/javascript') && payload.length > 100_000) {
      let etag = etags.get(request.url);
      if (!etag) {
        etag = `"${createHash('sha256').update(payload).digest('base64url')}"`;
        etags.set(request.url, etag);
      }
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return '';
      }
    }
    return payload;
  });
  docs.get(`${API_DOCS_PATH}/theme.js`, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(THEME_SCRIPT),
  );
  await docs.register(scalarApiReference, {
    routePrefix: API_DOCS_PATH,
    configuration: {
      content: forReference(contract.document),
      pageTitle: 'Quire API reference',
      withDefaultFonts: false,
      telemetry: false,
      hideDarkModeToggle: true,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      customFetch: fetchWithSessionTicket,
    },
  });
  await docs.ready();
  return docs;
}
