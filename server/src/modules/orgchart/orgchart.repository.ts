import { jobQueries } from './orgchart-jobs.repository.ts';
import { memberQueries, memberReads } from './orgchart-members.repository.ts';
import { unitQueries, unitReads } from './orgchart-units.repository.ts';

/** A unit with what its record shows of its group. */
export interface UnitRow {
  id: string;
  name: string;
  weight: number;
  parentId: string | null;
  /** The group's authority name (GROUP_orgchart_<id>). */
  groupId: string;
  /** The uuid of the group's node reference. */
  groupUuid: string;
}

export interface ChildRow extends UnitRow {
  hasChild: boolean;
}

/** The person fields of a member record. */
export interface MemberRow {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  enabled: boolean;
  avatarId: string | null;
  jobTitle: string | null;
  googleId: string | null;
  location: string | null;
  mobile: string | null;
  skypeId: string | null;
  telephone: string | null;
  quota: number;
  nodeUuid: string;
}

export interface JobRow {
  id: string;
  name: string;
}

export interface NewUnit {
  id: string;
  name: string;
  weight: number;
  parentId: string | null;
  groupId: string;
  createdAt: number;
}

/** True when the error is a foreign-key violation in either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * SQL of the organisation chart: units, their members (through their groups), jobs, assembled
 * from their files. The hot lookups are compiled once per repository (unitReads, memberReads).
 */
export function createOrgchartRepository() {
  return { ...unitReads(), ...unitQueries, ...memberReads(), ...memberQueries, ...jobQueries };
}

export type OrgchartRepository = ReturnType<typeof createOrgchartRepository>;
