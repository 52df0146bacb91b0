import { isUniqueViolation } from '../../db/database.ts';
import { lockNodeGraph } from '../../db/row-locks.ts';
import { ApiError, badRequest, entityNotFound } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { conflict, load, requireAdmin, UNIT_GROUP } from './group-lookups.ts';
import { GROUP_EVERYONE, type GroupRecord } from './groups.repository.ts';
import type { GroupsServiceDeps } from './groups.service.ts';

/** Creating and deleting groups, adding and removing members: administrators only. */

/** Unit groups hold their subunits' groups as the chart's tree says: moves go through the chart. */
const unitNesting = () =>
  new ApiError(
    409,
    'framework.exception.ConstraintViolated',
    'The organisation chart nests the groups of its units: move the unit instead',
  );

/** Groups the repository needs: they cannot be deleted. */
const BUILT_IN = new Set([
  'GROUP_ALFRESCO_ADMINISTRATORS',
  'GROUP_EMAIL_CONTRIBUTORS',
  'GROUP_SITE_ADMINISTRATORS',
  'GROUP_ALFRESCO_SEARCH_ADMINISTRATORS',
  'GROUP_ALFRESCO_MODEL_ADMINISTRATORS',
  'GROUP_ALFRESCO_SYSTEM_ADMINISTRATORS',
]);

export interface GroupCreate {
  id: string;
  displayName: string;
  description?: string;
  parentIds?: string[];
}

/** A group id with its GROUP_ prefix; 400 when it is not a usable name. */
function groupId(raw: string): string {
  const id = /^GROUP_/i.test(raw) ? `GROUP_${raw.slice(6)}` : `GROUP_${raw}`;
  if (!/^GROUP_[\p{L}\p{N}_.@-]{1,100}$/u.test(id)) {
    throw badRequest(`Invalid group id: ${raw} (letters, digits, _ . @ - only)`);
  }
  return id;
}

/** The new group's parents, each an existing group other than GROUP_EVERYONE. */
async function parentsOf(deps: GroupsServiceDeps, parentIds: string[]): Promise<GroupRecord[]> {
  const parents: GroupRecord[] = [];
  for (const parentId of parentIds) {
    const parent = await load(deps, parentId);
    if (parent.id === GROUP_EVERYONE) throw conflict('GROUP_EVERYONE has no members to add');
    parents.push(parent);
  }
  return parents;
}

