import { ApiError } from '../../http/errors.ts';

/** Coded errors of the organisation chart (rendered in its envelope: the code is in the log). */
export const orgchartErrors = {
  unitNotFound: (id: string) => new ApiError(404, 'orgchart.unitNotFound', `Unit ${id} was not found`),
  noRoot: () => new ApiError(404, 'orgchart.noRoot', 'The organisation has no root unit yet'),
  memberNotFound: (username: string) =>
    new ApiError(404, 'orgchart.memberNotFound', `Person ${username} was not found`),
  jobNotFound: (id: string) => new ApiError(404, 'orgchart.jobNotFound', `Job ${id} was not found`),
  notInUnit: (username: string, unitId: string) =>
    new ApiError(404, 'orgchart.notInUnit', `${username} is not a member of unit ${unitId}`),
  noJob: (username: string) => new ApiError(404, 'orgchart.noJob', `${username} has no job`),
  adminOnly: () => new ApiError(403, 'orgchart.adminOnly', 'Only administrators can change the organisation chart'),
  cycle: (id: string, parentId: string) =>
    new ApiError(
      400,
      'orgchart.cycle',
      `Unit ${id} cannot move under ${parentId}: that is itself or one of its subunits`,
    ),
  rootHasNoParent: () => new ApiError(400, 'orgchart.rootHasNoParent', 'The root unit cannot be moved'),
  unitExists: (id: string) => new ApiError(409, 'orgchart.unitExists', `Unit ${id} already exists`),
  groupExists: (groupId: string) =>
    new ApiError(409, 'orgchart.groupExists', `Group ${groupId} already exists: choose another unit id`),
  rootExists: (rootId: string) =>
    new ApiError(409, 'orgchart.rootExists', `The organisation has a root unit already (${rootId}): give a parentId`),
  unitNotEmpty: (id: string, what: string) =>
    new ApiError(409, 'orgchart.unitNotEmpty', `Unit ${id} still has ${what}: it can be deleted only when empty`),
  alreadyMember: (username: string, unitId: string) =>
    new ApiError(409, 'orgchart.alreadyMember', `${username} is already a member of unit ${unitId}`),
  jobExists: (id: string) => new ApiError(409, 'orgchart.jobExists', `Job ${id} already exists`),
  jobInUse: (id: string, holders: number) =>
    new ApiError(
      409,
      'orgchart.jobInUse',
      `Job ${id} is the job of ${holders} ${holders === 1 ? 'person' : 'people'}: it cannot be deleted`,
    ),
};
