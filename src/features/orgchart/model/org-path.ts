/** What the org chart's URL names: `/org-chart`, `/org-chart/unit/:unitId` or `/org-chart/member/:username`. */
export type OrgLocation = { kind: 'root' } | { kind: 'unit'; unitId: string } | { kind: 'member'; username: string };

/** Reads the part of the URL after `/org-chart/` (already decoded by the router). */
export function parseOrgPath(splat: string | undefined): OrgLocation | null {
  const path = (splat ?? '').replace(/\/+$/, '');
  if (path === '') return { kind: 'root' };
  const match = /^(unit|member)\/([^/]+)$/.exec(path);
  if (!match?.[2]) return null;
  return match[1] === 'unit' ? { kind: 'unit', unitId: match[2] } : { kind: 'member', username: match[2] };
}

export const unitPath = (unitId: string) => `/org-chart/unit/${encodeURIComponent(unitId)}`;
export const memberPath = (username: string) => `/org-chart/member/${encodeURIComponent(username)}`;

/** A person's name as people read it. */
export function displayName(person: { firstName?: string; lastName?: string; userName?: string; id?: string }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.userName || person.id || '';
}