export async function createGroup(deps: GroupsServiceDeps, principal: Principal, body: GroupCreate) {
  const { db, groups } = deps;
  const id = groupId(body.id);
  if (!body.displayName.trim()) throw badRequest("Field 'displayName' is null/empty, but is required.");
  if (UNIT_GROUP.test(id)) throw badRequest(`${id}: GROUP_orgchart_ names the groups of organisation units`);
  requireAdmin(principal);
  if (id.toUpperCase() === GROUP_EVERYONE || (await groups.findById(db, id)))
    throw conflict(`Group ${id} already exists`);
  const parents = await parentsOf(deps, body.parentIds ?? []);
  const group: GroupRecord = {
    id,
    displayName: body.displayName.trim(),
    description: body.description?.trim() || null,
    createdAt: Date.now(),
  };
  try {
    await db.transaction().execute(async (tx) => {
      await groups.insert(tx, group);
      for (const parent of parents) await groups.addMember(tx, parent.id, id, 'GROUP', group.createdAt);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Group ${id} already exists`);
    throw error;
  }
  return group;
}

export async function deleteGroup(deps: GroupsServiceDeps, principal: Principal, id: string): Promise<void> {
  requireAdmin(principal);
  const group = await load(deps, id);
  if (group.id === GROUP_EVERYONE || BUILT_IN.has(group.id)) throw conflict(`${group.id} cannot be deleted`);
  if (/^GROUP_site_/.test(group.id)) throw conflict(`${group.id} belongs to a site: delete the site instead`);
  if (UNIT_GROUP.test(group.id)) throw conflict(`${group.id} belongs to an organisation unit: delete the unit instead`);
  await deps.db.transaction().execute(async (tx) => {
    // Taking its entries off re-points ACLs below the nodes that named it: first the node graph's
    // lock, as permission changes and moves take it (PostgreSQL), so the nodes are read after
    // those committed (else one's change was overwritten with what was read before), and neither
    // waits for rows the other holds (503).
    await lockNodeGraph(tx);
    await deps.groups.delete(tx, group.id);
    // Its entries on nodes go too: a later group of the same id does not inherit its access.
    await deps.acls.forgetAuthorities(tx, [group.id]);
  });
}

/** The member to add to the group: a person, or a group that makes no cycle. */
async function newMember(
  deps: GroupsServiceDeps,
  group: GroupRecord,
  body: { id: string; memberType: 'PERSON' | 'GROUP' },
): Promise<{ id: string; displayName: string }> {
  if (body.memberType === 'PERSON') {
    if (/^GROUP_/i.test(body.id)) throw badRequest(`${body.id} is a group, not a person`);
    const person = await deps.people.findById(deps.db, body.id);
    if (!person) throw entityNotFound(body.id);
    return { id: person.id, displayName: `${person.firstName} ${person.lastName ?? ''}`.trim() };
  }
  const child = await load(deps, body.id);
  if (child.id === GROUP_EVERYONE) throw badRequest('GROUP_EVERYONE cannot be a member of a group');
  if (UNIT_GROUP.test(group.id) && UNIT_GROUP.test(child.id)) throw unitNesting();
  if (child.id === group.id || (await deps.groups.groupsOf(deps.db, group.id)).includes(child.id)) {
    throw badRequest(`Adding ${child.id} to ${group.id} would make a cycle`);
  }
  return { id: child.id, displayName: child.displayName };
}

export async function addMember(
  deps: GroupsServiceDeps,
  principal: Principal,
  id: string,
  body: { id: string; memberType: 'PERSON' | 'GROUP' },
) {
  requireAdmin(principal);
  const group = await load(deps, id);
  if (group.id === GROUP_EVERYONE) throw conflict('GROUP_EVERYONE cannot be changed');
  const member = await newMember(deps, group, body);
  const already = () => conflict(`${member.id} is already a member of ${group.id}`);
  try {
    await deps.db.transaction().execute(async (tx) => {
      // Checked again with both groups held: a member group deleted meanwhile is not added (its
      // deletion removes the memberships naming it once this commits, or this finds it gone), the
      // same member added meanwhile is a 409, and two additions cannot make a cycle between them.
      const held = await deps.groups.hold(tx, body.memberType === 'GROUP' ? [group.id, member.id] : [group.id]);
      if (!held.has(group.id)) throw entityNotFound(group.id);
      if (body.memberType === 'GROUP') {
        if (!held.has(member.id)) throw entityNotFound(member.id);
        if ((await deps.groups.groupsOf(tx, group.id)).includes(member.id)) {
          throw badRequest(`Adding ${member.id} to ${group.id} would make a cycle`);
        }
      }
      if (await deps.groups.isMember(tx, group.id, member.id)) throw already();
      await deps.groups.addMember(tx, group.id, member.id, body.memberType, Date.now());
    });
  } catch (error) {
    // A backstop: holding the group's row already makes a second addition of a member see the first.
    if (isUniqueViolation(error)) throw already();
    throw error;
  }
  return { ...member, memberType: body.memberType };
}

export async function removeMember(
  deps: GroupsServiceDeps,
  principal: Principal,
  id: string,
  memberId: string,
): Promise<void> {
  const { db, groups } = deps;
  requireAdmin(principal);
  const group = await load(deps, id);
  const person = /^GROUP_/i.test(memberId) ? undefined : await deps.people.findById(db, memberId);
  const child = person ? undefined : await groups.findById(db, memberId);
  const canonical = person?.id ?? child?.id ?? memberId;
  if (child && UNIT_GROUP.test(group.id) && UNIT_GROUP.test(child.id)) throw unitNesting();
  if (!(await groups.removeMember(db, group.id, canonical))) {
    throw entityNotFound(`${memberId} in ${group.id}`);
  }
}
