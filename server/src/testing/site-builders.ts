import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { aUser as aPerson, uniqueName } from './builders.ts';

export type SiteJson = { id: string; guid: string; title: string; visibility: string; [key: string]: unknown };

/** A person created through POST /people by `admin`; returns a client signed in as them. */
export async function aUser(admin: ApiClient, id: string, body: Record<string, unknown> = {}, password?: string) {
  return (await aPerson(admin, { id, ...(password ? { password } : {}), ...body })).api;
}

/** A site created by `api` (whose user becomes its SiteManager); PUBLIC unless told otherwise. */
export async function aSite(
  api: ApiClient,
  body: Record<string, unknown> = {},
  query: { skipAddToFavorites?: boolean } = {},
): Promise<SiteJson> {
  const res = await api.post(
    '/sites',
    { id: uniqueName('site'), title: uniqueName('Site'), visibility: 'PUBLIC', ...body },
    { query },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.entry as SiteJson;
}

/** Adds a member to a site through the API (the client must be allowed to). */
export async function aMember(api: ApiClient, siteId: string, personId: string, role: string): Promise<void> {
  const res = await api.post(`/sites/${siteId}/members`, { id: personId, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The node id of a site's documentLibrary (read as admin). */
export async function documentLibrary(admin: ApiClient, siteId: string): Promise<string> {
  const res = await admin.get(`/sites/${siteId}/containers/documentLibrary`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entry.id as string;
}
