import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/people/passwords.ts';
import { createPeopleRepository } from '../modules/people/people.repository.ts';
import type { ApiClient } from './api-client.ts';
import { TEST_PASSWORD_HASH_COST } from './test-server.ts';

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

/** A folder whose local permissions grant these roles (e.g. `{ GROUP_EVERYONE: 'Collaborator' }`). */
export async function aSharedFolder(api: ApiClient, roles: Record<string, string>, parentId = '-root-') {
  const folder = await aFolder(api, parentId);
  const locallySet = Object.entries(roles).map(([authorityId, name]) => ({
    authorityId,
    name,
    accessStatus: 'ALLOWED',
  }));
  const res = await api.put(`/nodes/${folder.id}`, { permissions: { locallySet } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return folder;
}

/** Uploads a file through the API and returns its entry. */
export async function aFile(
  api: ApiClient,
  parentId: string,
  content: string | Buffer = 'hello world',
  name = `${uniqueName('file')}.txt`,
) {
  const res = await api.upload(parentId, name, content);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as { id: string; name: string; [key: string]: unknown };
}

/**
 * A second account for tests that need two users. People are created through the repository until
 * the people API exists (it comes with the identity issue).
 */
export async function aPerson(server: { app: { database: { db: Db } } }, id: string, password = 'pw') {
  await createPeopleRepository().insert(
    server.app.database.db,
    {
      id,
      firstName: id.charAt(0).toUpperCase() + id.slice(1),
      lastName: 'Tester',
      email: `${id}@example.com`,
      enabled: true,
      passwordHash: await hashPassword(password, TEST_PASSWORD_HASH_COST),
      homeFolderId: null,
    },
    Date.now(),
  );
}

export interface TestUser {
  id: string;
  password: string;
  /** A client signed in as this person. */
  api: ApiClient;
}

/** A person created through POST /people by an administrator's client (with a home folder). */
export async function aUser(admin: ApiClient, body: Record<string, unknown> = {}): Promise<TestUser> {
  const id = typeof body.id === 'string' ? body.id : uniqueName('user');
  const password = typeof body.password === 'string' ? body.password : `pw-${id}-secret`;
  const res = await admin.post('/people', {
    id,
    firstName: id.charAt(0).toUpperCase() + id.slice(1),
    lastName: 'Tester',
    email: `${id}@example.com`,
    password,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id, password, api: admin.as(id, password) };
}
