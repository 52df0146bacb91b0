import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

/** The three prefixes the organisation chart is served under. */
export const ORGCHART_PREFIXES = [
  '/alfresco/service/api/ext/orgchart',
  '/alfresco/s/api/ext/orgchart',
  '/api/ext/orgchart',
] as const;

/** The prefix the tests use when they are not about prefixes. */
export const OC = ORGCHART_PREFIXES[0];

export interface UnitJson {
  id: string;
  name: string;
  groupId: string;
  groupName: string;
  hasChild: boolean;
  weight: number;
  children?: UnitJson[];
}

/** Creates a unit through the API as `admin` (the root when there is no parentId). */
export async function aUnit(
  admin: ApiClient,
  body: { id?: string; name: string; parentId?: string; weight?: number },
): Promise<UnitJson> {
  const res = await admin.post(`${OC}/unit`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as UnitJson;
}

/** Adds people to a unit through the API as `admin`. */
export async function aUnitMember(admin: ApiClient, unitId: string, ...userNames: string[]): Promise<void> {
  for (const userName of userNames) {
    const res = await admin.post(`${OC}/unit/${unitId}/members`, { userName });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

/** Ids of the children of a subunits answer, in order. */
export const childIds = (res: { body: { data: { children: { id: string }[] } } }) =>
  res.body.data.children.map((c) => c.id);

/** User names of a members answer, in order. */
export const memberNames = (res: { body: { data: { userName: string }[] } }) => res.body.data.map((m) => m.userName);
