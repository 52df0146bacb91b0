import http from 'node:http';

/** Base path of the public REST API v1. */
export const API = '/alfresco/api/-default-/public/alfresco/versions/1';
export const ADMIN_AUTH = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

/** A multipart/form-data body of one text/plain file in the field `filedata`, as Alfresco's upload takes it; its headers. */
export function multipartFile(fileName: string, content: string | Buffer, boundary = 'quire-bench-boundary') {
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="${fileName}"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  };
}

export interface HttpResponse {
  status: number;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  agent?: http.Agent;
  timeoutMs?: number;
}

/** One HTTP request with node:http (low client overhead); the whole body is read as text. */
export function request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const { timeoutMs } = options;
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.end(options.body);
  });
}

/** A request that must answer `expected`; returns the parsed JSON body. */
export async function requestJson<T>(url: string, expected: number, options: RequestOptions = {}): Promise<T> {
  const res = await request(url, options);
  if (res.status !== expected) {
    const what = `${options.method ?? 'GET'} ${url}`;
    throw new Error(`${what}: expected ${expected}, got ${res.status}: ${res.body.slice(0, 500)}`);
  }
  return JSON.parse(res.body) as T;
}

/** Creates a folder under `parentId` as admin; returns its id. */
export async function createFolder(apiUrl: string, parentId: string, name: string): Promise<string> {
  const body = JSON.stringify({ name, nodeType: 'cm:folder', properties: { 'cm:title': `Benchmark ${name}` } });
  const created = await requestJson<{ entry: { id: string } }>(`${apiUrl}/nodes/${parentId}/children`, 201, {
    method: 'POST',
    headers: {
      authorization: ADMIN_AUTH,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
    body,
  });
  return created.entry.id;
}
