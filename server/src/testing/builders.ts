import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

let counter = 0;
/** A unique, valid node name. */
export const uniqueName = (prefix = 'node') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** Creates a folder through the API and returns its entry. */
export async function aFolder(api: ApiClient, parentId = '-root-', body: Record<string, unknown> = {}) {
  const res = await api.post(`/nodes/${parentId}/children`, {
    name: uniqueName('folder'),
    nodeType: 'cm:folder',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as { id: string; name: string; [key: string]: unknown };
}

/** Uploads a file through the API and returns its entry. */
export async function aFile(
  api: ApiClient,
  parentId: string,
  content = 'hello world',
  name = `${uniqueName('file')}.txt`,
) {
  const res = await api.upload(parentId, name, content);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as { id: string; name: string; [key: string]: unknown };
}
