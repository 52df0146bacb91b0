import { applyFields, includeParam, listEnvelope, listParam, pagingParam } from '../../http/params.ts';
import { badRequest } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import { omitEmpty } from '../../http/json.ts';
import type { GroupRecord } from './groups.repository.ts';
import type { GroupsService } from './groups.service.ts';

type GroupHandlers = Pick<
  Handlers,
  | 'listGroups'
  | 'createGroup'
  | 'getGroup'
  | 'deleteGroup'
  | 'listGroupMembers'
  | 'createGroupMembership'
  | 'deleteGroupMembership'
  | 'listGroupMembershipsForPerson'
>;

function isRootParam(where: string | undefined): boolean | undefined {
  if (where === undefined) return undefined;
  const [p, ...rest] = parseWhere(where).predicates;
  if (!p || rest.length || p.kind !== 'compare' || p.operator !== '=' || p.property !== 'isRoot') {
    throw badRequest(`An invalid WHERE query was received. Only (isRoot=true|false) is supported: ${where}`);
  }
  if (p.value !== 'true' && p.value !== 'false') throw badRequest(`isRoot must be true or false: ${p.value}`);
  return (p.value === 'true') !== p.not;
}

type MembershipHandlers = Pick<GroupHandlers, 'listGroupMembers' | 'createGroupMembership' | 'deleteGroupMembership'>;

/** A group as the API shows it, with what `include` asks for. */
async function toJson(
  groups: GroupsService,
  group: GroupRecord,
  include: ReadonlySet<string>,
  hidden: readonly string[] = [],
) {
  const parentIds = await groups.parentIds(group.id, hidden);
  return omitEmpty({
    id: group.id,
    displayName: group.displayName,
    description: group.description,
    isRoot: parentIds.length === 0,
    ...(include.has('parentIds') ? { parentIds } : {}),
    ...(include.has('zones') ? { zones: ['APP.DEFAULT', 'AUTH.ALF'] } : {}),
    // A boolean: present when asked for, false included.
    ...(include.has('hasSubgroups') ? { hasSubgroups: await groups.hasSubgroups(group.id) } : {}),
  }) as { id: string; displayName: string; isRoot: boolean };
}

/** A page of groups as a list envelope (the groups hidden from the caller left out of their parents). */
async function page(
  groups: GroupsService,
  principal: Principal,
  result: { items: GroupRecord[]; total: number },
  query: { skipCount?: number; maxItems?: number; include?: string[]; fields?: string[] },
) {
  const include = includeParam(query.include);
  const paging = pagingParam(query);
  const hidden = await groups.hiddenFrom(principal);
  const json = new Map<string, object>();
  for (const g of result.items)
    json.set(g.id, applyFields(await toJson(groups, g, include, hidden), listParam(query.fields), include));
  return listEnvelope({ items: result.items, totalItems: result.total, paging }, (g) => json.get(g.id)!);
}

export function groupsRoutes(groups: GroupsService): GroupHandlers {
  return { ...groupRoutes(groups), ...membershipRoutes(groups) };
}

/** The groups: list, create, read, delete, and a person's groups. */
function groupRoutes(groups: GroupsService): Omit<GroupHandlers, keyof MembershipHandlers> {
  return {
    async listGroups({ query, principal }) {
      const isRoot = isRootParam(query.where);
      const options = { ...pagingParam(query), ...(isRoot !== undefined ? { isRoot } : {}) };
      return page(groups, principal, await groups.list(principal, options), query);
    },

    async createGroup({ query, body, principal, reply }) {
      const include = includeParam(query.include);
      const group = await groups.create(principal, body);
      return reply
        .code(201)
        .send({ entry: applyFields(await toJson(groups, group, include), listParam(query.fields), include) });
    },

    async getGroup({ params, query, principal }) {
      const include = includeParam(query.include);
      const group = await groups.loadVisible(principal, params.groupId);
      const json = await toJson(groups, group, include, await groups.hiddenFrom(principal));
      return { entry: applyFields(json, listParam(query.fields), include) };
    },

    async deleteGroup({ params, principal, reply }) {
      await groups.delete(principal, params.groupId);
      return reply.code(204).send();
    },

    async listGroupMembershipsForPerson({ params, query, principal }) {
      const personId = params.personId === '-me-' ? principal.id : params.personId;
      const paging = pagingParam(query);
      return page(
        groups,
        principal,
        await groups.ofPerson(principal, personId, paging.skipCount, paging.maxItems),
        query,
      );
    },
  };
}

/** A group's members. */
function membershipRoutes(groups: GroupsService): MembershipHandlers {
  return {
    async listGroupMembers({ params, query, principal }) {
      const paging = pagingParam(query);
      const result = await groups.members(principal, params.groupId, paging.skipCount, paging.maxItems);
      const fields = listParam(query.fields);
      return listEnvelope({ items: result.items, totalItems: result.total, paging }, (m) =>
        applyFields({ ...m }, fields, new Set()),
      );
    },

    async createGroupMembership({ params, query, body, principal, reply }) {
      const member = await groups.addMember(principal, params.groupId, body);
      return reply.code(201).send({ entry: applyFields(member, listParam(query.fields), new Set()) });
    },

    async deleteGroupMembership({ params, principal, reply }) {
      await groups.removeMember(principal, params.groupId, params.groupMemberId);
      return reply.code(204).send();
    },
  };
}
