import type { APIRequestContext } from '@playwright/test';

/** Seeding through the API (never the UI), as admin. */
export const API = '/alfresco/api/-default-/public/alfresco/versions/1';
export const AUTH_API = '/alfresco/api/-default-/public/authentication/versions/1';
export const ADMIN = { userId: 'admin', password: 'admin' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const adminHeaders = { Authorization: basic(ADMIN.userId, ADMIN.password) };

export interface SeededNode {
  id: string;
  name: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A folder (below Company Home unless a parent is given); unique names per run are up to the caller. */
export async function aFolder(request: APIRequestContext, name: string, parentId = '-root-'): Promise<SeededNode> {
  const body = await ok<{ entry: SeededNode }>(
    await request.post(`${API}/nodes/${parentId}/children`, {
      headers: adminHeaders,
      data: { name, nodeType: 'cm:folder' },
    }),
  );
  return body.entry;
}

/** Many folders at once (a request per 100: a list body holds at most 100 items). */
export async function manyFolders(request: APIRequestContext, parentId: string, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 100) {
    await ok(
      await request.post(`${API}/nodes/${parentId}/children`, {
        headers: adminHeaders,
        data: names.slice(i, i + 100).map((name) => ({ name, nodeType: 'cm:folder' })),
      }),
    );
  }
}

/** A file with text content (multipart upload). */
export async function aFile(
  request: APIRequestContext,
  parentId: string,
  name: string,
  text: string,
): Promise<SeededNode> {
  const body = await ok<{ entry: SeededNode }>(
    await request.post(`${API}/nodes/${parentId}/children`, {
      headers: adminHeaders,
      multipart: { filedata: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
    }),
  );
  return body.entry;
}

export async function lock(request: APIRequestContext, nodeId: string): Promise<void> {
  await ok(await request.post(`${API}/nodes/${nodeId}/lock`, { headers: adminHeaders, data: {} }));
}

export async function favorite(request: APIRequestContext, nodeId: string): Promise<void> {
  await ok(
    await request.post(`${API}/people/-me-/favorites`, {
      headers: adminHeaders,
      data: { target: { file: { guid: nodeId } } },
    }),
  );
}

/** A ticket for admin, as the app would get it. */
export async function adminTicket(request: APIRequestContext): Promise<string> {
  return ticketFor(request, ADMIN.userId, ADMIN.password);
}

/** A ticket for anyone (the demo people's password is `demo`). */
export async function ticketFor(request: APIRequestContext, userId: string, password = 'demo'): Promise<string> {
  const body = await ok<{ entry: { id: string } }>(
    await request.post(`${AUTH_API}/tickets`, { data: { userId, password } }),
  );
  return body.entry.id;
}

/** The document library of a site (its `documentLibrary` container). */
export async function siteLibrary(request: APIRequestContext, siteId: string): Promise<string> {
  const body = await ok<{ entry: { id: string } }>(
    await request.get(`${API}/sites/${siteId}/containers/documentLibrary`, { headers: adminHeaders }),
  );
  return body.entry.id;
}

/** The names of a folder's children, as admin sees them. */
export async function childNames(request: APIRequestContext, parentId: string): Promise<string[]> {
  const body = await ok<{ list: { entries: { entry: SeededNode }[] } }>(
    await request.get(`${API}/nodes/${parentId}/children?maxItems=1000`, { headers: adminHeaders }),
  );
  return body.list.entries.map((e) => e.entry.name);
}

export async function deleteTicket(request: APIRequestContext, ticket: string): Promise<void> {
  const response = await request.delete(`${AUTH_API}/tickets/-me-`, {
    headers: { Authorization: `Basic ${Buffer.from(ticket).toString('base64')}` },
  });
  if (response.status() !== 204) throw new Error(`sign out answered ${response.status()}`);
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Sets a node's permissions (inheritance and the complete locallySet), as admin. */
export async function setPermissions(
  request: APIRequestContext,
  nodeId: string,
  permissions: { isInheritanceEnabled: boolean; locallySet: { authorityId: string; name: string }[] },
): Promise<void> {
  await ok(await request.put(`${API}/nodes/${nodeId}`, { headers: adminHeaders, data: { permissions } }));
}

/** Files a node under another folder too (a secondary child association). */
export async function secondaryChild(request: APIRequestContext, parentId: string, childId: string): Promise<void> {
  await ok(
    await request.post(`${API}/nodes/${parentId}/secondary-children`, {
      headers: adminHeaders,
      data: { childId, assocType: 'cm:contains' },
    }),
  );
}

/** A person made by admin (password `demo`). */
export async function aPerson(
  request: APIRequestContext,
  id: string,
  over: Record<string, unknown> = {},
): Promise<{ id: string; displayName: string }> {
  const body = await ok<{ entry: { id: string; displayName: string } }>(
    await request.post(`${API}/people`, {
      headers: adminHeaders,
      data: { id, firstName: 'Test', lastName: id, email: `${id}@example.com`, password: 'demo', ...over },
    }),
  );
  return body.entry;
}

/** Calls the API as someone else (Basic with their password). */
export async function callAs(
  request: APIRequestContext,
  userId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  password = 'demo',
): Promise<{ entry: { id: string } }> {
  const response = await request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: basic(userId, password) },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? { entry: { id: '' } } : ((await response.json()) as { entry: { id: string } });
}
