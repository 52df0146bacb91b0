import { isUniqueViolation, type Db, type DbOrTx } from '../../db/database.ts';
import type { Principal } from '../../http/principal.ts';
import { ApiError, badRequest, entityNotFound, permissionDenied } from '../../http/errors.ts';
import type { PeopleRepository } from '../people/people.repository.ts';
import type { AclsService } from '../permissions/acls.service.ts';
import { GROUP_ADMINISTRATORS, GROUP_EVERYONE, type GroupRecord, type GroupsRepository } from './groups.repository.ts';

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

/** GROUP_EVERYONE: every authenticated person; a pseudo-group with no rows. */
export const EVERYONE: GroupRecord = { id: GROUP_EVERYONE, displayName: 'EVERYONE', description: null, createdAt: 0 };

/** Whether the person is an administrator: a member of GROUP_ALFRESCO_ADMINISTRATORS, directly or through a group. */
export async function isAdministrator(db: DbOrTx, groups: GroupsRepository, personId: string): Promise<boolean> {
  return (await groups.groupsOf(db, personId)).includes(GROUP_ADMINISTRATORS);
}

const conflict = (message: string) => new ApiError(409, 'framework.exception.ConstraintViolated', message);

/** The groups of the organisation chart's units: created, nested and deleted with their units. */
const UNIT_GROUP = /^GROUP_orgchart_/i;

