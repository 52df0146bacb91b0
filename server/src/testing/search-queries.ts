import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

/** The search API's path (Alfresco search API v1). */
export const SEARCH = '/alfresco/api/-default-/public/search/versions/1/search';

/** The names of what an AFTS query finds below `rootId`, sorted; a refused search fails the test. */
export async function namesFound(api: ApiClient, rootId: string, query: string): Promise<string[]> {
  const res = await api.post(SEARCH, { query: { query }, filterQueries: [{ query: `ANCESTOR:"${rootId}"` }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.list.entries as { entry: { name: string } }[]).map((e) => e.entry.name).sort();
}

/** Uploads a file into `parentId` and expects a 201: the new node's id and name. */
export async function uploaded(
  api: ApiClient,
  parentId: string,
  name: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
): Promise<{ id: string; name: string }> {
  const res = await api.upload(parentId, name, content, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as { id: string; name: string };
}
