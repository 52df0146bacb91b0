/** Query keys of the org chart; mutations invalidate through these. */
export const orgKeys = {
  all: ['orgchart'] as const,
  subunitsAll: () => [...orgKeys.all, 'subunits'] as const,
  subunits: (unitId: string) => [...orgKeys.subunitsAll(), unitId] as const,
  membersAll: () => [...orgKeys.all, 'members'] as const,
  members: (unitId: string) => [...orgKeys.membersAll(), unitId] as const,
  memberAll: () => [...orgKeys.all, 'member'] as const,
  member: (username: string) => [...orgKeys.memberAll(), username] as const,
  jobs: () => [...orgKeys.all, 'jobs'] as const,
};
