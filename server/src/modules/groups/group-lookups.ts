import { ApiError, entityNotFound, permissionDenied } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { GROUP_EVERYONE, type GroupRecord } from './groups.repository.ts';
import type { GroupsServiceDeps } from './groups.service.ts';

/** What the reads and the changes of groups share: a group by id, what the caller may know of. */

/** GROUP_EVERYONE: every authenticated person; a pseudo-group with no rows. */
export const EVERYONE: GroupRecord = { id: GROUP_EVERYONE, displayName: 'EVERYONE', description: null, createdAt: 0 };

/** The groups of the organisation chart's units: created, nested and deleted with their units. */
export const UNIT_GROUP = /^GROUP_orgchart_/i;

export const conflict = (message: string) => new ApiError(409, 'framework.exception.ConstraintViolated', message);

/** The groups the caller may not know of (none unless the deps say otherwise). */
export function hiddenFrom(deps: GroupsServiceDeps, principal: Principal): Promise<string[]> {
  return deps.hiddenFrom ? deps.hiddenFrom(principal) : Promise.resolve([]);
}

export function requireAdmin(principal: Principal): void {
  if (!principal.isAdmin) throw permissionDenied('Only administrators can change groups');
}

export async function load(deps: GroupsServiceDeps, id: string): Promise<GroupRecord> {
  if (id.toUpperCase() === GROUP_EVERYONE) return EVERYONE;
  const group = await deps.groups.findById(deps.db, id);
  if (!group) throw entityNotFound(id);
  return group;
}

/** The group as `load` finds it, 404 when the caller may not know of it. */
export async function loadVisible(deps: GroupsServiceDeps, principal: Principal, id: string): Promise<GroupRecord> {
  const group = await load(deps, id);
  const hidden = await hiddenFrom(deps, principal);
  if (hidden.some((h) => h.toLowerCase() === group.id.toLowerCase())) throw entityNotFound(id);
  return group;
}
