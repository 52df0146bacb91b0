import type { Db, DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { badRequest, entityNotFound } from '../../http/errors.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { addMember, createGroup, deleteGroup, removeMember, type GroupCreate } from './group-changes.service.ts';
import { hiddenFrom, load, loadVisible } from './group-lookups.ts';
import { GROUP_ADMINISTRATORS, GROUP_EVERYONE, type GroupsRepository } from './groups.repository.ts';

export { EVERYONE } from './group-lookups.ts';

export interface GroupsServiceDeps {
  db: Db;
  groups: GroupsRepository;
  people: PeopleRepository;
  acls: AclsService;
  /**
   * The groups the caller may not know of: those of private sites they are not a member of
   * (to anyone else such a site does not exist). Default: none.
   */
  hiddenFrom?: (principal: Principal) => Promise<string[]>;
}

/** Whether the person is an administrator: a member of GROUP_ALFRESCO_ADMINISTRATORS, directly or through a group. */
export async function isAdministrator(db: DbOrTx, groups: GroupsRepository, personId: string): Promise<boolean> {
  return (await groups.groupsOf(db, personId)).includes(GROUP_ADMINISTRATORS);
}

/** The groups the group is a direct member of, less those in `hidden`. */
async function parentIds(deps: GroupsServiceDeps, id: string, hidden: readonly string[] = []): Promise<string[]> {
  if (id === GROUP_EVERYONE) return [];
  const skip = new Set(hidden.map((h) => h.toLowerCase()));
  return (await deps.groups.parentIds(deps.db, id)).filter((p) => !skip.has(p.toLowerCase()));
}

async function list(
  deps: GroupsServiceDeps,
  principal: Principal,
  options: { skipCount: number; maxItems: number; isRoot?: boolean },
) {
  return deps.groups.list(deps.db, {
    skip: options.skipCount,
    limit: options.maxItems,
    hidden: await hiddenFrom(deps, principal),
    ...(options.isRoot !== undefined ? { isRoot: options.isRoot } : {}),
  });
}

async function members(deps: GroupsServiceDeps, principal: Principal, id: string, skipCount: number, maxItems: number) {
  const group = await loadVisible(deps, principal, id);
  if (group.id === GROUP_EVERYONE) throw badRequest('Every person is a member of GROUP_EVERYONE: list people instead');
  return deps.groups.members(deps.db, group.id, skipCount, maxItems, await hiddenFrom(deps, principal));
}

/** The groups a person is in, directly or not, by display name. */
async function ofPerson(
  deps: GroupsServiceDeps,
  principal: Principal,
  personId: string,
  skipCount: number,
  maxItems: number,
) {
  const { db, groups } = deps;
  const person = await deps.people.findById(db, personId);
  if (!person) throw entityNotFound(personId);
  const hidden = new Set((await hiddenFrom(deps, principal)).map((h) => h.toLowerCase()));
  const ids = (await groups.groupsOf(db, person.id)).filter((id) => !hidden.has(id.toLowerCase()));
  return { items: await groups.listByIds(db, ids, skipCount, maxItems), total: ids.length };
}

/** Groups: reads here, changes (administrators only) in group-changes.service.ts. */
export function createGroupsService(deps: GroupsServiceDeps) {
  return {
    load: (id: string) => load(deps, id),
    loadVisible: (principal: Principal, id: string) => loadVisible(deps, principal, id),
    hiddenFrom: deps.hiddenFrom ?? (async () => []),
    parentIds: (id: string, hidden: readonly string[] = []) => parentIds(deps, id, hidden),
    hasSubgroups: (id: string) =>
      id === GROUP_EVERYONE ? Promise.resolve(false) : deps.groups.hasSubgroups(deps.db, id),
    list: (principal: Principal, options: { skipCount: number; maxItems: number; isRoot?: boolean }) =>
      list(deps, principal, options),
    create: (principal: Principal, body: GroupCreate) => createGroup(deps, principal, body),
    delete: (principal: Principal, id: string) => deleteGroup(deps, principal, id),
    members: (principal: Principal, id: string, skipCount: number, maxItems: number) =>
      members(deps, principal, id, skipCount, maxItems),
    addMember: (principal: Principal, id: string, body: { id: string; memberType: 'PERSON' | 'GROUP' }) =>
      addMember(deps, principal, id, body),
    removeMember: (principal: Principal, id: string, memberId: string) => removeMember(deps, principal, id, memberId),
    ofPerson: (principal: Principal, personId: string, skipCount: number, maxItems: number) =>
      ofPerson(deps, principal, personId, skipCount, maxItems),
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
