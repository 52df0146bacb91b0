import type { components } from '../../../../openapi/schema.gen.ts';
import { omitEmpty } from '../../http/json.ts';
import type { ChildRow, JobRow, MemberRow, UnitRow } from './orgchart.repository.ts';

type Schemas = components['schemas'];
export type UnitJson = Schemas['OrgUnit'];
export type UnitChildJson = Schemas['OrgUnitChild'];
export type MemberJson = Schemas['OrgMember'];
export type MemberListItemJson = Schemas['OrgMemberListItem'];
export type JobJson = Schemas['OrgJob'];

/** The org chart's envelope: every answer, errors included (those are built by the error handler). */
export interface Envelope<T> {
  data: T;
  message: string;
  status: { code: number };
}

export function envelope<T>(data: T, message = 'OK', code = 200): Envelope<T> {
  return { data, message, status: { code } };
}

const STORE_REF = { protocol: 'workspace', identifier: 'SpacesStore' } as const;

/** `workspace://SpacesStore/<uuid>`: how Alfresco names a node, here a group's or a person's. */
export const nodeRef = (uuid: string) => `${STORE_REF.protocol}://${STORE_REF.identifier}/${uuid}`;

const nodeJson = (uuid: string) => ({ id: uuid, storeRef: { ...STORE_REF } });

export function toUnitChildJson(unit: UnitRow, hasChild: boolean): UnitChildJson {
  return {
    id: unit.id,
    name: unit.name,
    groupId: nodeRef(unit.groupUuid),
    groupName: unit.groupId,
    hasChild,
    weight: unit.weight,
  };
}

/** A unit with its direct children (each without children of its own) and its ancestors, root first. */
export function toUnitJson(unit: UnitRow, children: ChildRow[], ancestors: { id: string; name: string }[]): UnitJson {
  return {
    ...toUnitChildJson(unit, children.length > 0),
    children: children.map((c) => toUnitChildJson(c, c.hasChild)),
    ancestors: ancestors.map((a) => ({ id: a.id, name: a.name })),
  };
}

/**
 * Quire stores -1 both for "never given a quota" and "unlimited" (the column's default), and a
 * person with either has no limit: the records omit `quota` then, and carry it when it is a limit.
 */
const quotaOf = (person: MemberRow) => (person.quota >= 0 ? { quota: person.quota } : {});

/** The person fields both member records carry (empty ones omitted). */
function personFields(person: MemberRow) {
  return omitEmpty({
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle,
    email: person.email,
    googleId: person.googleId,
    location: person.location,
    mobile: person.mobile,
    skypeId: person.skypeId,
    telephone: person.telephone,
  }) as { firstName: string; [field: string]: string };
}

export function toMemberJson(
  person: MemberRow,
  extra: { quotaUsed: number; units: { id: string; name: string; weight: number }[]; job: JobRow | undefined },
): MemberJson {
  return {
    userName: person.id,
    ...personFields(person),
    enabled: person.enabled,
    ...quotaOf(person),
    quotaUsed: extra.quotaUsed,
    node: nodeJson(person.nodeUuid),
    ...(extra.job ? { job: toJobJson(extra.job) } : {}),
    units: extra.units.map((u) => ({ id: u.id, name: u.name, weight: u.weight })),
  };
}

export function toMemberListItemJson(person: MemberRow, quotaUsed: number): MemberListItemJson {
  return {
    id: person.id,
    userName: person.id,
    ...personFields(person),
    ...(person.avatarId ? { avatarId: person.avatarId } : {}),
    enabled: person.enabled,
    ...quotaOf(person),
    quotaUsed,
    node: nodeJson(person.nodeUuid),
    nodeRef: nodeRef(person.nodeUuid),
  };
}

export const toJobJson = (job: JobRow): JobJson => ({ id: job.id, name: job.name });