export function createGroupsService(deps: {
  db: Db;
  groups: GroupsRepository;
  people: PeopleRepository;
  acls: AclsService;
  /**
   * The groups the caller may not know of: those of private sites they are not a member of
   * (to anyone else such a site does not exist). Default: none.
   */
  hiddenFrom?: (principal: Principal) => Promise<string[]>;
}) {
  const { db, groups, people } = deps;
  const hiddenFrom = deps.hiddenFrom ?? (async () => []);

  /** The group as `load` finds it, 404 when the caller may not know of it. */
  async function loadVisible(principal: Principal, id: string): Promise<GroupRecord> {
    const group = await load(id);
    const hidden = await hiddenFrom(principal);
    if (hidden.some((h) => h.toLowerCase() === group.id.toLowerCase())) throw entityNotFound(id);
    return group;
  }

  function requireAdmin(principal: Principal): void {
    if (!principal.isAdmin) throw permissionDenied('Only administrators can change groups');
  }

  async function load(id: string): Promise<GroupRecord> {
    if (id.toUpperCase() === GROUP_EVERYONE) return EVERYONE;
    const group = await groups.findById(db, id);
    if (!group) throw entityNotFound(id);
    return group;
  }

  /** A group id with its GROUP_ prefix; 400 when it is not a usable name. */
  function groupId(raw: string): string {
    const id = /^GROUP_/i.test(raw) ? `GROUP_${raw.slice(6)}` : `GROUP_${raw}`;
    if (!/^GROUP_[\p{L}\p{N}_.@-]{1,100}$/u.test(id)) {
      throw badRequest(`Invalid group id: ${raw} (letters, digits, _ . @ - only)`);
    }
    return id;
  }

  return {
    load,

    loadVisible,

    hiddenFrom,

    /** The groups the group is a direct member of, less those in `hidden`. */
    async parentIds(id: string, hidden: readonly string[] = []): Promise<string[]> {
      if (id === GROUP_EVERYONE) return [];
      const skip = new Set(hidden.map((h) => h.toLowerCase()));
      return (await groups.parentIds(db, id)).filter((p) => !skip.has(p.toLowerCase()));
    },

    hasSubgroups: (id: string) => (id === GROUP_EVERYONE ? Promise.resolve(false) : groups.hasSubgroups(db, id)),

    async list(principal: Principal, options: { skipCount: number; maxItems: number; isRoot?: boolean }) {
      return groups.list(db, {
        skip: options.skipCount,
        limit: options.maxItems,
        hidden: await hiddenFrom(principal),
        ...(options.isRoot !== undefined ? { isRoot: options.isRoot } : {}),
      });
    },

    async create(
      principal: Principal,
      body: { id: string; displayName: string; description?: string; parentIds?: string[] },
    ): Promise<GroupRecord> {
      const id = groupId(body.id);
      if (!body.displayName.trim()) throw badRequest("Field 'displayName' is null/empty, but is required.");
      if (UNIT_GROUP.test(id)) throw badRequest(`${id}: GROUP_orgchart_ names the groups of organisation units`);
      requireAdmin(principal);
      if (id.toUpperCase() === GROUP_EVERYONE || (await groups.findById(db, id)))
        throw conflict(`Group ${id} already exists`);
      const parents: GroupRecord[] = [];
      for (const parentId of body.parentIds ?? []) {
        const parent = await load(parentId);
        if (parent.id === GROUP_EVERYONE) throw conflict('GROUP_EVERYONE has no members to add');
        parents.push(parent);
      }
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
    },

    async delete(principal: Principal, id: string): Promise<void> {
      requireAdmin(principal);
      const group = await load(id);
      if (group.id === GROUP_EVERYONE || BUILT_IN.has(group.id)) throw conflict(`${group.id} cannot be deleted`);
      if (/^GROUP_site_/.test(group.id)) throw conflict(`${group.id} belongs to a site: delete the site instead`);
      if (UNIT_GROUP.test(group.id))
        throw conflict(`${group.id} belongs to an organisation unit: delete the unit instead`);
      await db.transaction().execute(async (tx) => {
        await groups.delete(tx, group.id);
        // Its entries on nodes go too: a later group of the same id does not inherit its access.
        await deps.acls.forgetAuthorities(tx, [group.id]);
      });
    },

    async members(principal: Principal, id: string, skipCount: number, maxItems: number) {
      const group = await loadVisible(principal, id);
      if (group.id === GROUP_EVERYONE)
        throw badRequest('Every person is a member of GROUP_EVERYONE: list people instead');
      return groups.members(db, group.id, skipCount, maxItems, await hiddenFrom(principal));
    },

    async addMember(principal: Principal, id: string, body: { id: string; memberType: 'PERSON' | 'GROUP' }) {
      requireAdmin(principal);
      const group = await load(id);
      if (group.id === GROUP_EVERYONE) throw conflict('GROUP_EVERYONE cannot be changed');
      let member: { id: string; displayName: string };
      if (body.memberType === 'PERSON') {
        if (/^GROUP_/i.test(body.id)) throw badRequest(`${body.id} is a group, not a person`);
        const person = await people.findById(db, body.id);
        if (!person) throw entityNotFound(body.id);
        member = { id: person.id, displayName: `${person.firstName} ${person.lastName ?? ''}`.trim() };
      } else {
        const child = await load(body.id);
        if (child.id === GROUP_EVERYONE) throw badRequest('GROUP_EVERYONE cannot be a member of a group');
        if (UNIT_GROUP.test(group.id) && UNIT_GROUP.test(child.id)) throw unitNesting();
        if (child.id === group.id || (await groups.groupsOf(db, group.id)).includes(child.id)) {
          throw badRequest(`Adding ${child.id} to ${group.id} would make a cycle`);
        }
        member = { id: child.id, displayName: child.displayName };
      }
      if (await groups.isMember(db, group.id, member.id))
        throw conflict(`${member.id} is already a member of ${group.id}`);
      await groups.addMember(db, group.id, member.id, body.memberType, Date.now());
      return { ...member, memberType: body.memberType };
    },

    async removeMember(principal: Principal, id: string, memberId: string): Promise<void> {
      requireAdmin(principal);
      const group = await load(id);
      const person = /^GROUP_/i.test(memberId) ? undefined : await people.findById(db, memberId);
      const child = person ? undefined : await groups.findById(db, memberId);
      const canonical = person?.id ?? child?.id ?? memberId;
      if (child && UNIT_GROUP.test(group.id) && UNIT_GROUP.test(child.id)) throw unitNesting();
      if (!(await groups.removeMember(db, group.id, canonical))) {
        throw entityNotFound(`${memberId} in ${group.id}`);
      }
    },

    /** The groups a person is in, directly or not, by display name. */
    async ofPerson(principal: Principal, personId: string, skipCount: number, maxItems: number) {
      const person = await people.findById(db, personId);
      if (!person) throw entityNotFound(personId);
      const hidden = new Set((await hiddenFrom(principal)).map((h) => h.toLowerCase()));
      const ids = (await groups.groupsOf(db, person.id)).filter((id) => !hidden.has(id.toLowerCase()));
      return { items: await groups.listByIds(db, ids, skipCount, maxItems), total: ids.length };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
