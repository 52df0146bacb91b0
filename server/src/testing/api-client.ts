import { contract, findOperation, validateResponse } from './contract-validator.ts';

// Tests read response bodies as loosely typed JSON; the contract validator checks their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text of a non-JSON body. */
  body: T;
  raw: Buffer;
}

export interface Credentials {
  user: string;
  password: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** null: send no Authorization header. */
  auth?: Credentials | null;
  /** A JSON body (objects) or a raw body (string, Buffer, FormData). */
  body?: unknown;
}

/** The request's URL: under the public API unless absolute; the query's defined values added. */
function requestUrl(baseUrl: string, path: string, query: RequestOptions['query']): URL {
  // Paths under /alfresco/ or /api/ are absolute (another API's base path, the org chart's
  // prefixes); the others are relative to the public API.
  const isAbsolute = path.startsWith('/alfresco/') || path.startsWith('/api/');
  const url = new URL(isAbsolute ? path : contract.basePath + path, baseUrl);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/** The request's headers (Basic authentication unless `auth: null`) and body (JSON for objects). */
function requestInit(options: RequestOptions, defaultAuth: Credentials) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const auth = options.auth === undefined ? defaultAuth : options.auth;
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  let body: RequestInit['body'] | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string' || Buffer.isBuffer(options.body)) {
    body = options.body as RequestInit['body'];
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return { headers, body };
}

/** The response, its body parsed (JSON, else text); a contract operation's is validated against the contract. */
async function readResponse(method: string, url: URL, response: Response): Promise<ApiResponse> {
  const raw = Buffer.from(await response.arrayBuffer());
  const op = findOperation(method, url.pathname);
  const status = String(response.status);
  // A status the contract declares without a JSON body (content downloads) is binary.
  const isBinary = op !== undefined && status in op.responses && op.responses[status] === undefined;
  const isJson = !isBinary && (response.headers.get('content-type') ?? '').includes('application/json');
  const parsed = isJson && raw.length ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8');
  if (op && !isBinary) {
    const problems = validateResponse(op, response.status, isJson ? parsed : undefined, url.searchParams.has('fields'));
    if (problems.length) {
      throw new Error(
        `Response does not match the contract:\n${problems.join('\n')}\n${raw.toString('utf8').slice(0, 2000)}`,
      );
    }
  }
  return { status: response.status, headers: response.headers, body: parsed, raw };
}

/**
 * The test client: requests under the public API base path; every response of a contract
 * operation is validated against the contract, and a mismatch fails the test.
 */
export function createApiClient(baseUrl: string, defaultAuth: Credentials) {
  async function request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const url = requestUrl(baseUrl, path, options.query);
    const { headers, body } = requestInit(options, defaultAuth);
    const response = await fetch(url, { method, headers, body });
    return readResponse(method, url, response);
  }

  const client = {
    request,
    get: (path: string, options?: RequestOptions) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: RequestOptions) => request('POST', path, { ...options, body }),
    put: (path: string, body?: unknown, options?: RequestOptions) => request('PUT', path, { ...options, body }),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    /** Multipart upload of one file to POST /nodes/{parentId}/children. */
    upload(
      parentId: string,
      fileName: string,
      content: string | Buffer,
      fields: Record<string, string> = {},
      options?: RequestOptions,
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('filedata', new Blob([content]), fileName);
      return request('POST', `/nodes/${parentId}/children`, { ...options, body: form });
    },
    /** A client for another user. */
    as: (user: string, password: string) => createApiClient(baseUrl, { user, password }),
  };
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
