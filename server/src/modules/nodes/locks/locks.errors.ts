import { ApiError, badRequest } from '../../../http/errors.ts';

export const lockErrors = {
  notAFile: () => badRequest('Node of type cm:content or a subtype is expected'),
  lockedByOther: (id: string) =>
    new ApiError(
      422,
      'framework.exception.ApiDefault',
      `The node (id:${id}) could not be locked since it is already locked by another user.`,
    ),
  notLocked: (id: string) =>
    new ApiError(422, 'framework.exception.ApiDefault', `Can't unlock node ${id} because it isn't locked`),
};
